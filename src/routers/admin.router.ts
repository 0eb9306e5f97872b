import { z } from 'zod';
import { adminProcedure, router } from '../server/trpc/init';
import { adminCatchesRouter } from './catches.router';
import { adminCmsRouter } from './cms.router';
import { adminEventsRouter } from './events.router';
import { adminSponsorsRouter } from './sponsors.router';

export const adminRouter = router({
  overview: adminProcedure
    .output(z.object({ totalUsers: z.number(), verifiedUsers: z.number(), admins: z.number() }))
    .query(({ ctx }) => ctx.services.admin.overview(ctx.em)),

  events: adminEventsRouter,
  catches: adminCatchesRouter,
  sponsors: adminSponsorsRouter,
  cms: adminCmsRouter,
});
