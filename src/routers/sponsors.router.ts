import { z } from 'zod';
import {
  adminSponsor,
  publicSponsor,
  recordSponsorPaymentInput,
  renewSponsorInput,
  sponsorApplicationInput,
  sponsorInvoiceIdInput,
  sponsorReviewInput,
} from '../shared/sponsors.schema';
import { adminProcedure, publicProcedure, router } from '../server/trpc/init';

export const sponsorsRouter = router({
  active: publicProcedure
    .meta({ cache: { reads: ['Sponsor'] } })
    .output(z.array(publicSponsor))
    .query(({ ctx }) => ctx.services.sponsors.active(ctx.em)),
  register: publicProcedure
    .input(sponsorApplicationInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.sponsors.apply(ctx.em, ctx.actor, input)),
});

/** Mounted at `admin.sponsors`. */
export const adminSponsorsRouter = router({
  list: adminProcedure.output(z.array(adminSponsor)).query(({ ctx }) => ctx.services.sponsors.adminList(ctx.em)),
  review: adminProcedure
    .input(sponsorReviewInput)
    .output(adminSponsor)
    .mutation(({ ctx, input }) => ctx.services.sponsors.review(ctx.em, ctx.actor, input)),
  /** Money received outside the site for a season's invoice (cash, bank transfer, card, cheque). */
  recordPayment: adminProcedure
    .input(recordSponsorPaymentInput)
    .output(adminSponsor)
    .mutation(({ ctx, input }) => ctx.services.sponsors.recordPayment(ctx.em, ctx.actor, input)),
  /** Invoices an active sponsor for the next season (or this one) and e-mails the pay link. */
  renew: adminProcedure
    .input(renewSponsorInput)
    .output(adminSponsor)
    .mutation(({ ctx, input }) => ctx.services.sponsors.renew(ctx.em, ctx.actor, input)),
  /** A new pay link for an unpaid invoice; the old one stops working. */
  sendPayLink: adminProcedure
    .input(sponsorInvoiceIdInput)
    .output(adminSponsor)
    .mutation(({ ctx, input }) => ctx.services.sponsors.sendPayLink(ctx.em, ctx.actor, input)),
});
