import { z } from 'zod';
import { objectUrl } from '../server/platform/object-keys';
import { adminProcedure, router } from '../server/trpc/init';

export const objectsRouter = router({
  /** One upload slot (POST /api/objects/upload); admins upload event and section images. */
  createUpload: adminProcedure
    .output(z.object({ uploadURL: z.string() }))
    .mutation(({ ctx }) => ctx.services.uploads.createUpload(ctx.em, ctx.actor)),

  /**
   * Turns an uploaded file into a processed image (re-encoded, metadata dropped) and gives its public address and size
   * in pixels: section images, sponsor logos, images placed in text.
   */
  finishImage: adminProcedure
    .input(
      z.object({
        uploadURL: z.string({ error: 'uploadURL is required.' }).min(1, 'uploadURL is required.').max(2000, 'uploadURL is too long.'),
      }),
    )
    .output(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const { key, width, height } = await ctx.services.uploads.takeSizedImage(ctx.em, ctx.actor, input.uploadURL);
      return { url: objectUrl(key), width, height };
    }),
});
