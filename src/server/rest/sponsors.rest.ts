import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { PUBLIC_READ_ROUTE } from '../http/read-cache';
import { callProcedure, callPublicRead } from './call';

/** REST shims of the documented paths (docs/api.md) for sponsors. */
export function registerSponsorRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get('/api/sponsors/active', PUBLIC_READ_ROUTE, (req, reply) => callPublicRead(deps, req, reply, (api) => api.sponsors.active()));
  app.post('/api/sponsors/register', (req, reply) => callProcedure(deps, req, reply, (api) => api.sponsors.register(req.body as never)));
  app.get('/api/admin/sponsors', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.sponsors.list()));
}
