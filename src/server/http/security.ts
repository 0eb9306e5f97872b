import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATCH_SUBMISSION_PATH } from '../../shared/catches';
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
 * (`Origin` is PUBLIC_URL's, not a cross-site fetch) and, on the API, as JSON (so a form post cannot forge one).
 */
export function registerRequestGuards(app: FastifyInstance, options: { production: boolean; allowedOrigin: string }): void {
  const extra = options.production ? PRODUCTION_HEADERS : {};
  const page = { ...PAGE_HEADERS, ...extra };
  const json = { ...JSON_HEADERS, ...extra };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(answersOnlyJson(req) ? json : page);
    const refused = SAFE_METHODS.has(req.method) ? null : mutationRefusal(req, options.allowedOrigin);
    if (refused) reply.code(refused.status).send({ message: refused.message });
    else done();
  });
}

/** Why a mutation is refused, if it is: it must come from our own pages and, on the API, as JSON. */
function mutationRefusal(req: FastifyRequest, allowedOrigin: string): { status: 403 | 415; message: string } | null {
  // RFC 8058's one-click unsubscribe comes from a mail provider, as a form, without a session: the signed token in
  // its address is all it acts on, so neither the Origin nor the JSON rule is needed (or possible) there.
  if (req.method === 'POST' && req.url.split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH) return null;
  // Mutations come only from our own pages, and only as JSON (form posts cannot forge them).
  const origin = req.headers.origin;
  if ((origin && origin !== allowedOrigin) || req.headers['sec-fetch-site'] === 'cross-site') {
    return { status: 403, message: 'Cross-site requests are not allowed.' };
  }
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
