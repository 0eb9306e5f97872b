import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clubToday } from '../../shared/dates';
import type { Clock } from '../clock';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ContentCache, etagMatches } from '../services/content-cache';
import { acceptedEncoding, COMPRESS_THRESHOLD, encodedOnce } from './compression';
import { ContentChanges } from '../services/content-changes';
import type { PublicReads } from '../trpc/public-reads';
import type { EntityName } from '../db/entity-name';

/** What a kept answer carries besides its bytes (never a cookie). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'];

/** Route options of a REST shim whose answer is a public read (see `callPublicRead`). */
export const PUBLIC_READ_ROUTE = { config: { publicRead: true } } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a public read, the same to every caller: its answers may be kept in memory. */
    publicRead?: boolean;
  }
}

/**
 * True for a GET of a public read, whose answer depends on nothing about the caller: a batch of tRPC
 * procedures that all declare `meta.cache`, or a REST shim registered with PUBLIC_READ_ROUTE.
 */
export function isPublicRead(req: FastifyRequest, procedures: ReadonlySet<string>): boolean {
  // A streaming tRPC client (trpc-accept) gets another format: leave it to tRPC.
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return false;
  const query = req.url.indexOf('?');
  const path = query === -1 ? req.url : req.url.slice(0, query);
  if (path.startsWith('/trpc/'))
    return path
      .slice('/trpc/'.length)
      .split(',')
      .every((name) => procedures.has(name));
  return req.routeOptions.config?.publicRead === true;
}

/**
 * Answers the public reads (the landing page's sections, upcoming events, sponsors, pages, news, settings)
 * from memory: the first 200 answer to a URL is kept in the content cache, under the same rules as the
 * values it was made from (cleared by any write on any instance, at most a minute old, nothing kept while
 * the cache is not listening), and keyed by the club day as well, as those values are. A repeat skips the
 * session, the per-request EntityManager and tRPC, which cost far more than the answer itself; it goes out compressed
 * once per encoding (the compression plugin compresses only what is not yet encoded).
 * Registered before the session plugin; the security headers are already set when a kept answer is sent.
 */
export function registerPublicReadCache(app: FastifyInstance, cache: ContentCache, reads: PublicReads, clock: Clock): void {
  const making = new WeakMap<FastifyRequest, { key: string; ticket: number }>();

  app.addHook('onRequest', async (req, reply) => {
    if (!isPublicRead(req, reads.procedures)) return;
    const key = `${clubToday(clock.now())} ${req.url}`;
    const kept = cache.response(key);
    if (kept) {
      if (kept.headers.etag && etagMatches(req.headers['if-none-match'], kept.headers.etag)) {
        return reply.code(304).header('etag', kept.headers.etag).header('cache-control', kept.headers['cache-control']).send();
      }
      reply.headers(kept.headers);
      if (kept.body.length < COMPRESS_THRESHOLD) return reply.send(kept.body);
      reply.header('vary', kept.headers.vary ? `${kept.headers.vary}, accept-encoding` : 'accept-encoding');
      const encoding = acceptedEncoding(req);
      if (!encoding) return reply.send(kept.body);
      return reply.header('content-encoding', encoding).send(encodedOnce(kept, kept.body, encoding));
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

/**
 * The content cache of this app: listening for other instances' writes, told of this one's by the ORM (a
 * ContentChanges subscriber watching the entities in `watched`), and closed with the app.
 */
export async function startContentCache(app: FastifyInstance, orm: MikroORM, watched: ReadonlySet<EntityName>): Promise<ContentCache> {
  const cache = new ContentCache(orm.config.get('clientUrl'), app.log);
  await cache.start();
  const changes = ContentChanges.watch(orm.em, cache, watched);
  app.addHook('onClose', async () => {
    changes.stop();
    await cache.close();
  });
  return cache;
}
