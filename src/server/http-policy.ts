import type { FastifyInstance } from 'fastify';
import { isPublicRead } from './public-read-cache';

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

/** Every security header the site sends, on every answer (pages, files and API alike): the one list of them. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // PayPal's checkout opens a popup that must be able to talk back to the page that opened it.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  // The site's files and images are for its own pages; other sites embed none of them.
  'cross-origin-resource-policy': 'same-origin',
  // The catch form uses the camera and the position; PayPal's frames may ask for payment. Nothing else may.
  'permissions-policy':
    'camera=(self), geolocation=(self), microphone=(), payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")',
};
/** Sent in production only (a developer's http://localhost must not be pinned to https). */
const PRODUCTION_HEADERS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** The security headers for an answer. */
export function securityHeaders(production: boolean): Record<string, string> {
  return production ? { ...SECURITY_HEADERS, ...PRODUCTION_HEADERS } : { ...SECURITY_HEADERS };
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
