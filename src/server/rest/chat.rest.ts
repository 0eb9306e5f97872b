import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** POST /api/chat/fishing { message } → { response }. */
export function registerChatRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.post('/api/chat/fishing', async (req, reply) => {
    const answer = await callProcedure(deps, req, reply, (api) => api.chat.ask(req.body as never));
    return answer ? { response: answer.response } : reply;
  });
}
