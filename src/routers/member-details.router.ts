import { z } from 'zod';
import {
  addJuniorInput,
  addJuniorResult,
  householdMember,
  myDetailsInput,
  myEmailChangeInput,
  myHousehold,
  removeJuniorInput,
} from '../shared/member-details.schema';
import { emailChangeResult } from '../shared/member-records.schema';
import { memberProcedure, router } from '../server/trpc/init';

/** What members keep up to date themselves: their details, their juniors' emergency contacts, their login e-mail. */
export const memberDetailsRouter = router({
  /** The caller's household with each person's standing and what the caller may change. */
  household: memberProcedure.output(myHousehold).query(({ ctx }) => ctx.services.memberDetails.household(ctx.em, ctx.actor)),

  update: memberProcedure
    .input(myDetailsInput)
    .output(householdMember)
    .mutation(({ ctx, input }) => ctx.services.memberDetails.update(ctx.em, ctx.actor, input)),

  /** The household's adult adds a junior: a member at once where the membership covers them, else waiting for payment. */
  addJunior: memberProcedure
    .input(addJuniorInput)
    .output(addJuniorResult)
    .mutation(({ ctx, input }) => ctx.services.memberDetails.addJunior(ctx.em, ctx.actor, input)),

  removeJunior: memberProcedure
    .input(removeJuniorInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.memberDetails.removeJunior(ctx.em, ctx.actor, input.memberId)),

  /** Sends a confirmation link to the new address; the login e-mail changes once it is confirmed. */
  requestEmailChange: memberProcedure
    .input(myEmailChangeInput)
    .output(emailChangeResult)
    .mutation(({ ctx, input }) => ctx.services.memberDetails.requestEmailChange(ctx.em, ctx.actor, input)),

  cancelEmailChange: memberProcedure
    .output(emailChangeResult)
    .mutation(({ ctx }) => ctx.services.memberDetails.cancelEmailChange(ctx.em, ctx.actor)),
});
