import { z } from 'zod';
import {
  acceptDocumentsInput,
  documentedRegistrationInput,
  eventEntrants,
  eventEntrantsInput,
  memberDashboard,
  memberListItem,
  memberProfile,
  registrationInput,
  registrationResult,
} from '../shared/members.schema';
import { emailChangeConfirmInput, emailChangeConfirmResult, emailChangeUndoResult } from '../shared/member-records.schema';
import type { Context } from '../server/trpc/context';
import type { RegistrationRequest } from '../server/membership/members.service';
import { memberProcedure, publicProcedure, router } from '../server/trpc/init';

/** Records a join form; the household is remembered in this browser's session for the payment. */
async function register(ctx: Context, input: RegistrationRequest) {
  const result = await ctx.services.members.register(ctx.em, ctx.actor, input, ctx.session.registrationId);
  ctx.session.rememberRegistration(result.householdId);
  return result;
}

export const membersRouter = router({
  /** The join form; open to visitors. */
  register: publicProcedure
    .input(registrationInput)
    .output(registrationResult)
    .mutation(({ ctx, input }) => register(ctx, input)),

  /** POST /api/members/register with the documented body (docs/api.md: no gender, acceptances or additional people). */
  registerDocumented: publicProcedure
    .input(documentedRegistrationInput)
    .output(registrationResult)
    .mutation(({ ctx, input }) => register(ctx, input)),

  profile: memberProcedure
    .meta({ cache: { reads: ['Member', 'Household', 'Payment'], perCaller: true } })
    .output(memberProfile.nullable())
    .query(({ ctx }) => ctx.services.members.profile(ctx.em, ctx.actor)),

  /** The portal's step before paying when the household's adult has not accepted the club documents in force. */
  acceptDocuments: memberProcedure
    .input(acceptDocumentsInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.members.acceptDocuments(ctx.em, ctx.actor, input.documentsAccepted)),

  dashboard: memberProcedure
    .meta({ cache: { reads: ['Member', 'EventRegistration', 'Event', 'Catch'], perCaller: true } })
    .output(memberDashboard)
    .query(({ ctx }) => ctx.services.members.dashboard(ctx.em, ctx.actor)),

  list: memberProcedure.output(z.array(memberListItem)).query(({ ctx }) => ctx.services.members.list(ctx.em, ctx.actor)),

  /** Who is entered in an event, for the catch form's member picker (the same people as the members list may see). */
  entrants: memberProcedure
    .input(eventEntrantsInput)
    .output(eventEntrants)
    .query(({ ctx, input }) => ctx.services.members.entrants(ctx.em, ctx.actor, input.eventId)),

  /**
   * The /email-change page's POST of a change's link: the current address's proves who asked; the new address's makes
   * the change. Every session of the account ends; this browser, when it is that account's, stays signed in.
   */
  confirmEmailChange: publicProcedure
    .input(emailChangeConfirmInput)
    .output(emailChangeConfirmResult)
    .mutation(async ({ ctx, input }) => {
      const { signedIn, ...result } = await ctx.services.emailChange.confirm(ctx.em, ctx.actor, input.token);
      if (signedIn) ctx.session.start(ctx.services.auth.sessionClaims(signedIn));
      return result;
    }),

  /** The /email-change page's POST of the old address's undo link: the old address back, every session ended. */
  undoEmailChange: publicProcedure
    .input(emailChangeConfirmInput)
    .output(emailChangeUndoResult)
    .mutation(({ ctx, input }) => ctx.services.emailChange.undo(ctx.em, ctx.actor, input.token)),
});
