import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** REST shims of the documented paths (docs/api.md) for members; each calls the matching `members` procedure. */
export function registerMemberRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.post('/api/members/register', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.members.registerDocumented(req.body as never)),
  );

  app.get('/api/members/profile', async (req, reply) => {
    const profile = await callProcedure(deps, req, reply, (api) => api.members.profile());
    if (profile === null) return reply.code(404).send({ message: 'No profile information available.' });
    return profile;
  });

  // docs/api.md documents {id, firstName, lastName}; the hint that tells namesakes apart is for the app's own selects.
  app.get('/api/members', async (req, reply) => {
    const members = await callProcedure(deps, req, reply, (api) => api.members.list());
    return members?.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  });
}
