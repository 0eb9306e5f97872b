import { z } from 'zod';
import { adminMemberRow, memberPage, memberSearchInput, memberUpdateInput } from '../shared/admin.schema';
import { adminProcedure, router } from '../server/trpc/init';
import { adminCatchesRouter } from './catches.router';
import { adminCmsRouter } from './cms.router';
import { adminEventsRouter } from './events.router';
import { adminSponsorsRouter } from './sponsors.router';

export const adminRouter = router({
  overview: adminProcedure
    .output(z.object({ totalUsers: z.number(), verifiedUsers: z.number(), admins: z.number() }))
    .query(({ ctx }) => ctx.services.admin.overview(ctx.em)),

  members: router({
    search: adminProcedure.input(memberSearchInput).output(memberPage).query(({ ctx, input }) => ctx.services.adminMembers.search(ctx.em, input)),
    update: adminProcedure.input(memberUpdateInput).output(adminMemberRow).mutation(({ ctx, input }) => ctx.services.adminMembers.update(ctx.em, ctx.actor, input)),
  }),
  events: adminEventsRouter,
  catches: adminCatchesRouter,
  sponsors: adminSponsorsRouter,
  cms: adminCmsRouter,
});
