import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATCH_SUBMISSION_PATH } from '../../shared/catches';
import { takesChangesAt } from '../../shared/club-address';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../shared/newsletters.schema';
import { LOCAL_UPLOAD_PREFIX } from '../rest/objects.rest';
import { isPublicRead } from './read-cache';
import { announcesBody } from './request-body';

/** Paths answered by the API (tRPC, the REST shims, PayPal's callbacks) rather than by the app's pages. */
export const API_PREFIXES = ['/api/', '/trpc/', '/paypal/'];

// PayPal's checkout script, its frames and its calls are the only third-party content.
const PAYPAL_HOSTS = 'https://www.paypal.com https://www.sandbox.paypal.com https://*.paypal.com https://*.paypalobjects.com';
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${PAYPAL_HOSTS}`,
  "style-src 'self' 'unsafe-inline'",
  // https: images: sponsor logos and CMS images may live on the sponsor's or another site.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self' ${PAYPAL_HOSTS}`,
  `frame-src ${PAYPAL_HOSTS}`,
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Sent on every answer: pages, files and API alike. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // The site's files, images and answers are for its own pages; other sites embed none of them.
  'cross-origin-resource-policy': 'same-origin',
};

/** The security headers of anything a browser may show as a page (HTML, PDFs, images, the app's files). */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...EVERY_ANSWER,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  // PayPal's checkout opens a popup that must be able to talk back to the page that opened it.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  // The catch form uses the camera and the position; PayPal's frames may ask for payment. Nothing else may.
  'permissions-policy':
    'camera=(self), geolocation=(self), microphone=(), payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")',
};

/**
 * The security headers of an answer that is only ever JSON, which no browser shows as a page: OWASP's policy for APIs
 * (nothing may load or frame it) in place of the page's CSP, Referrer-Policy, COOP and Permissions-Policy, which apply
 * to pages and what they load. A small public read is then a third smaller on the wire.
 */
const JSON_HEADERS: Readonly<Record<string, string>> = {
  ...EVERY_ANSWER,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Sent in production only (a developer's http://localhost must not be pinned to https). */
const PRODUCTION_HEADERS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** Answers that are only ever JSON: tRPC's, and the REST shims of the public reads. */
function answersOnlyJson(req: FastifyRequest): boolean {
  return req.url.startsWith('/trpc/') || req.routeOptions.config?.publicRead === true;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On every request, first: the security headers, and for a mutation the checks that it comes from our own pages
 * (not a cross-site fetch) and, on the API, as JSON (so a form post cannot forge one). `siteUrl`: PUBLIC_URL, which
 * a refusal names so a person knows where the club's site is.
 */
export function registerRequestGuards(app: FastifyInstance, options: { production: boolean; siteUrl: string }): void {
  const extra = options.production ? PRODUCTION_HEADERS : {};
  const page = { ...PAGE_HEADERS, ...extra };
  const json = { ...JSON_HEADERS, ...extra };
  const siteOrigin = new URL(options.siteUrl).origin;
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(answersOnlyJson(req) ? json : page);
    const refused = SAFE_METHODS.has(req.method) ? null : mutationRefusal(req, siteOrigin, options.siteUrl);
    if (refused) reply.code(refused.status).send({ message: refused.message });
    else done();
  });
}

/** The refusal of a request from another site, naming the address where the club's own pages are. */
export const crossSiteMessage = (siteUrl: string) =>
  `Requests from other sites are not accepted. Please use the club's site at ${siteUrl}.`;

/**
 * The origin of the address this request was sent to (Host, or X-Forwarded-Host and X-Forwarded-Proto from a proxy
 * in TRUST_PROXY, as Fastify reads them) when the site takes changes there (an IP address or localhost, see
 * `takesChangesAt`), else undefined.
 */
export function requestOrigin(req: FastifyRequest): string | undefined {
  if (!takesChangesAt(req.host) || (req.protocol !== 'http' && req.protocol !== 'https')) return undefined;
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser's `Origin` is one of this site's own pages: PUBLIC_URL's, or the very address the request was
 * sent to when that is an IP address or localhost (the site opened at 127.0.0.1 rather than localhost, or at the
 * server's IP). A page of another site cannot claim the second: its Origin is its own, and it cannot point an
 * address at this server the way it can point a name of its own (DNS rebinding).
 */
export function isOwnOrigin(req: FastifyRequest, origin: string, siteOrigin: string): boolean {
  return origin === siteOrigin || origin === requestOrigin(req);
}

/**
 * Whether a mutation comes from our own pages: not a cross-site fetch, and an Origin of PUBLIC_URL or of the address
 * it was sent to (Fetch Metadata then same-origin, or absent in a browser without it). No Origin at all: a script or
 * an old browser, left to the JSON rule, which stops a form.
 */
function fromOwnPages(req: FastifyRequest, siteOrigin: string): boolean {
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return false;
  if (!origin) return true;
  return origin === siteOrigin || ((fetchSite === undefined || fetchSite === 'same-origin') && isOwnOrigin(req, origin, siteOrigin));
}

/** Why a mutation is refused, if it is: it must come from our own pages and, on the API, as JSON. */
function mutationRefusal(req: FastifyRequest, siteOrigin: string, siteUrl: string): { status: 403 | 415; message: string } | null {
  // RFC 8058's one-click unsubscribe comes from a mail provider, as a form, without a session: the signed token in
  // its address is all it acts on, so neither the Origin nor the JSON rule is needed (or possible) there.
  if (req.method === 'POST' && req.url.split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH) return null;
  if (!fromOwnPages(req, siteOrigin)) return { status: 403, message: crossSiteMessage(siteUrl) };
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // The documented exceptions: a raw file to our own upload URL, and the multipart catch submission.
  const rawUpload = req.method === 'PUT' && req.url.startsWith(LOCAL_UPLOAD_PREFIX);
  const multipartCatch = req.method === 'POST' && req.url === CATCH_SUBMISSION_PATH && type === 'multipart/form-data';
  // A form declares its encoding even when it sends no fields, so any declared type must be JSON too;
  // only a call with neither body nor type (the client's body-less POSTs) goes without.
  if (
    (announcesBody(req) || type !== '') &&
    !rawUpload &&
    !multipartCatch &&
    type !== 'application/json' &&
    API_PREFIXES.some((p) => req.url.startsWith(p))
  ) {
    return { status: 415, message: 'Requests must be sent as JSON (Content-Type: application/json).' };
  }
  return null;
}

/**
 * Every API answer is `Cache-Control: no-store` (member and admin answers, exports, receipts, auth), so no
 * browser or proxy keeps a personal answer, unless it set its own caching: the public reads (ETag and
 * `no-cache`, or answered from the public read cache) and the immutable processed images.
 */
export function registerNoStore(app: FastifyInstance, publicProcedures: ReadonlySet<string>): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!API_PREFIXES.some((p) => req.url.startsWith(p)) || reply.hasHeader('cache-control')) return payload;
    // tRPC answers with a fetch Response whose headers Fastify copies onto the reply after this hook.
    if (payload instanceof Response && payload.headers.has('cache-control')) return payload;
    if (isPublicRead(req, publicProcedures)) return payload;
    reply.header('cache-control', 'no-store');
    return payload;
  });
}
