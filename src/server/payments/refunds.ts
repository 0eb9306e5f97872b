import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { centsToAmount, refundCeilingMessage } from '../../shared/membership';
import { Payment } from '../db/entities';
import { PaymentProviderError } from '../integrations/payments';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { sendRefundNotice } from './refund-notice';
import type { PaymentsDeps } from './payment-common';

/** PayPal's reasons for refusing a refund, in the committee's words. */
const REFUND_REFUSALS: Record<string, string> = {
  CAPTURE_FULLY_REFUNDED: 'this payment has already been refunded in full in PayPal',
  REFUND_AMOUNT_EXCEEDED: 'more of this payment has already been refunded in PayPal than is left to refund',
  REFUND_TIME_LIMIT_EXCEEDED: 'PayPal no longer refunds a payment this old; return the money another way and record it',
  REFUND_NOT_ALLOWED: 'PayPal does not allow a refund of this payment',
};

/** Money returned on a payment: through PayPal's refund API, or recorded for money the committee returned by hand. */
export class PaymentRefunds {
  constructor(private readonly deps: PaymentsDeps) {}

  /**
   * Returns money on a completed payment: through the provider's refund API for PayPal (outside any transaction,
   * with an idempotency key per refund so a retried request never refunds twice), recorded only for money the
   * committee took by hand. `requestKey` names this refund (one per committee action); the same key again is a no-op.
   */
  async refund(
    em: EntityManager,
    actor: Actor,
    paymentId: string,
    input: { amountCents: number; note: string; requestKey: string; notify?: boolean },
  ): Promise<{ refunded: boolean }> {
    const payment = await em.findOne(Payment, { id: paymentId });
    if (!payment || payment.purpose === 'refund') throw new AppError('NOT_FOUND', 'That payment does not exist.');
    const left = payment.amountCents - payment.refundedCents;
    if (payment.status !== 'completed') throw new AppError('BAD_REQUEST', 'Only a received payment can be refunded.');
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left) {
      throw new AppError('BAD_REQUEST', refundCeilingMessage(left), { field: 'amount' });
    }
    const by = { actor: actor.user, label: 'committee' };
    if (payment.provider === 'paypal') {
      if (!payment.providerCaptureId || this.deps.payments?.kind !== 'paypal')
        throw new AppError('SERVICE_UNAVAILABLE', 'PayPal is not configured, so this PayPal payment cannot be refunded from here.');
      const provider = this.deps.payments;
      let made;
      try {
        made = await provider.refund(
          payment.providerCaptureId!,
          centsToAmount(input.amountCents),
          payment.currency,
          `refund-${input.requestKey}`,
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.deps.log.warn({ paymentId, err: { message: error.message, status: error.status } }, 'PayPal refund failed');
        // PayPal's own refusal (already refunded in its dashboard, too old) is said as it is; nothing was recorded.
        if (error.status && error.status >= 400 && error.status < 500) {
          const why = REFUND_REFUSALS[error.issue ?? ''] ?? `PayPal refused it${error.issue ? ` (${error.issue})` : ''}`;
          throw new AppError('BAD_REQUEST', `No refund was made: ${why}. Nothing was recorded; check the payment in PayPal.`);
        }
        throw new AppError('BAD_GATEWAY', 'PayPal is not responding, so no refund was made. Please try again in a few minutes.');
      }
      return {
        refunded: await this.recordRefund(em, payment.id, {
          amountCents: input.amountCents,
          refundId: made.refundId,
          by,
          note: input.note,
          notify: input.notify === true,
        }),
      };
    }
    return {
      refunded: await this.recordRefund(em, payment.id, {
        amountCents: input.amountCents,
        refundId: `${payment.provider}-${input.requestKey}`,
        by,
        note: input.note,
        notify: input.notify === true,
      }),
    };
  }

  /**
   * Records money returned on a payment as a negative payment of its own (so every sum of received money nets
   * it out), once per provider refund id. Returns false when that refund was already recorded.
   */
  async recordRefund(
    em: EntityManager,
    paymentId: string,
    refund: {
      amountCents: number;
      refundId: string;
      by: { actor: Actor['user']; label: string };
      note: string;
      /** The payer's credit note (default); false where the caller tells the payer itself (a cancelled entry). */
      notify?: boolean;
    },
  ): Promise<boolean> {
    let created: Payment | undefined;
    const recorded = await em.transactional(async (tem) => {
      const original = await tem.findOneOrFail(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const providerOrderId = `refund-${refund.refundId}`.slice(0, 64);
      if (await tem.count(Payment, { providerOrderId })) return false;
      if (
        original.status !== 'completed' ||
        refund.amountCents <= 0 ||
        refund.amountCents > original.amountCents - original.refundedCents
      ) {
        throw new AppError('BAD_REQUEST', refundCeilingMessage(original.amountCents - original.refundedCents), { field: 'amount' });
      }
      created = tem.create(Payment, {
        kind: original.kind,
        purpose: 'refund',
        household: original.household,
        sponsor: original.sponsor,
        season: original.season,
        refundOf: original,
        createdBy: refund.by.actor,
        description: `Refund: ${original.description}`.slice(0, 200),
        payee: original.payee,
        amountCents: -refund.amountCents,
        currency: original.currency,
        provider: original.provider,
        method: original.method,
        providerOrderId,
        providerCaptureId: refund.refundId.slice(0, 64),
        status: 'completed',
        capturedAt: this.deps.clock.now(),
        lastError: refund.note,
        rawResponse: null,
      });
      original.refundedCents += refund.amountCents;
      recordAudit(tem, {
        actor: refund.by.actor,
        actorLabel: refund.by.label,
        action: 'payment.refund',
        entityType: 'Payment',
        entityId: original.id,
        after: {
          refundedCents: refund.amountCents,
          totalRefundedCents: original.refundedCents,
          refundId: refund.refundId,
          note: refund.note,
        },
      });
      return true;
    });
    // After the commit: the payer's credit note, once for each refund recorded (a retried one records nothing).
    if (recorded && created && refund.notify !== false) await sendRefundNotice(em, created.id, this.deps);
    return recorded;
  }
}
