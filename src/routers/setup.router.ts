import { currentUser } from '../shared/auth.schema';
import { firstAdminInput, setupStatus } from '../shared/setup.schema';
import { toCurrentUser } from '../server/accounts/auth.service';
import { publicProcedure, router } from '../server/trpc/init';

/** First-run setup: open only while the club has no administrator. */
export const setupRouter = router({
  status: publicProcedure
    .meta({ cache: { reads: ['User'] } })
    .output(setupStatus)
    .query(async ({ ctx }) => ({ open: await ctx.services.setup.isOpen(ctx.em) })),

  /** Makes the first administrator with the setup code and signs them in, as a verified account's sign-in does. */
  createFirstAdmin: publicProcedure
    .input(firstAdminInput)
    .output(currentUser)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.setup.createFirstAdmin(ctx.em, ctx.actor, input);
      ctx.session.start(ctx.services.auth.sessionClaims(user));
      return toCurrentUser(user);
    }),
});
