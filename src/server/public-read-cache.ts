import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clubToday } from '../shared/dates';
import type { Clock } from './clock';
import { etagMatches, type ContentCache } from './services/content-cache';

/** tRPC procedures whose answer comes from the content cache and depends on nothing about the caller. */
const PUBLIC_PROCEDURES = new Set([
  'events.upcoming',
  'cms.sections',
  'cms.pages',
  'cms.page',
  'cms.news',
  'cms.settings',
  'sponsors.active',
]);
/** Their REST shims (the `callPublicRead` routes). */
const PUBLIC_PATHS = new Set(['/api/events/upcoming', '/api/content/pages', '/api/settings', '/api/news', '/api/sponsors/active']);
const PUBLIC_PREFIX = '/api/content/sections/';
/** What a kept answer carries besides its bytes (never a cookie). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'];

/** True for a GET of a public read, whose answer depends on nothing about the caller. */
export function isPublicRead(req: FastifyRequest): boolean {
  // A streaming tRPC client (trpc-accept) gets another format: leave it to tRPC.
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return false;
  const query = req.url.indexOf('?');
  const path = query === -1 ? req.url : req.url.slice(0, query);
  if (path.startsWith('/trpc/'))
    return path
      .slice('/trpc/'.length)
      .split(',')
      .every((name) => PUBLIC_PROCEDURES.has(name));
  return PUBLIC_PATHS.has(path) || (path.startsWith(PUBLIC_PREFIX) && !path.includes('/', PUBLIC_PREFIX.length));
}

/**
 * Answers the public reads (the landing page's sections, upcoming events, sponsors, pages, news, settings)
 * from memory: the first 200 answer to a URL is kept in the content cache, under the same rules as the
 * values it was made from (cleared by any write on any instance, at most a minute old, nothing kept while
 * the cache is not listening), and keyed by the club day as well, as those values are. A repeat skips the
 * session, the per-request EntityManager and tRPC, which cost far more than the answer itself.
 * Registered before the session plugin; the security headers are already set when a kept answer is sent.
 */
export function registerPublicReadCache(app: FastifyInstance, cache: ContentCache, clock: Clock): void {
  const making = new WeakMap<FastifyRequest, { key: string; ticket: number }>();

  app.addHook('onRequest', async (req, reply) => {
    if (!isPublicRead(req)) return;
    const key = `${clubToday(clock.now())} ${req.url}`;
    const kept = cache.response(key);
    if (kept) {
      if (kept.headers.etag && etagMatches(req.headers['if-none-match'], kept.headers.etag)) {
        return reply.code(304).header('etag', kept.headers.etag).header('cache-control', kept.headers['cache-control']).send();
      }
      return reply.headers(kept.headers).send(kept.body);
    }
    const ticket = cache.responseTicket();
    if (ticket !== null) making.set(req, { key, ticket });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const made = making.get(req);
    if (!made) return payload;
    making.delete(req);
    // tRPC answers with a fetch Response: read it here (it is small JSON) so its bytes can be kept.
    if (payload instanceof Response) {
      if (payload.status !== 200 || !payload.body) return payload;
      const body = Buffer.from(await payload.arrayBuffer());
      reply.code(200);
      for (const [name, value] of payload.headers) reply.header(name, value);
      cache.keepResponse(made.key, made.ticket, { body, headers: keptHeaders((name) => payload.headers.get(name) ?? undefined) });
      return body;
    }
    if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      cache.keepResponse(made.key, made.ticket, {
        body: Buffer.from(payload),
        headers: keptHeaders((name) => reply.getHeader(name)?.toString()),
      });
    }
    return payload;
  });
}

function keptHeaders(get: (name: string) => string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = get(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
