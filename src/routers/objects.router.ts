import { z } from 'zod';
import { adminProcedure, router } from '../server/trpc/init';

export const objectsRouter = router({
  /** One upload slot (SPEC §7 POST /api/objects/upload); admins upload event and section images. */
  createUpload: adminProcedure.output(z.object({ uploadURL: z.string() })).mutation(({ ctx }) => ctx.services.uploads.createUpload(ctx.em, ctx.actor)),
});
