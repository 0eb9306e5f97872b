import { z } from 'zod';
import { payLinkCaptureInput, payLinkInput, payLinkInvoice, sponsorAddressInput } from '../shared/sponsors.schema';
import { publicProcedure, router } from '../server/trpc/init';

/** A sponsor's pay link: the secret in the link is the only key; each lookup is rate limited per address. */
export const sponsorshipsRouter = router({
  invoice: publicProcedure
    .input(payLinkInput)
    .output(payLinkInvoice)
    .query(({ ctx, input }) => ctx.services.sponsors.invoice(ctx.em, ctx.actor, input.token)),

  /** A provider order for exactly the invoice's amount. */
  createOrder: publicProcedure
    .input(payLinkInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.sponsors.createOrder(ctx.em, ctx.actor, input.token)),

  /** Only the invoice's current order; repeating it after a lost answer is safe. */
  capture: publicProcedure
    .input(payLinkCaptureInput)
    .output(payLinkInvoice)
    .mutation(({ ctx, input }) => ctx.services.sponsors.capture(ctx.em, ctx.actor, input.token, input.orderId)),

  /** The applicant proves the contact address from the link mailed to it; invoices waiting for it go out. */
  confirmAddress: publicProcedure
    .input(sponsorAddressInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.sponsors.confirmAddress(ctx.em, ctx.actor, input.token)),
});
