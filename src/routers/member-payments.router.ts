import { z } from 'zod';
import { memberPaymentView } from '../shared/member-payments.schema';
import { memberProcedure, router } from '../server/trpc/init';

/** The portal's payment history; each receipt is a PDF download (rest/member-payments.rest.ts). */
export const memberPaymentsRouter = router({
  /** The caller's household's payments and refunds, newest first. */
  history: memberProcedure.output(z.array(memberPaymentView)).query(({ ctx }) => ctx.services.memberPayments.history(ctx.em, ctx.actor)),
});
