import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { eventIdInput } from '../../shared/events.schema';
import { watchBoardChanges } from '../competition/board-changes';
import { LiveBoards } from '../competition/live-boards';
import type { ContextDeps } from '../trpc/context';
import { callService } from './call';

/**
 * The live boards of this instance (listening for every instance's changes) and their stream route. A shutdown ends
 * the streams as it begins (their browsers reconnect elsewhere, or here once restarted), so it never waits on them.
 */
export async function registerLiveBoards(app: FastifyInstance, orm: MikroORM, deps: ContextDeps): Promise<LiveBoards> {
  const boards = new LiveBoards(
    orm.config.get('clientUrl'),
    (eventId) => deps.services.judging.liveBoard(deps.em.fork(), eventId),
    app.log,
  );
  await boards.start();
  // Every write this instance commits tells every instance's boards what it may have changed.
  const changes = watchBoardChanges(orm.em);
  app.addHook('onClose', async () => changes.stop());
  app.onDrain(() => boards.endStreams());
  app.addHook('preClose', async () => boards.endStreams());
  app.addHook('onClose', async () => boards.close());
  registerLiveBoardRoutes(app, deps, boards);
  return boards;
}

/**
 * GET /api/events/{id}/live: an event's live board as server-sent events, public like the results (a TV at the
 * ramp, a script, the event's page): a `board` event with the whole board at once, then one per change, and a
 * comment as a heartbeat. A malformed id is 400 and an unknown event 404, as JSON, before any stream starts.
 */
export function registerLiveBoardRoutes(app: FastifyInstance, deps: ContextDeps, boards: LiveBoards): void {
  app.get<{ Params: { id: string } }>('/api/events/:id/live', async (req, reply) => {
    const feed = await callService(deps, req, reply, async () => {
      const { id } = eventIdInput.parse({ id: req.params.id });
      if (boards.full) {
        reply.header('retry-after', '30');
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The live board has too many followers on this server just now. Please try again shortly.',
        );
      }
      return boards.open(id);
    });
    if (!feed) return reply;
    // From here the stream is written by hand: Fastify's answer (and its compression) would wait for an end.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      // Tells nginx and the like not to hold the events back in a buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const stop = boards.follow(feed, {
      write: (text) => void res.write(text),
      end: () => res.end(),
      get backlog() {
        return res.writableLength;
      },
    });
    res.once('close', stop);
  });
}
