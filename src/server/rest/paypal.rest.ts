import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** The payment paths of SPEC §7 (`/{provider}/…`); each calls the matching `payments` procedure. */
export function registerPayPalRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get('/paypal/setup', (req, reply) => callProcedure(deps, req, reply, (api) => api.payments.setup()));
  app.post('/paypal/order', (req, reply) => callProcedure(deps, req, reply, (api) => api.payments.createOrder(req.body as never)));
  app.post<{ Params: { id: string } }>('/paypal/order/:id/capture', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.payments.capture({ orderId: req.params.id })),
  );
}
