import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ContentCache, etagMatches, type CachedResponse, type ContentCacheOptions } from '../platform/content-cache';
import { acceptedEncoding, COMPRESS_THRESHOLD, encodedOnce } from './compression';
import { ContentChanges } from '../platform/content-changes';
import { sessionClaimsOf } from '../trpc/context';
import type { RouterReads } from '../trpc/cached-reads';
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

/** The procedure paths of a tRPC GET (a batch names several), or null for any other request. */
function trpcQueryPaths(req: FastifyRequest): string[] | null {
  // A streaming tRPC client (trpc-accept) gets another format: leave it to tRPC.
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || !req.url.startsWith('/trpc/')) return null;
  const query = req.url.indexOf('?');
  return (query === -1 ? req.url : req.url.slice(0, query)).slice('/trpc/'.length).split(',');
}

/**
 * True for a GET of a public read, whose answer depends on nothing about the caller: a batch of tRPC
 * procedures that are all shared cached reads, or a REST shim registered with PUBLIC_READ_ROUTE.
 */
export function isPublicRead(req: FastifyRequest, procedures: ReadonlySet<string>): boolean {
  const paths = trpcQueryPaths(req);
  if (paths) return paths.every((name) => procedures.has(name));
  return req.method === 'GET' && req.routeOptions.config?.publicRead === true;
}

/**
 * Answers the public reads (the landing page's sections, upcoming events, sponsors, pages, news, settings)
 * from memory, keyed by the URL. Registered before the session plugin: a repeat skips the session, the
 * per-request EntityManager and tRPC, which cost far more than the answer itself, and no cookie is decoded.
 */
export function registerPublicReadCache(app: FastifyInstance, cache: ContentCache, reads: RouterReads): void {
  registerReadCache(app, cache, (req) => (isPublicRead(req, reads.shared.procedures) ? req.url : null));
}

/**
 * Answers the reads that depend on who is signed in (the session, profile, dashboard, entries, own catches)
 * from memory, keyed by the signed-in user, the session version and the URL; a batch may mix in
 * shared reads.
 * Registered after the session plugin, which decodes the cookie. A kept answer was made when that session
 * was current, and stays only while nothing it read has been written: `User` is always among what these
 * answers watch (cached-reads.ts), so signing out, or any other change to a user, clears them all.
 */
export function registerCallerReadCache(app: FastifyInstance, cache: ContentCache, reads: RouterReads): void {
  registerReadCache(app, cache, (req) => {
    const paths = trpcQueryPaths(req);
    if (!paths?.some((name) => reads.perCaller.procedures.has(name))) return null;
    if (!paths.every((name) => reads.perCaller.procedures.has(name) || reads.shared.procedures.has(name))) return null;
    const claims = sessionClaimsOf(req);
    // A member's answers say what they may still do at this time (cancel an entry until the event starts, log
    // catches on its day): the cache keeps none past the minute it was made in.
    return claims ? `${claims.userId}.${claims.version} ${req.url}` : null;
  });
}

/**
 * Keeps the first 200 answer to each key `keyOf` gives (null: not a cached read) in the content cache, under
 * the same rules as the values it keeps (cleared by any write to what it watches on any instance and at the turn of
 * each minute, so also of the club's day; nothing kept while the cache is not listening). A kept answer
 * goes out compressed once per encoding, written straight to the socket (`sendKept`).
 */
function registerReadCache(app: FastifyInstance, cache: ContentCache, keyOf: (req: FastifyRequest) => string | null): void {
  const making = new WeakMap<FastifyRequest, { key: string; ticket: number }>();

  app.addHook('onRequest', (req, reply, done) => {
    const read = keyOf(req);
    if (read === null) return done();
    const kept = cache.response(read);
    if (kept) return sendKept(req, reply, kept);
    const ticket = cache.responseTicket();
    if (ticket !== null) making.set(req, { key: read, ticket });
    done();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const made = making.get(req);
    if (!made) return payload;
    making.delete(req);
    // An answer that changes the session (a stale one ended) is that caller's alone.
    if (req.session?.changed) return payload;
    // tRPC answers with a fetch Response: read it here (it is small JSON) so its bytes can be kept.
    if (payload instanceof Response) {
      if (payload.status !== 200 || !payload.body) return payload;
      const body = Buffer.from(await payload.arrayBuffer());
      reply.code(200);
      for (const [name, value] of payload.headers) reply.header(name, value);
      const headers = keptHeaders((name) => reply.getHeader(name)?.toString() ?? payload.headers.get(name) ?? undefined);
      cache.keepResponse(made.key, made.ticket, { body, headers });
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

/**
 * Sends a kept answer as it was made, straight to the socket: the answer hooks that made it (compression, the
 * no-store rule, cookies) are already in its bytes and headers, so a repeat skips them (`hijack`) and costs little
 * more than the write. The request hooks before this one have run: the security headers and any rate-limit headers
 * are on the reply.
 */
function sendKept(req: FastifyRequest, reply: FastifyReply, kept: CachedResponse): void {
  const headers: Record<string, string | number | string[] | undefined> = { ...reply.getHeaders(), ...kept.headers };
  let status = 200;
  let body = kept.body;
  if (kept.headers.etag && etagMatches(req.headers['if-none-match'], kept.headers.etag)) {
    status = 304;
    body = Buffer.alloc(0);
    delete headers['content-type'];
  } else if (body.length >= COMPRESS_THRESHOLD) {
    headers.vary = kept.headers.vary ? `${kept.headers.vary}, accept-encoding` : 'accept-encoding';
    const encoding = acceptedEncoding(req);
    if (encoding) {
      headers['content-encoding'] = encoding;
      body = encodedOnce(kept, body, encoding);
    }
  }
  headers['content-length'] = body.length;
  reply.hijack();
  reply.raw.writeHead(status, headers);
  reply.raw.end(body);
  // Fastify logs the answers it sends itself; this one is logged the same way.
  reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
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
 * ContentChanges subscriber watching the entities in `watched`), on the app's clock, and closed with the app.
 */
export async function startContentCache(
  app: FastifyInstance,
  orm: MikroORM,
  watched: ReadonlySet<EntityName>,
  clock: Clock,
  options?: ContentCacheOptions,
): Promise<ContentCache> {
  const cache = new ContentCache(orm.config.get('clientUrl'), app.log, { now: () => clock.now().getTime(), ...options });
  await cache.start();
  const changes = ContentChanges.watch(orm.em, cache, watched);
  app.addHook('onClose', async () => {
    changes.stop();
    await cache.close();
  });
  return cache;
}
