import { z } from 'zod';
import {
  catchComparison,
  catchView,
  myCatchesInput,
  eventResults,
  fishingSessionInput,
  judgeCatchView,
  judgeInput,
  ladderStatus,
  liveBoard,
  seasonLadder,
} from '../shared/catches.schema';
import { eventIdInput } from '../shared/events.schema';
import { judgedPage, judgedSearchInput, judgeQueueInput, reopenInput, waitingEvent, waitingEventsInput } from '../shared/judging.schema';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../server/trpc/init';

/** Catch submission itself is multipart (`POST /api/catches`), which tRPC does not carry. */
export const catchesRouter = router({
  mine: memberProcedure
    .meta({ cache: { reads: ['Member', 'Catch', 'Event'], perCaller: true } })
    .input(myCatchesInput.optional())
    .output(z.array(catchView))
    .query(({ ctx, input }) => ctx.services.catches.mine(ctx.em, ctx.actor, input?.limit, input?.cursor)),

  /** Results of an event: public, with names, sizes and photos but never positions. */
  results: publicProcedure
    .input(eventIdInput)
    .output(eventResults)
    .query(({ ctx, input }) => ctx.services.judging.results(ctx.em, input.id)),

  /** An event's live board (also streamed at GET /api/events/{id}/live): the page polls it when the stream fails. */
  liveBoard: publicProcedure
    .input(eventIdInput)
    .output(liveBoard)
    .query(({ ctx, input }) => ctx.services.judging.liveBoard(ctx.em, input.id)),

  ladder: publicProcedure
    .input(z.object({ year: z.number().int().min(2000).max(2100) }))
    .output(seasonLadder)
    .query(({ ctx, input }) => ctx.services.judging.ladder(ctx.em, input.year)),

  /** How many catches of the season's events wait for the judges: the ladder is provisional while any do. */
  ladderStatus: publicProcedure
    .input(z.object({ year: z.number().int().min(2000).max(2100) }))
    .output(ladderStatus)
    .query(({ ctx, input }) => ctx.services.judging.ladderStatus(ctx.em, input.year)),

  logSession: memberProcedure
    .input(fishingSessionInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.catches.logSession(ctx.em, ctx.actor, input)),
});

/** Mounted at `admin.catches`: the judging queue. */
export const adminCatchesRouter = router({
  /** Catches waiting for the judges, of one event or of all. */
  queue: adminProcedure
    .input(judgeQueueInput)
    .output(z.array(judgeCatchView))
    .query(({ ctx, input }) => ctx.services.judging.queue(ctx.em, input)),
  /** The events with catches waiting, today's first: the choice above 'To judge'. */
  waitingEvents: adminProcedure
    .input(waitingEventsInput)
    .output(z.array(waitingEvent))
    .query(({ ctx, input }) => ctx.services.judging.waitingEvents(ctx.em, input)),
  /** A suspected copy beside the earlier catch whose photo it copies, with how alike the photos are. */
  compare: adminProcedure
    .input(z.object({ id: z.uuid({ error: 'That is not a valid catch id.' }) }))
    .output(catchComparison)
    .query(({ ctx, input }) => ctx.services.judging.compare(ctx.em, input.id)),
  /** One catch as the judge sees it, whatever its verdict (the earlier catch a later photo copies). */
  get: adminProcedure
    .input(z.object({ id: z.uuid({ error: 'That is not a valid catch id.' }) }))
    .output(judgeCatchView)
    .query(({ ctx, input }) => ctx.services.judging.one(ctx.em, input.id)),
  judge: adminProcedure
    .input(judgeInput)
    .output(judgeCatchView)
    .mutation(({ ctx, input }) => ctx.services.judging.judge(ctx.em, ctx.actor, input)),
  /** Decided catches, newest decision first, for looking back. */
  judged: adminProcedure
    .input(judgedSearchInput)
    .output(judgedPage)
    .query(({ ctx, input }) => ctx.services.judging.judged(ctx.em, input)),
  /** Puts a decided catch back in the queue, with a reason (audited). */
  reopen: adminProcedure
    .input(reopenInput)
    .output(judgeCatchView)
    .mutation(({ ctx, input }) => ctx.services.judging.reopen(ctx.em, ctx.actor, input)),
});
