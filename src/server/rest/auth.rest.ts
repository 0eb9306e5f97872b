import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** REST shims of SPEC §7 "Authentication"; each one calls the matching `auth` procedure. */
export function registerAuthRoutes(app: FastifyInstance, deps: ContextDeps): void {
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

  // A browser navigation (SPEC §2.2): ends the session everywhere, then back to the landing page.
  app.get('/api/logout', async (req, reply) => {
    const done = await callProcedure(deps, req, reply, (api) => api.auth.logout());
    return done ? reply.redirect('/', 303) : reply;
  });
}

