import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOwnOrigin } from '../http/security';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** REST shims of the documented authentication paths (docs/api.md); each one calls the matching `auth` procedure. */
export function registerAuthRoutes(app: FastifyInstance, deps: ContextDeps, siteOrigin: string): void {
  app.get('/api/auth/user', async (req, reply) => {
    const user = await callProcedure(deps, req, reply, (api) => api.auth.me());
    if (user === undefined) return reply;
    if (user === null) return reply.code(401).send({ message: 'Not signed in.' });
    return user;
  });

  app.post('/api/auth/login', (req, reply) => callProcedure(deps, req, reply, (api) => api.auth.login(req.body as never)));
  app.post('/api/auth/signup', (req, reply) => callProcedure(deps, req, reply, (api) => api.auth.signup(req.body as never)));
  app.post('/api/auth/send-verification', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.auth.sendVerification(req.body as never)),
  );
  app.post('/api/auth/verify', (req, reply) => callProcedure(deps, req, reply, (api) => api.auth.verifyToken(req.body as never)));

  // A browser navigation: ends the session everywhere, then back to the landing page. Only a
  // navigation from the site itself (or typed, or a bookmark) signs out; one that another site started (a
  // link, a redirect, an image) gets the 'Sign out?' screen, which asks for a click first and changes nothing.
  app.get('/api/logout', async (req, reply) => {
    if (!fromThisSite(req, siteOrigin)) return reply.header('cache-control', 'no-store').redirect('/sign-out', 303);
    const done = await callProcedure(deps, req, reply, (api) => api.auth.logout());
    return done ? reply.redirect('/', 303) : reply;
  });
}

/**
 * Whether a GET of /api/logout is a navigation from the site itself: Fetch Metadata says same-origin (our own
 * page) or none (typed, a bookmark), and its mode is `navigate`, which no image, script or fetch() can claim.
 * (The destination is not checked: a navigation that our service worker passes on arrives as `empty`.)
 * A browser that sends no Fetch Metadata must send our own page as the Referer (PUBLIC_URL's, or the address it
 * opened the site at); with neither header the request proves nothing, and gets the 'Sign out?' page.
 */
export function fromThisSite(req: FastifyRequest, siteOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) {
    const mode = req.headers['sec-fetch-mode'];
    return (site === 'same-origin' || site === 'none') && (mode === undefined || mode === 'navigate');
  }
  const referer = req.headers.referer;
  if (!referer) return false;
  try {
    return isOwnOrigin(req, new URL(referer).origin, siteOrigin);
  } catch {
    return false;
  }
}
