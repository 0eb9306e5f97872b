import { z } from 'zod';
import { objectUrl } from '../server/services/object-keys';
import { adminProcedure, router } from '../server/trpc/init';

export const objectsRouter = router({
  /** One upload slot (SPEC §7 POST /api/objects/upload); admins upload event and section images. */
  createUpload: adminProcedure
    .output(z.object({ uploadURL: z.string() }))
    .mutation(({ ctx }) => ctx.services.uploads.createUpload(ctx.em, ctx.actor)),

  /** Turns an uploaded file into a processed image (re-encoded, metadata dropped) and gives its public address: section images, sponsor logos. */
  finishImage: adminProcedure
    .input(
      z.object({
        uploadURL: z.string({ error: 'uploadURL is required.' }).min(1, 'uploadURL is required.').max(2000, 'uploadURL is too long.'),
      }),
    )
    .output(z.object({ url: z.string() }))
    .mutation(async ({ ctx, input }) => ({ url: objectUrl(await ctx.services.uploads.takeImage(ctx.em, ctx.actor, input.uploadURL)) })),
});
