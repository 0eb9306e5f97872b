import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaptureResult, PaymentSetup } from '../../shared/members.schema';
import type { Payment } from '../db/entities';
import type { ProviderCapture, WebhookDelivery } from '../integrations/payments';
import { PaymentCheckout } from './checkout';
import type { PaymentsDeps, Settled } from './payment-common';
import { PaymentReconciliation } from './reconciliation';
import { PaymentRefunds } from './refunds';
import { PaymentSettlement } from './settlement';
import { PaymentWebhooks } from './webhooks';

export type { PayerSession, PaymentsDeps, Settled } from './payment-common';

/**
 * The payments service the routers, the REST shims and the other domains call: one door to its parts, which
 * hold the rules. Checkout (checkout.ts: orders, capture, outcome) settles through settlement.ts (the provider's
 * answer applied once, what it buys, the receipt); webhooks.ts applies PayPal's webhooks; refunds.ts returns
 * money; reconciliation.ts finishes or closes what was left unfinished. PayPal is never asked inside an open
 * database transaction.
 */
export class PaymentsService {
  private readonly settlement: PaymentSettlement;
  private readonly refunds: PaymentRefunds;
  private readonly reconciliation: PaymentReconciliation;
  private readonly checkout: PaymentCheckout;
  private readonly webhooks: PaymentWebhooks;

  constructor(deps: PaymentsDeps) {
    this.settlement = new PaymentSettlement(deps);
    this.refunds = new PaymentRefunds(deps);
    this.reconciliation = new PaymentReconciliation(deps, this.settlement);
    this.checkout = new PaymentCheckout(deps, this.settlement, this.reconciliation);
    this.webhooks = new PaymentWebhooks(deps, this.settlement, this.refunds);
  }

  setup(): Promise<PaymentSetup> {
    return this.checkout.setup();
  }

  createOrder(...args: Parameters<PaymentCheckout['createOrder']>): Promise<{ id: string }> {
    return this.checkout.createOrder(...args);
  }

  sendOrder(em: EntityManager, payment: Payment): Promise<string> {
    return this.checkout.sendOrder(em, payment);
  }

  captureAndSettle(...args: Parameters<PaymentCheckout['captureAndSettle']>): Promise<{ settled: Settled; answer: ProviderCapture }> {
    return this.checkout.captureAndSettle(...args);
  }

  capture(...args: Parameters<PaymentCheckout['capture']>): Promise<CaptureResult> {
    return this.checkout.capture(...args);
  }

  outcome(...args: Parameters<PaymentCheckout['outcome']>): Promise<CaptureResult> {
    return this.checkout.outcome(...args);
  }

  settle(...args: Parameters<PaymentSettlement['settle']>): Promise<Settled> {
    return this.settlement.settle(...args);
  }

  handleWebhook(em: EntityManager, delivery: WebhookDelivery): Promise<{ outcome: string }> {
    return this.webhooks.handleWebhook(em, delivery);
  }

  refund(...args: Parameters<PaymentRefunds['refund']>): Promise<{ refunded: boolean }> {
    return this.refunds.refund(...args);
  }

  recordRefund(...args: Parameters<PaymentRefunds['recordRefund']>): Promise<boolean> {
    return this.refunds.recordRefund(...args);
  }

  reconcile(em: EntityManager): Promise<{ checked: number; completed: number; closed: number }> {
    return this.reconciliation.reconcile(em);
  }
}
