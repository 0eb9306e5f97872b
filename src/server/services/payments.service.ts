import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addYears, clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { centsToAmount, CURRENCY, formatAud, MEMBERSHIP_LABELS } from '../../shared/membership';
import type { CaptureResult, CreateOrderRequest, PaymentSetup } from '../../shared/members.schema';
import type { Clock } from '../clock';
import { Household, Member, Payment } from '../db/entities';
import { membershipReceiptMessage } from '../emails/membership.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { PaymentProviderError, type PaymentProvider } from '../integrations/payments';
import { recordAudit } from './audit.service';
import type { Actor } from './auth.service';
import { effectiveStatus, feeFor } from './members.service';

export interface PaymentsDeps {
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider | null;
  publicUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const UNAVAILABLE = 'Online payments are not available right now. Please contact the club to pay your membership.';
const PROVIDER_DOWN = 'The payment service is not responding. No money was taken; please try again in a few minutes.';

/** '40', '40.0' and '40.00' are 4000 cents; anything else is not an amount. */
function parseAmountCents(amount: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private provider(): PaymentProvider {
    if (!this.deps.payments) throw new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE);
    return this.deps.payments;
  }

  async setup(): Promise<PaymentSetup> {
    const provider = this.provider();
    const config = await this.guard(() => provider.clientConfig());
    return { provider: provider.kind, ...config, currency: CURRENCY };
  }

  /**
   * Creates a provider order for what the caller owes: the join form in their session, or else their own
   * membership's renewal. The amount is the server's; a client that expects another amount is refused.
   */
  async createOrder(em: EntityManager, actor: Actor, input: CreateOrderRequest, registrationHouseholdId?: string): Promise<{ id: string }> {
    const provider = this.provider();
    if (input.intent !== 'CAPTURE') throw new AppError('BAD_REQUEST', 'Only immediate payment (intent CAPTURE) is supported.', { field: 'intent' });
    if (input.currency !== CURRENCY) throw new AppError('BAD_REQUEST', 'Payments are in Australian dollars (AUD).', { field: 'currency' });

    const { household, members, purpose } = await this.payable(em, actor, registrationHouseholdId);
    const expected = feeFor(household, members);
    const offered = parseAmountCents(input.amount);
    if (offered === null) throw new AppError('BAD_REQUEST', 'The amount must be a number of dollars, such as 40.00.', { field: 'amount' });
    if (offered !== expected) {
      throw new AppError('BAD_REQUEST', `The amount does not match the ${MEMBERSHIP_LABELS[household.membershipType].toLowerCase()} membership fee of ${formatAud(expected)}.`, { field: 'amount' });
    }

    const payment = em.create(Payment, {
      kind: 'membership',
      purpose,
      household,
      createdBy: actor.user,
      description: `${MEMBERSHIP_LABELS[household.membershipType]} membership ${purpose === 'renewal' ? 'renewal' : 'fee'}`,
      payee: payeeOf(members),
      amountCents: expected,
      currency: CURRENCY,
      provider: provider.kind,
      providerOrderId: 'pending',
      rawResponse: null,
    });
    const order = await this.guard(() =>
      provider.createOrder({ amount: centsToAmount(expected), currency: CURRENCY, description: payment.description, reference: payment.id, requestId: `order-${payment.id}` }),
    );
    payment.providerOrderId = order.id;
    payment.rawResponse = order.raw;
    await em.flush();
    return { id: order.id };
  }

