import {
  checkInInput,
  checkInResult,
  deskEntrant,
  deskMember,
  deskGuestInput,
  deskInput,
  deskPaymentInput,
  deskView,
  deskEntryInput,
  catchLinkView,
  deskGuestWaitlistInput,
  guestWaitlistResult,
} from '../shared/entries.schema';
import { z } from 'zod';
import { adminProcedure, router } from '../server/trpc/init';

/** Mounted at `admin.signOn`: the sign-on desk on an event's morning. Members are added with admin.events.addEntrant. */
export const signOnDeskRouter = router({
  list: adminProcedure
    .input(deskInput)
    .output(deskView)
    .query(({ ctx, input }) => ctx.services.signOnDesk.list(ctx.em, input.id)),

  /** The current members the desk may sign on, with what tells them from a guest (kept on the device for Add member). */
  members: adminProcedure.output(z.array(deskMember)).query(({ ctx }) => ctx.services.signOnDesk.members(ctx.em)),

  /** One tap; the same tap again changes nothing (audited once). */
  checkIn: adminProcedure
    .input(checkInInput)
    .output(checkInResult)
    .mutation(({ ctx, input }) => ctx.services.signOnDesk.checkIn(ctx.em, ctx.actor, input)),

  /** Cash or a card at the desk for one entrant's fee (always the server's price); a retried request records once. */
  recordPayment: adminProcedure
    .input(deskPaymentInput)
    .output(z.object({ message: z.string(), entrant: deskEntrant }))
    .mutation(({ ctx, input }) => ctx.services.signOnDesk.recordPayment(ctx.em, ctx.actor, input)),

  /** Takes an entrant off the event, a paid fee refunded or recorded as handed back; a second request changes nothing. */
  remove: adminProcedure
    .input(deskEntryInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.entries.removeEntrant(ctx.em, ctx.actor, input.registrationId)),

  /** A guest's single-use catch link, for their phone to scan at the desk; a new one replaces the last. */
  catchLink: adminProcedure
    .input(deskEntryInput)
    .output(catchLinkView)
    .mutation(({ ctx, input }) => ctx.services.signOnDesk.catchLink(ctx.em, ctx.actor, input.registrationId)),

  /** A walk-up non-member, entered past the close and the capacity, to pay at the desk. */
  addGuest: adminProcedure
    .input(deskGuestInput)
    .output(deskEntrant)
    .mutation(({ ctx, input }) => ctx.services.signOnDesk.addGuest(ctx.em, ctx.actor, input)),

  /** A walk-up non-member put on a full event's waiting list, with an e-mail address or a phone number to reach them. */
  waitlistGuest: adminProcedure
    .input(deskGuestWaitlistInput)
    .output(guestWaitlistResult)
    .mutation(({ ctx, input }) => ctx.services.guestWaitlist.deskJoin(ctx.em, ctx.actor, input)),
});
