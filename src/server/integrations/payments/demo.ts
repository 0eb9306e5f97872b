import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/**
 * Payments that always succeed and move no money, so the whole join flow runs on a developer's machine.
 * Never used in production. Orders live in memory: a restart forgets unpaid demo orders.
 */
export function createDemoProvider(): PaymentProvider {
  const orders = new Map<string, { amount: string; currency: string; captureId?: string }>();
  return {
    kind: 'demo',
    async clientConfig() {
      return { clientId: null, clientToken: `demo-${randomBytes(8).toString('hex')}` };
    },
    async createOrder(request) {
      const id = `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`;
      orders.set(id, { amount: request.amount, currency: request.currency });
      return { id, raw: { id, status: 'CREATED', demo: true } };
    },
    async captureOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) return { outcome: 'declined', reason: 'Unknown demo order.', raw: { demo: true } };
      order.captureId ??= `DEMOCAP-${randomBytes(6).toString('hex').toUpperCase()}`;
      return { outcome: 'completed', captureId: order.captureId, amount: order.amount, currency: order.currency, raw: { id: orderId, status: 'COMPLETED', demo: true } };
    },
  };
}
