import {
  paymentListInput,
  paymentPage,
  paymentQuote,
  paymentQuoteInput,
  recordPaymentInput,
  recordPaymentResult,
  refundPaymentInput,
  refundPaymentResult,
} from '../shared/admin-payments.schema';
import { adminProcedure, router } from '../server/trpc/init';

/** The committee's payments: the list, money taken by hand, refunds. */
export const adminPaymentsRouter = router({
  list: adminProcedure
    .input(paymentListInput)
    .output(paymentPage)
    .query(({ ctx, input }) => ctx.services.adminPayments.list(ctx.em, input)),
  quote: adminProcedure
    .input(paymentQuoteInput)
    .output(paymentQuote)
    .query(({ ctx, input }) => ctx.services.adminPayments.quote(ctx.em, input)),
  record: adminProcedure
    .input(recordPaymentInput)
    .output(recordPaymentResult)
    .mutation(({ ctx, input }) => ctx.services.adminPayments.recordMembershipPayment(ctx.em, ctx.actor, input)),
  refund: adminProcedure
    .input(refundPaymentInput)
    .output(refundPaymentResult)
    .mutation(({ ctx, input }) => ctx.services.adminPayments.refund(ctx.em, ctx.actor, input)),
});
