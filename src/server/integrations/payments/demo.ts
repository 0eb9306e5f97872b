import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderCapture } from './payment-provider';

/**
 * Payments that move no money, so the whole join flow runs on a developer's machine or a staging site.
 * Only where PAYMENTS_PROVIDER=demo, or where the server listens on loopback at a loopback address (see `createPaymentProvider`).
 * Orders live in memory: a restart forgets unpaid demo orders (reconciliation then closes them).
 */
export function createDemoProvider(): PaymentProvider {
  const orders = new Map<string, { amount: string; currency: string; captureId?: string; refunded?: boolean }>();
  const completed = (orderId: string, order: { amount: string; currency: string; captureId?: string }): ProviderCapture => ({
    outcome: 'completed',
    captureId: order.captureId!,
    amount: order.amount,
    currency: order.currency,
    raw: { id: orderId, status: 'COMPLETED', demo: true },
  });
  return {
    kind: 'demo',
    async clientConfig() {
      return { clientId: null, clientToken: `demo-${randomBytes(8).toString('hex')}`, environment: null };
    },
    async createOrder(request) {
      const id = `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`;
      orders.set(id, { amount: request.amount, currency: request.currency });
      return { id, raw: { id, status: 'CREATED', demo: true } };
    },
    async captureOrder(orderId, _requestId, options) {
      const order = orders.get(orderId);
      if (!order) return { outcome: 'declined', reason: 'Unknown demo order.', raw: { demo: true } };
      if (options?.simulateDecline && !order.captureId)
        return { outcome: 'declined', reason: 'INSTRUMENT_DECLINED (demo)', raw: { demo: true } };
      order.captureId ??= `DEMOCAP-${randomBytes(6).toString('hex').toUpperCase()}`;
      return completed(orderId, order);
    },
    async getOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) return { state: 'not_found', raw: { demo: true } };
      return order.captureId
        ? { state: 'captured', capture: completed(orderId, order), raw: { demo: true } }
        : { state: 'created', raw: { demo: true } };
    },
    async getCapture(captureId) {
      for (const [id, order] of orders) if (order.captureId === captureId) return completed(id, order);
      return { outcome: 'declined', reason: 'Unknown demo capture.', raw: { demo: true } };
    },
    async refund(_captureId, amount) {
      return { refundId: `DEMOREF-${randomBytes(6).toString('hex').toUpperCase()}`, status: 'completed', amount, raw: { demo: true } };
    },
    async verifyWebhook() {
      return false;
    },
  };
}
