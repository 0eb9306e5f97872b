import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { formatAud, parseAmountCents } from '../../shared/membership';
import { Payment, WebhookEvent } from '../db/entities';
import type { ProviderCapture, WebhookDelivery } from '../integrations/payments';
import { guarded, type PaymentsDeps } from './payment-common';
import type { PaymentRefunds } from './refunds';
import type { PaymentSettlement } from './settlement';

/** The fields of a PayPal webhook's `resource` (a capture or a refund) that are read; all unchecked input. */
interface WebhookResource {
  id?: unknown;
  status_details?: { reason?: string };
  amount?: { value?: unknown; currency_code?: unknown };
  links?: { rel?: string; href?: string }[];
  supplementary_data?: { related_ids?: { order_id?: unknown } };
}

/** PayPal's webhooks: a capture completed, held, denied or refunded in PayPal, told to the site. */
export class PaymentWebhooks {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly settlement: Pick<PaymentSettlement, 'settle'>,
    private readonly refunds: Pick<PaymentRefunds, 'recordRefund'>,
  ) {}

  /**
   * A PayPal webhook: verified with PayPal's verify-webhook-signature call (against PAYPAL_WEBHOOK_ID), then
   * applied once. Every step is idempotent (settling a payment, recording a refund by its id), and the event id
   * is stored afterwards, so a replay changes nothing and a delivery cut short by an outage is applied when
   * PayPal retries it.
   */
  async handleWebhook(em: EntityManager, delivery: WebhookDelivery): Promise<{ outcome: string }> {
    const provider = this.deps.payments;
    if (provider?.kind !== 'paypal') throw new AppError('NOT_FOUND', 'This site does not take PayPal webhooks.');
    let event: { id?: unknown; event_type?: unknown; resource?: WebhookResource };
    try {
      event = JSON.parse(delivery.rawBody);
    } catch {
      throw new AppError('BAD_REQUEST', 'The webhook body is not valid JSON.');
    }
    if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(event.id)) {
      throw new AppError('BAD_REQUEST', 'The webhook has no event id or type.');
    }
    if (!(await guarded(this.deps, () => provider.verifyWebhook(delivery))))
      throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
    if (await em.count(WebhookEvent, { id: event.id })) return { outcome: 'Already processed.' };

    const outcome = await this.applyWebhook(em, event.event_type, event.resource ?? {});
    await em
      .getConnection()
      .execute(
        `insert into webhook_events (id, provider, event_type, resource_id, outcome, received_at) values (?, 'paypal', ?, ?, ?, ?) on conflict (id) do nothing`,
        [
          event.id,
          event.event_type.slice(0, 80),
          typeof event.resource?.id === 'string' ? event.resource.id.slice(0, 64) : null,
          outcome.slice(0, 200),
          this.deps.clock.now(),
        ],
      );
    this.deps.log.info({ eventId: event.id, eventType: event.event_type, outcome }, 'PayPal webhook');
    return { outcome };
  }

  private async applyWebhook(em: EntityManager, type: string, resource: WebhookResource): Promise<string> {
    const by = { actor: null, label: 'paypal webhook' };
    const amount = { value: String(resource?.amount?.value ?? ''), currency: String(resource?.amount?.currency_code ?? '') };
    if (type === 'PAYMENT.CAPTURE.REFUNDED') {
      const captureId = resource?.links
        ?.find((l) => l.rel === 'up')
        ?.href?.split('/')
        .pop();
      const original = captureId ? await em.findOne(Payment, { providerCaptureId: captureId }) : null;
      const cents = parseAmountCents(amount.value);
      if (!original || cents === null || typeof resource?.id !== 'string') return 'Refund of a payment this site does not know: ignored.';
      const recorded = await this.refunds.recordRefund(em, original.id, {
        amountCents: cents,
        refundId: resource.id,
        by,
        note: 'Refunded in PayPal',
      });
      return recorded ? `Refund of ${formatAud(cents)} recorded.` : 'Refund already recorded.';
    }
    // Called only once the capture's id is known to be a string.
    const answers: Record<string, (capture: WebhookResource & { id: string }) => ProviderCapture> = {
      'PAYMENT.CAPTURE.COMPLETED': (c) => ({
        outcome: 'completed',
        captureId: c.id,
        amount: amount.value,
        currency: amount.currency,
        raw: c,
      }),
      'PAYMENT.CAPTURE.PENDING': (c) => ({
        outcome: 'pending',
        captureId: c.id,
        amount: amount.value,
        currency: amount.currency,
        reason: c.status_details?.reason ?? 'PENDING',
        raw: c,
      }),
      'PAYMENT.CAPTURE.DENIED': (c) => ({ outcome: 'declined', reason: 'PayPal denied the payment.', raw: c }),
      'PAYMENT.CAPTURE.DECLINED': (c) => ({ outcome: 'declined', reason: 'PayPal declined the payment.', raw: c }),
    };
    const answer = answers[type];
    if (!answer) return `Event ${type} is not used by the club: ignored.`;
    if (typeof resource?.id !== 'string') return 'The capture has no id: ignored.';
    const orderId: unknown = resource?.supplementary_data?.related_ids?.order_id;
    const payment =
      (typeof orderId === 'string' ? await em.findOne(Payment, { providerOrderId: orderId }) : null) ??
      (await em.findOne(Payment, { providerCaptureId: resource.id }));
    if (!payment) return 'A payment this site does not know: ignored.';
    const settled = await this.settlement.settle(em, payment.id, answer({ ...resource, id: resource.id }), by);
    return { completed: 'Payment completed.', pending: 'Payment pending at PayPal.', declined: 'Payment declined.' }[settled.kind];
  }
}
