import type { FastifyInstance } from 'fastify';
import { CALENDAR_FEED_PREFIX } from '../../shared/calendar-feed.schema';
import { etagMatches } from '../platform/content-cache';
import { UNKNOWN_FEED } from '../events/calendar-feed.service';
import type { ContextDeps } from '../trpc/context';
import { callService } from './call';

type FeedParams = { Params: { file: string } };

/**
 * A member's calendar subscription, `/api/calendar/<token>.ics`: no session (calendar apps have none), the private
 * address is the key. Revalidated with its ETag on every refresh (304 when nothing changed); an unknown or reset
 * address answers 404.
 */
export function registerCalendarRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get<FeedParams>(`${CALENDAR_FEED_PREFIX}:file`, async (req, reply) => {
    const token = /^(.+)\.ics$/i.exec(req.params.file)?.[1];
    if (!token) return reply.code(404).send({ message: UNKNOWN_FEED });
    return callService(deps, req, reply, async (ctx) => {
      const { ics, etag } = await ctx.services.calendarFeeds.feed(ctx.em, token);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="club-calendar.ics"').send(ics);
    });
  });
}
