import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Payment } from '../db/entities';
import { PaymentProviderError } from '../integrations/payments';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { alreadyPaidSince, captureRequestId, providerOf, type PaymentsDeps } from './payment-common';
import type { PaymentSettlement } from './settlement';

/** An order nobody approved within this time is closed (PayPal lets an unapproved order lapse after 3 hours). */
const ABANDONED_AFTER_MS = 6 * 3600_000;
/** How long the reconciliation job leaves a fresh order to the browser before it asks PayPal itself. */
const RECONCILE_AFTER_MS = 10 * 60_000;

/**
 * Payments left unfinished (an answer lost, a browser closed after approving, a capture PayPal holds) asked about
 * again and completed or closed, and the closing of an order itself.
 */
export class PaymentReconciliation {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly settlement: Pick<PaymentSettlement, 'settle'>,
  ) {}

  /** A capture PayPal reported pending, asked about again (the dialog, the member's banner, reconciliation). */
  async refreshPending(em: EntityManager, payment: Payment): Promise<void> {
    try {
      const answer = await providerOf(this.deps).getCapture(payment.providerCaptureId!);
      if (answer.outcome !== 'pending') await this.settlement.settle(em, payment.id, answer, { actor: null, label: 'reconciliation' });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // PayPal unreachable: the payment stays pending and the webhook or the next check settles it.
    }
  }

  /**
   * Reconciliation: asks the provider about payments left unfinished (an answer lost on the way, a browser
   * closed after approving, a capture still pending) and completes or closes them. Each run claims its rows,
   * so several instances never ask twice about the same payment at once.
   */
  async reconcile(em: EntityManager): Promise<{ checked: number; completed: number; closed: number }> {
    const provider = this.deps.payments;
    if (!provider) return { checked: 0, completed: 0, closed: 0 };
    const now = this.deps.clock.now();
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      // Open payments, and once each, orders voided here (a newer form, a newer order) that PayPal may still have
      // captured if an answer was lost on the way.
      `update payments set checked_at = ? where id in (
         select id from payments
         where provider = ? and provider_order_id not like 'unsent-%' and provider_order_id not like 'invoice-%' and created_at < ?
           and ((status in ('created', 'pending') and (checked_at is null or checked_at < ?))
             or (status = 'void' and checked_at is null and created_at > ?))
         order by created_at limit 50 for update skip locked
       ) returning id`,
      [
        now,
        provider.kind,
        new Date(now.getTime() - RECONCILE_AFTER_MS),
        new Date(now.getTime() - RECONCILE_AFTER_MS),
        new Date(now.getTime() - 3 * 86_400_000),
      ],
    );
    const result = { checked: claimed.length, completed: 0, closed: 0 };
    for (const { id } of claimed) {
      const fork = em.fork();
      const payment = await fork.findOneOrFail(Payment, { id });
      try {
        const outcome = await this.reconcileOne(fork, payment, now);
        if (outcome === 'completed') result.completed += 1;
        if (outcome === 'closed') result.closed += 1;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.deps.log.warn(
          { paymentId: id, err: { message: error.message, status: error.status } },
          'Reconciliation could not reach the payment provider',
        );
      }
    }
    if (result.completed || result.closed) this.deps.log.info(result, 'Payments reconciled');
    return result;
  }

  private async reconcileOne(em: EntityManager, payment: Payment, now: Date): Promise<'completed' | 'closed' | 'unchanged'> {
    const provider = providerOf(this.deps);
    const by = { actor: null, label: 'reconciliation' };
    if (payment.status === 'pending' && payment.providerCaptureId) {
      const settled = await this.settlement.settle(em, payment.id, await provider.getCapture(payment.providerCaptureId), by);
      return settled.kind === 'completed' ? 'completed' : 'unchanged';
    }
    const order = await provider.getOrder(payment.providerOrderId);
    if (order.state === 'captured') {
      const settled = await this.settlement.settle(em, payment.id, order.capture, by);
      return settled.kind === 'completed' ? 'completed' : 'unchanged';
    }
    if (payment.status === 'void') return 'unchanged';
    if (order.state === 'approved') {
      // The buyer approved and our capture never reached PayPal (a browser closed, an answer lost): finish it,
      // unless the household paid another way since.
      if (await alreadyPaidSince(em, payment)) return this.close(em, payment, 'The membership was paid by another payment.', by);
      const settled = await this.settlement.settle(
        em,
        payment.id,
        await provider.captureOrder(payment.providerOrderId, captureRequestId(payment)),
        by,
      );
      return settled.kind === 'completed' ? 'completed' : 'unchanged';
    }
    // An invoice is older than its newest order, so only the provider's own word closes an invoice's order.
    if (
      order.state === 'voided' ||
      order.state === 'not_found' ||
      (!payment.payTokenHash && now.getTime() - payment.createdAt.getTime() > ABANDONED_AFTER_MS)
    ) {
      return this.close(
        em,
        payment,
        order.state === 'created' ? 'Not approved in time.' : `The provider reports the order as ${order.state.replace('_', ' ')}.`,
        by,
      );
    }
    return 'unchanged';
  }

  async close(em: EntityManager, payment: Payment, reason: string, by: { actor: Actor['user']; label: string }): Promise<'closed'> {
    await em.transactional(async (tem) => {
      const locked = await tem.findOneOrFail(Payment, { id: payment.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (locked.status !== 'created') return;
      if (locked.payTokenHash) {
        // A sponsor's invoice outlives its orders: it stays payable from its link, with a new order next time.
        locked.providerOrderId = `invoice-${crypto.randomUUID()}`;
        locked.lastError = reason;
        recordAudit(tem, {
          actor: by.actor,
          actorLabel: by.label,
          action: 'payment.order_closed',
          entityType: 'Payment',
          entityId: locked.id,
          after: { reason },
        });
        return;
      }
      locked.status = 'void';
      locked.lastError = reason;
      recordAudit(tem, {
        actor: by.actor,
        actorLabel: by.label,
        action: 'payment.closed',
        entityType: 'Payment',
        entityId: locked.id,
        after: { reason },
      });
    });
    return 'closed';
  }
}
