import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { callProcedure, callService } from './call';

/** Where PayPal sends webhooks (set this address, with the events below, in the PayPal app). */
export const PAYPAL_WEBHOOK_PATH = '/paypal/webhook';

/** The documented payment paths (`/{provider}/…`, docs/api.md); each calls the matching `payments` procedure. */
export function registerPayPalRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get('/paypal/setup', (req, reply) => callProcedure(deps, req, reply, (api) => api.payments.setup()));
  app.post('/paypal/order', (req, reply) => callProcedure(deps, req, reply, (api) => api.payments.createOrder(req.body as never)));
  app.post<{ Params: { id: string } }>('/paypal/order/:id/capture', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.payments.capture({ orderId: req.params.id })),
  );

  // PayPal's webhooks: the body is kept exactly as it arrived, because PayPal verifies its signature over it.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(PAYPAL_WEBHOOK_PATH, async (req, reply) => {
      const result = await callService(deps, req, reply, (ctx) =>
        ctx.services.payments.handleWebhook(ctx.em, { headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' }),
      );
      return result === undefined ? reply : { received: true };
    });
  });
}
