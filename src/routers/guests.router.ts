import { z } from 'zod';
import { catchView } from '../shared/catches.schema';
import {
  entryCaptureInput,
  guestCaptureResult,
  guestEntryInput,
  guestEntryResult,
  guestLinkInput,
  guestTokenInput,
  guestView,
  guestWaitlistInput,
  guestWaitlistResult,
} from '../shared/entries.schema';
import { publicProcedure, router } from '../server/trpc/init';

/**
 * Guests (non-members) entering one competition: the entry and its payment from the browser that made it, then
 * the e-mailed single-use link that signs the guest in to that event only (guest-entries.service).
 */
export const guestsRouter = router({
  enter: publicProcedure
    .input(guestEntryInput)
    .output(guestEntryResult)
    .mutation(({ ctx, input }) => ctx.services.guests.enter(ctx.em, ctx.actor, ctx.session, input)),

  /** A provider order for exactly the non-member fee of this browser's guest entry. */
  createOrder: publicProcedure
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx }) => ctx.services.guests.createOrder(ctx.em, ctx.session)),

  /** Only the browser that created the order; repeating it after a lost answer is safe. */
  capture: publicProcedure
    .input(entryCaptureInput)
    .output(guestCaptureResult)
    .mutation(({ ctx, input }) => ctx.services.guests.capture(ctx.em, ctx.actor, ctx.session, input.orderId)),

  /** Claims the e-mailed link (once) and signs this browser in as the guest of that one event. */
  signIn: publicProcedure
    .input(guestTokenInput)
    .output(guestView)
    .mutation(({ ctx, input }) => ctx.services.guests.signIn(ctx.em, ctx.actor, ctx.session, input.token)),

  me: publicProcedure.output(guestView.nullable()).query(({ ctx }) => ctx.services.guests.me(ctx.em, ctx.actor)),

  myCatches: publicProcedure.output(z.array(catchView)).query(({ ctx }) => ctx.services.guests.catches(ctx.em, ctx.actor)),

  signOut: publicProcedure.output(z.object({ message: z.string() })).mutation(({ ctx }) => ctx.services.guests.signOut(ctx.session)),

  /** A new link for a paid guest of the event with that address; the same answer whoever asks. */
  sendLink: publicProcedure
    .input(guestLinkInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.guests.sendNewLink(ctx.em, ctx.actor, input)),

  /** A place on a full event's waiting list for a non-member; the same person twice is refused with a sentence. */
  joinWaitlist: publicProcedure
    .input(guestWaitlistInput)
    .output(guestWaitlistResult)
    .mutation(({ ctx, input }) => ctx.services.guestWaitlist.join(ctx.em, ctx.actor, input)),
});
