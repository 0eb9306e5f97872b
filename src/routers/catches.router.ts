import { z } from 'zod';
import { catchView, fishingSessionInput, sizeLimitView } from '../shared/catches.schema';
import { memberProcedure, publicProcedure, router } from '../server/trpc/init';

/** Catch submission itself is multipart (`POST /api/catches`), which tRPC does not carry. */
export const catchesRouter = router({
  mine: memberProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional())
    .output(z.array(catchView))
    .query(({ ctx, input }) => ctx.services.catches.mine(ctx.em, ctx.actor, input?.limit)),

  sizeLimits: publicProcedure.output(z.array(sizeLimitView)).query(({ ctx }) => ctx.services.catches.sizeLimits(ctx.em)),

  logSession: memberProcedure
    .input(fishingSessionInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.catches.logSession(ctx.em, ctx.actor, input)),
});
