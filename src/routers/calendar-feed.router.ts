import { calendarFeedView } from '../shared/calendar-feed.schema';
import { memberProcedure, router } from '../server/trpc/init';

/** The member's private calendar address; the feed itself is served at /api/calendar/<token>.ics (rest/calendar.rest.ts). */
export const calendarFeedRouter = router({
  mine: memberProcedure.output(calendarFeedView).query(({ ctx }) => ctx.services.calendarFeeds.mine(ctx.em, ctx.actor)),

  /** A new address, for one shared by mistake: the old one answers 404 from now on. */
  reset: memberProcedure.output(calendarFeedView).mutation(({ ctx }) => ctx.services.calendarFeeds.reset(ctx.em, ctx.actor)),
});
