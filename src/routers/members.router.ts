import { z } from 'zod';
import { documentedRegistrationInput, memberDashboard, memberListItem, memberProfile, registrationInput, registrationResult } from '../shared/members.schema';
import { memberProcedure, publicProcedure, router } from '../server/trpc/init';

export const membersRouter = router({
  /** The join form; open to visitors. The household is remembered in the session for the payment. */
  register: publicProcedure
    .input(registrationInput)
    .output(registrationResult)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.members.register(ctx.em, ctx.actor, input, ctx.session.registrationId);
      ctx.session.rememberRegistration(result.householdId);
      return result;
    }),

  /** POST /api/members/register with SPEC §7's body (no gender, acceptances or additional people). */
  registerDocumented: publicProcedure
    .input(documentedRegistrationInput)
    .output(registrationResult)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.members.register(ctx.em, ctx.actor, input, ctx.session.registrationId);
      ctx.session.rememberRegistration(result.householdId);
      return result;
    }),

  profile: memberProcedure.output(memberProfile.nullable()).query(({ ctx }) => ctx.services.members.profile(ctx.em, ctx.actor)),

  dashboard: memberProcedure.output(memberDashboard).query(({ ctx }) => ctx.services.members.dashboard(ctx.em, ctx.actor)),

  list: memberProcedure.output(z.array(memberListItem)).query(({ ctx }) => ctx.services.members.list(ctx.em)),
});
