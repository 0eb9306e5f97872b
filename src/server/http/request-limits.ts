import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimsIn, sessionClaimsOf } from '../trpc/context';
import { isOwnFirstScreenRead } from './first-screen-html';
import { isPublicRead } from './read-cache';
import { API_PREFIXES } from './security';

// The coarse limit on requests (RATE_LIMIT_PER_MINUTE), shaped for a club day, when many phones share one public
// address (the clubhouse Wi-Fi, the ramp's one hotspot, a mobile carrier's address):
// - the site's own files (hashed scripts and styles, icons, the manifest, the service worker, processed images) are
//   never counted: they are the same for everyone, kept by the browser, and one page load asks for dozens;
// - public reads, answered from memory, are counted in a bucket of their own, PUBLIC_READS_FACTOR times as large: per
//   account for someone signed in, per address for anyone else;
// - everything else is counted per account for someone signed in, and per address for anyone else.
// Signing in, signing up, links, payments and the assistant keep their own per-address and per-account rules
// (platform/rate-limit.service.ts). One script hammering from a shared address fills that address's buckets only.

/** How much larger the bucket of public reads is than the limit. */
export const PUBLIC_READS_FACTOR = 5;

/** Processed event images, sponsor logos and CMS images: immutable, served to everyone alike. */
const IMAGE_PREFIX = '/api/objects/images/';

/** A request for one of the site's own files: a GET of a path outside the API with a file name, or an image. */
export function isSiteFile(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.url.startsWith(IMAGE_PREFIX)) return true;
  const path = req.url.split('?')[0];
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

const never = (req: FastifyRequest) => req.url === '/healthz' || req.url === '/readyz' || isSiteFile(req) || isOwnFirstScreenRead(req);

const refusal = (who: string) => (_req: FastifyRequest, context: { ttl: number }) => ({
  statusCode: 429,
  message: `Too many requests ${who}. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
});

/**
 * A limiter of its own: each registration of the rate-limit plugin counts a request once, whichever of its hooks
 * sees it first, so the two buckets below are two registrations, each in a scope of its own.
 */
async function limiter(app: FastifyInstance, options: Parameters<FastifyInstance['rateLimit']>[0]) {
  let handler: ReturnType<FastifyInstance['rateLimit']> | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    handler = scope.rateLimit(options);
  });
  return handler!;
}

/**
 * The account of a request's session cookie, read before the session plugin decodes it: public reads are counted
 * ahead of it. A cookie that does not decode with the site's key (forged, or from another site) counts as none.
 */
function accountFromCookie(app: FastifyInstance, req: FastifyRequest): string | undefined {
  const match = /(?:^|;\s*)(?:__Host-)?session=([^;]+)/.exec(req.headers.cookie ?? '');
  if (!match) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  const session = app.decodeSecureSession(value);
  return session ? claimsIn(session)?.userId : undefined;
}

/**
 * Counts public reads per account or address, before the public read cache answers them (registered ahead of it,
 * so a read answered from memory is counted too).
 */
export async function registerPublicReadLimit(
  app: FastifyInstance,
  perMinute: number,
  publicProcedures: ReadonlySet<string>,
): Promise<void> {
  if (perMinute <= 0) return;
  const handler = await limiter(app, {
    max: perMinute * PUBLIC_READS_FACTOR,
    timeWindow: 60_000,
    keyGenerator: (req) => {
      const account = accountFromCookie(app, req);
      return account ? `reads account ${account}` : `reads ${req.ip}`;
    },
    allowList: (req) => never(req) || !isPublicRead(req, publicProcedures),
    errorResponseBuilder: refusal('from your address'),
  });
  app.addHook('onRequest', handler);
}

/**
 * Counts every other request: per account once the session is decoded (so registered after the session plugin),
 * per address for anyone not signed in.
 */
export async function registerRequestLimit(app: FastifyInstance, perMinute: number, publicProcedures: ReadonlySet<string>): Promise<void> {
  if (perMinute <= 0) return;
  const accountOf = (req: FastifyRequest) => sessionClaimsOf(req)?.userId;
  const handler = await limiter(app, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => {
      const account = accountOf(req);
      return account ? `account ${account}` : `address ${req.ip}`;
    },
    allowList: (req) => never(req) || isPublicRead(req, publicProcedures),
    errorResponseBuilder: (req, context) => refusal(accountOf(req) ? 'from your account' : 'from your address')(req, context),
  });
  app.addHook('onRequest', handler);
}
