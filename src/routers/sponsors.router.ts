import { z } from 'zod';
import { adminSponsor, publicSponsor, sponsorApplicationInput, sponsorReviewInput } from '../shared/sponsors.schema';
import { adminProcedure, publicProcedure, router } from '../server/trpc/init';

export const sponsorsRouter = router({
  active: publicProcedure.output(z.array(publicSponsor)).query(({ ctx }) => ctx.services.sponsors.active(ctx.em)),
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
});
