import { z } from 'zod';
import {
  enterInput,
  enterResult,
  entryCaptureInput,
  entryCaptureResult,
  entryOrderInput,
  leaveWaitlistInput,
  waitlistInput,
  waitlistView,
} from '../shared/entries.schema';
import { memberProcedure, router } from '../server/trpc/init';

/** Members entering competitions: prices by the server, paying online, the waiting list. */
export const entriesRouter = router({
  /** Enters the caller, and (a household adult) the household's juniors; the answer says what is left to pay. */
  enter: memberProcedure
    .input(enterInput)
    .output(enterResult)
    .mutation(({ ctx, input }) =>
      ctx.services.entries.enter(ctx.em, ctx.actor, input.id, { memberIds: input.memberIds, payAtSignOn: input.payAtSignOn }),
    ),

  /** A provider order for exactly the caller's household's unpaid entry fees in the event. */
  createOrder: memberProcedure
    .input(entryOrderInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.entries.createOrder(ctx.em, ctx.actor, ctx.session.payer, input.id)),

  /** Only the browser or account that created the order; repeating it after a lost answer is safe. */
  capture: memberProcedure
    .input(entryCaptureInput)
    .output(entryCaptureResult)
    .mutation(({ ctx, input }) => ctx.services.entries.capture(ctx.em, ctx.actor, ctx.session.payer, input.orderId)),

  myWaitlist: memberProcedure.output(z.array(waitlistView)).query(({ ctx }) => ctx.services.entries.myWaitlist(ctx.em, ctx.actor)),

  joinWaitlist: memberProcedure
    .input(waitlistInput)
    .output(z.object({ message: z.string(), waiting: z.array(waitlistView) }))
    .mutation(({ ctx, input }) =>
      ctx.services.entries.joinWaitlist(ctx.em, ctx.actor, input.id, { memberIds: input.memberIds, payAtSignOn: input.payAtSignOn }),
    ),

  leaveWaitlist: memberProcedure
    .input(leaveWaitlistInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.entries.leaveWaitlist(ctx.em, ctx.actor, input.id, input.memberId)),
});
