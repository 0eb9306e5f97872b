import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntryCaptureResult } from '../../shared/entries.schema';
import { AppError } from '../../shared/errors';
import { centsToAmount, CURRENCY } from '../../shared/membership';
import type { Clock } from '../clock';
import { Payment, type Event, type EventRegistration, type Member, type PaymentEntries, type User } from '../db/entities';
import { PaymentProviderError, type PaymentProvider } from '../integrations/payments';
import type { Actor } from '../platform/actor';
import type { PayerSession, PaymentsService } from '../payments/payments.service';

export interface EntryOrdersDeps {
  clock: Clock;
  /** The online payment provider; null: entry fees are taken at the sign-on desk only. */
  payments: PaymentProvider | null;
  /** Orders, captures and settling go the way of every other payment (receipts and audit included). */
  paymentsService: Pick<PaymentsService, 'sendOrder' | 'settle' | 'captureAndSettle'>;
}

export const NO_ONLINE_PAYMENT = 'Online payment is not available right now. Please pay your entry fee at the sign-on desk on the day.';
const NOT_YOURS = 'We could not find that payment. Please start the payment again.';
const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Entry fees paid online: one order for exactly the entries it was priced for (a member's household's, or a guest's),
 * captured once for the browser or account that made it, then settled like every other payment.
 */
export class EntryOrders {
  constructor(private readonly deps: EntryOrdersDeps) {}

  /**
   * Writes the payment row for these entries and asks the provider for an order (outside any transaction). An
   * earlier open order for any of them is asked about first: one that was paid after all is settled and the new
   * one refused, so nobody pays twice; the others are closed.
   */
  async orderEntries(
    em: EntityManager,
    user: User | null,
    payer: PayerSession,
    event: Event,
    entries: EventRegistration[],
    payee: string,
  ): Promise<string> {
    const provider = this.deps.payments;
    if (!provider) throw new AppError('SERVICE_UNAVAILABLE', NO_ONLINE_PAYMENT);
    const ids = new Set(entries.map((e) => e.id));
    const open = await em.find(Payment, { kind: 'event', event, status: 'created', provider: provider.kind });
    for (const earlier of open.filter((p) => p.entries?.some((e) => ids.has(e.registrationId)))) {
      if (!earlier.providerOrderId.startsWith('unsent-')) {
        const state = await provider.getOrder(earlier.providerOrderId).catch((error: unknown) => {
          if (error instanceof PaymentProviderError)
            throw new AppError(
              'BAD_GATEWAY',
              'The payment service is not responding. No money was taken; please try again in a few minutes.',
            );
          throw error;
        });
        if (state.state === 'captured') {
          const settled = await this.deps.paymentsService.settle(em, earlier.id, state.capture, { actor: user, label: 'entry payment' });
          if (settled.kind !== 'declined')
            throw new AppError('CONFLICT', 'Your earlier payment for this entry went through after all, so there is nothing more to pay.');
        }
      }
      await em.nativeUpdate(
        Payment,
        { id: earlier.id, status: 'created' },
        { status: 'void', lastError: 'Replaced by a newer order.', checkedAt: null },
      );
    }
    const priced: PaymentEntries = entries.map((e) => ({
      registrationId: e.id,
      memberId: e.member.id,
      name: fullName(e.member),
      feeCents: e.feeCents,
    }));
    const payment = em.create(Payment, {
      kind: 'event',
      purpose: 'entry',
      household: null,
      event,
      entries: priced,
      createdBy: user,
      payerKey: payer.ensureKey(),
      description: `Entry: ${event.name} (${priced.map((p) => p.name).join(', ')})`.slice(0, 200),
      payee,
      amountCents: priced.reduce((sum, p) => sum + p.feeCents, 0),
      currency: CURRENCY,
      provider: provider.kind,
      method: provider.kind,
      providerOrderId: `unsent-${crypto.randomUUID()}`,
      rawResponse: null,
      createdAt: this.deps.clock.now(),
    });
    await em.flush();
    return this.deps.paymentsService.sendOrder(em, payment);
  }

  /** Captures an entry order for the browser or account that created it; repeating it after a lost answer is safe. */
  async capture(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<EntryCaptureResult> {
    const payment = await this.ownedOrder(em, actor, payer, orderId);
    return this.captureOrder(em, payment, { actor: actor.user, label: 'entry payment' });
  }

  /** The entry payment behind an order id, for the browser or account that created it; anyone else is told it does not exist. */
  async ownedOrder(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<Payment> {
    const payment = await em.findOne(Payment, { providerOrderId: orderId, kind: 'event', purpose: 'entry' });
    const mine =
      payment &&
      ((payment.createdBy && actor.user?.id === payment.createdBy.id) || (payer.key !== undefined && payer.key === payment.payerKey));
    if (!payment || !mine) throw new AppError('NOT_FOUND', NOT_YOURS);
    return payment;
  }

  /** Captures (once: the provider answers a repeat with its first answer) and settles; a paid order is answered as it stands. */
  async captureOrder(em: EntityManager, payment: Payment, by: { actor: Actor['user']; label: string }): Promise<EntryCaptureResult> {
    if (!this.deps.payments) throw new AppError('SERVICE_UNAVAILABLE', NO_ONLINE_PAYMENT);
    if (payment.status === 'void')
      throw new AppError(
        'CONFLICT',
        'This payment was replaced by a newer one, or it was closed. No money was taken for it; please start the payment again.',
      );
    if (payment.status === 'created') {
      const { settled } = await this.deps.paymentsService.captureAndSettle(em, payment, by);
      if (settled.kind === 'declined') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    } else if (payment.status !== 'completed' && payment.status !== 'pending') {
      throw new AppError('PAYMENT_REQUIRED', DECLINED);
    }
    const current = await em.findOneOrFail(Payment, { id: payment.id }, { refresh: true });
    const names = (current.entries ?? []).map((e) => e.name);
    return {
      status: current.status === 'pending' ? 'PENDING' : 'COMPLETED',
      amount: centsToAmount(current.amountCents),
      names,
      message:
        current.status === 'pending'
          ? 'PayPal is still processing your payment. The entry counts as paid as soon as PayPal releases it; we will e-mail your receipt.'
          : `Payment received: ${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} entered and paid. Your receipt is on its way by e-mail.`,
    };
  }
}
