import { z } from 'zod';
import { addEntrantInput, adminEventView, eventIdInput, eventInput, eventView, memberRegistration } from '../shared/events.schema';
import { cancelEntryInput } from '../shared/entries.schema';
import { disqualifyInput, reinstateInput } from '../shared/judging.schema';
import { mysteryFishView } from '../shared/competition.schema';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../server/trpc/init';

export const eventsRouter = router({
  upcoming: publicProcedure
    // Registering bumps the event's count in SQL, in the same transaction that writes the EventRegistration.
    .meta({ cache: { reads: ['Event', 'EventRegistration'] } })
    .input(z.object({ limit: z.number().int().min(1).max(100).optional() }).optional())
    .output(z.array(eventView))
    .query(({ ctx, input }) => ctx.services.events.upcoming(ctx.em, input?.limit)),

  /** One event's details (its page at /events/<id>). */
  byId: publicProcedure
    .meta({ cache: { reads: ['Event', 'EventRegistration'] } })
    .input(eventIdInput)
    .output(eventView)
    .query(({ ctx, input }) => ctx.services.events.byId(ctx.em, input.id)),

  /** Events that have started, newest first, for the results board. */
  started: publicProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).optional() }).optional())
    .output(z.array(eventView))
    .query(({ ctx, input }) => ctx.services.events.started(ctx.em, input?.limit)),

  calendar: publicProcedure
    .input(eventIdInput)
    .output(z.object({ filename: z.string(), content: z.string() }))
    .query(({ ctx, input }) => ctx.services.events.calendar(ctx.em, input.id)),

  /** The event's mystery fish: only whether there is one until the committee reveals it, then the fish and its winner. */
  mysteryFish: publicProcedure
    .input(eventIdInput)
    .output(mysteryFishView)
    .query(({ ctx, input }) => ctx.services.mysteryFish.view(ctx.em, input.id)),

  clubCode: memberProcedure
    .input(eventIdInput)
    .output(z.object({ code: z.string().nullable() }))
    .query(({ ctx, input }) => ctx.services.events.clubCode(ctx.em, ctx.actor, input.id)),

  myRegistrations: memberProcedure
    .meta({ cache: { reads: ['Member', 'EventRegistration', 'Event'], perCaller: true } })
    .output(z.array(memberRegistration))
    .query(({ ctx }) => ctx.services.entries.registrations(ctx.em, ctx.actor)),

  register: memberProcedure
    .input(eventIdInput)
    .output(memberRegistration)
    .mutation(({ ctx, input }) => ctx.services.entries.register(ctx.em, ctx.actor, input.id)),

  /** The caller's entry, or a household junior's (memberId); a fee paid online is refunded before entries close. */
  cancel: memberProcedure
    .input(cancelEntryInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.entries.cancel(ctx.em, ctx.actor, input.id, input.memberId)),
});

/** Mounted at `admin.events`. */
export const adminEventsRouter = router({
  list: adminProcedure.output(z.array(adminEventView)).query(({ ctx }) => ctx.services.events.adminList(ctx.em)),

  addEntrant: adminProcedure
    .input(addEntrantInput)
    .output(z.object({ message: z.string(), registrationId: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.entries.addEntrant(ctx.em, ctx.actor, input.id, input.memberId, input)),

  /** Disqualifies an entrant (their catches in the event stop counting); e-mailed and audited. */
  disqualify: adminProcedure
    .input(disqualifyInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.fairPlay.disqualify(ctx.em, ctx.actor, input)),

  reinstate: adminProcedure
    .input(reinstateInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.fairPlay.reinstate(ctx.em, ctx.actor, input)),

  create: adminProcedure
    .input(eventInput)
    .output(adminEventView)
    .mutation(({ ctx, input }) => ctx.services.events.create(ctx.em, ctx.actor, input)),

  setImage: adminProcedure
    .input(eventIdInput.extend({ imageUrl: z.string({ error: 'imageUrl is required.' }).max(2000, 'imageUrl is too long.') }))
    .output(adminEventView)
    .mutation(({ ctx, input }) => ctx.services.events.setImage(ctx.em, ctx.actor, input.id, input.imageUrl)),

  update: adminProcedure
    .input(eventIdInput.extend({ event: eventInput }))
    .output(adminEventView)
    .mutation(({ ctx, input }) => ctx.services.events.update(ctx.em, ctx.actor, input.id, input.event)),
});