  /**
   * Captures an order once. Concurrent captures queue on the payment's row lock; the first one asks the
   * provider, the others find it completed and answer alike. Activation needs COMPLETED and the exact amount.
   */
  async capture(em: EntityManager, actor: Actor, orderId: string): Promise<CaptureResult> {
    const provider = this.provider();
    const outcome = await em.transactional(async (tem) => {
      const payment = await tem.findOne(Payment, { providerOrderId: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!payment || payment.kind !== 'membership' || !payment.household) {
        throw new AppError('NOT_FOUND', 'We could not find that payment. Please start the payment again.');
      }
      if (payment.status === 'completed') return { payment, fresh: false };

      const result = await this.guard(() => provider.captureOrder(orderId, `capture-${payment.id}`));
      payment.rawResponse = result.raw;
      if (result.outcome === 'declined') {
        // The buyer may try another card on the same order, so it stays open.
        payment.lastError = result.reason;
        return { payment, declined: result.reason };
      }
      if (result.currency !== payment.currency || parseAmountCents(result.amount) !== payment.amountCents) {
        payment.status = 'failed';
        payment.lastError = `Captured ${result.amount} ${result.currency}, expected ${centsToAmount(payment.amountCents)} ${payment.currency}.`;
        this.deps.log.error({ paymentId: payment.id, orderId }, 'Captured amount differs from the order: membership not activated');
        return { payment, declined: payment.lastError };
      }
      payment.status = 'completed';
      payment.capturedAt = this.deps.clock.now();
      payment.providerCaptureId = result.captureId;
      payment.lastError = null;
      await this.activate(tem, actor, payment);
      return { payment, fresh: true };
    });

    if ('declined' in outcome) {
      throw new AppError('PAYMENT_REQUIRED', 'Payment failed. Please try again or contact support if the issue persists.');
    }
    const members = await em.find(Member, { household: outcome.payment.household! }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    if (outcome.fresh) await this.sendReceipt(outcome.payment, members);
    const primary = members[0];
    return {
      id: orderId,
      status: 'COMPLETED',
      amount: centsToAmount(outcome.payment.amountCents),
      currency: outcome.payment.currency,
      membership: {
        status: effectiveStatus(primary, clubToday(this.deps.clock.now())),
        memberSince: primary.memberSince ?? null,
        expiryDate: primary.expiryDate ?? null,
        members: members.map((m) => `${m.firstName} ${m.lastName}`),
      },
    };
  }

  /** Which household the caller is paying for, and whether it is joining or renewing. */
  private async payable(em: EntityManager, actor: Actor, registrationHouseholdId?: string) {
    if (registrationHouseholdId) {
      const household = await em.findOne(Household, { id: registrationHouseholdId });
      const members = household ? await em.find(Member, { household }) : [];
      if (household && members.length && members.every((m) => m.memberSince === null || m.memberSince === undefined)) {
        return { household, members, purpose: 'join' as const };
      }
    }
    const own = actor.user ? await em.findOne(Member, { user: actor.user }, { populate: ['household'] }) : null;
    if (own) return { household: own.household, members: await em.find(Member, { household: own.household }), purpose: own.memberSince ? ('renewal' as const) : ('join' as const) };
    throw new AppError('BAD_REQUEST', 'There is nothing to pay for yet. Please fill in the join form first.');
  }

  /** Every member of the household becomes active until one year after the later of today and their expiry. */
  private async activate(em: EntityManager, actor: Actor, payment: Payment): Promise<void> {
    const today = clubToday(this.deps.clock.now());
    const members = await em.find(Member, { household: payment.household! });
    const latest = members.reduce<string>((max, m) => (m.expiryDate && m.expiryDate > max ? m.expiryDate : max), today);
    const expiryDate = addYears(latest, 1);
    for (const member of members) {
      const before = { status: member.status, expiryDate: member.expiryDate ?? null };
      member.status = 'active';
      member.memberSince ??= today;
      member.expiryDate = expiryDate;
      recordAudit(em, { actor: actor.user, actorLabel: 'payment', action: 'member.activate', entityType: 'Member', entityId: member.id, before, after: { status: 'active', expiryDate, paymentId: payment.id } });
    }
  }

  private async sendReceipt(payment: Payment, members: Member[]): Promise<void> {
    const primary = members[0];
    if (!primary?.email) return;
    const mail = await membershipReceiptMessage({
      firstName: primary.firstName,
      amountCents: payment.amountCents,
      membershipType: primary.membershipType,
      memberNames: members.map((m) => `${m.firstName} ${m.lastName}`),
      expiryDate: primary.expiryDate!,
      reference: payment.providerCaptureId ?? payment.providerOrderId,
      paidOn: clubToday(payment.capturedAt ?? this.deps.clock.now()),
      renewal: payment.purpose === 'renewal',
      portalUrl: `${this.deps.publicUrl}/member`,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: primary.email, ...mail });
  }

  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.deps.log.warn({ err: { message: error.message, status: error.status } }, 'Payment provider failed');
        throw new AppError('BAD_GATEWAY', PROVIDER_DOWN);
      }
      throw error;
    }
  }
}

/** The household's primary member (or first member) as the payee in the accounts. */
function payeeOf(members: Member[]): string | null {
  const primary = members.find((m) => m.isPrimary) ?? members[0];
  return primary ? `${primary.firstName} ${primary.lastName}` : null;
}
