import { z } from 'zod';
import {
  authResponse,
  currentUser,
  loginInput,
  sendVerificationInput,
  setPasswordInput,
  signupInput,
  verifyTokenInput,
} from '../shared/auth.schema';
import { toCurrentUser } from '../server/accounts/auth.service';
import { memberProcedure, publicProcedure, router } from '../server/trpc/init';

export const authRouter = router({
  me: publicProcedure
    .meta({ cache: { reads: ['User'], perCaller: true } })
    .output(currentUser.nullable())
    .query(({ ctx }) => (ctx.actor.user ? toCurrentUser(ctx.actor.user) : null)),

  signup: publicProcedure
    .input(signupInput)
    .output(authResponse)
    .mutation(({ ctx, input }) => ctx.services.auth.signup(ctx.em, ctx.actor, input)),

  login: publicProcedure
    .input(loginInput)
    .output(authResponse)
    .mutation(async ({ ctx, input }) => {
      const { response, user } = await ctx.services.auth.login(ctx.em, ctx.actor, input);
      if (user) ctx.session.start(ctx.services.auth.sessionClaims(user));
      return response;
    }),

  sendVerification: publicProcedure
    .input(sendVerificationInput)
    .output(z.object({ message: z.string(), sentAt: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.auth.sendVerification(ctx.em, ctx.actor, input)),

  verifyToken: publicProcedure
    .input(verifyTokenInput)
    .output(currentUser)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.auth.verifyToken(ctx.em, ctx.actor, input);
      ctx.session.start(ctx.services.auth.sessionClaims(user));
      return toCurrentUser(user);
    }),

  setPassword: memberProcedure
    .input(setPasswordInput)
    .output(currentUser)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.auth.setPassword(ctx.em, ctx.actor, input);
      // Other devices are signed out; this one carries on with the new session version.
      ctx.session.start(ctx.services.auth.sessionClaims(user));
      return toCurrentUser(user);
    }),

  logout: publicProcedure.output(z.object({ message: z.string() })).mutation(async ({ ctx }) => {
    await ctx.services.auth.logout(ctx.em, ctx.actor);
    ctx.session.end();
    return { message: 'You have been signed out.' };
  }),
});
