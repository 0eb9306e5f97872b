import type { EntityManager } from '@mikro-orm/postgresql';
import { formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { documentsNeededMessage, documentsToAccept, type ClubDocuments } from '../../shared/documents';
import { peopleLine } from '../../shared/member-names';
import {
  centsToAmount,
  CURRENCY,
  formatAud,
  membershipLabels,
  MEMBERSHIP_TYPE_NAMES,
  type MembershipRules,
  type MembershipType,
  NOT_AN_AMOUNT,
  parseAmountCents,
} from '../../shared/membership';
import type { CaptureResult, CreateOrderRequest, PaymentSetup } from '../../shared/members.schema';
import { renewalWindow } from '../../shared/payments';
import { Household, Member, Payment, type PaymentCovers } from '../db/entities';
import type { ProviderCapture } from '../integrations/payments';
import type { Actor } from '../platform/actor';
import { effectiveStatus, isCurrentMember } from '../membership/member-status';
import { feeFor } from '../membership/members.service';
import { householdAdult, waitingAddition } from '../membership/household-additions';
import { beginHouseholdChange, CAPTURE_CLAIM_MS, HOUSEHOLD_CHANGED } from '../membership/household-changes';
import {
  alreadyPaidSince,
  captureRequestId,
  DECLINED,
  guarded,
  NOT_YOURS,
  providerOf,
  todayFor,
  type PayerSession,
  type PaymentsDeps,
  type Settled,
} from './payment-common';
import type { PaymentReconciliation } from './reconciliation';
import type { PaymentSettlement } from './settlement';

/** What an order for a household's membership was priced at and for: the fields of its payment row. */
interface OrderPricing {
  purpose: 'join' | 'renewal' | 'add_member';
  covers: PaymentCovers;
  description: string;
  payee: string | null;
  amountCents: number;
}

/**
 * Checkout: a membership order priced by the server and written under the household's lock, sent to the provider
 * outside the transaction, captured for the browser or account that made it, and where it stands afterwards.
 * Settling the answer is settlement.ts's.
 */
export class PaymentCheckout {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly settlement: Pick<PaymentSettlement, 'settle'>,
    private readonly reconciliation: Pick<PaymentReconciliation, 'close' | 'refreshPending'>,
  ) {}

  async setup(): Promise<PaymentSetup> {
    const provider = providerOf(this.deps);
    const config = await guarded(this.deps, () => provider.clientConfig());
    return { provider: provider.kind, ...config, currency: CURRENCY };
  }

  /**
   * Creates a provider order for what the caller owes: the join form of this browser, or else their own
   * membership's renewal. The amount is the server's; a client that expects another amount is refused. The
   * order records exactly whom it was priced for, and only the newest open order of a household can be paid.
   */
  async createOrder(
    em: EntityManager,
    actor: Actor,
    payer: PayerSession,
    input: CreateOrderRequest,
    registrationHouseholdId?: string,
  ): Promise<{ id: string }> {
    providerOf(this.deps);
    if (input.intent !== 'CAPTURE')
      throw new AppError('BAD_REQUEST', 'Only immediate payment (intent CAPTURE) is supported.', { field: 'intent' });
    if (input.currency !== CURRENCY) throw new AppError('BAD_REQUEST', 'Payments are in Australian dollars (AUD).', { field: 'currency' });
    const offered = parseAmountCents(input.amount);
    if (offered === null) throw new AppError('BAD_REQUEST', NOT_AN_AMOUNT, { field: 'amount' });
    if (input.addMembers) return this.createAdditionOrder(em, actor, payer, offered);

    const { household } = await this.payable(em, actor, registrationHouseholdId);
    await this.refuseWhileHeld(em, household);
    await this.settleEarlierOrders(em, household);
    // Priced at the club's fees as they stand now; the order keeps this price whatever they become before it is paid.
    const rules = await this.deps.club.membership(em);
    const documents = await this.deps.club.documents(em);
    return this.orderUnderLock(em, actor, payer, household.id, async (tem, locked) => {
      const members = await tem.find(Member, { household: locked }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' }, refresh: true });
      const purpose = members.some((m) => m.memberSince) ? ('renewal' as const) : ('join' as const);
      if (purpose === 'renewal') this.checkRenewalWindow(rules, members, input.earlyRenewal === true);
      refuseWithoutDocuments(documents, members);
      const expected = feeFor(rules, locked, members);
      if (offered !== expected) {
        throw new AppError(
          'BAD_REQUEST',
          `The amount does not match the ${membershipLabels(rules)[locked.membershipType].toLowerCase()} membership fee of ${formatAud(expected)}.`,
          { field: 'amount' },
        );
      }
      return {
        purpose,
        covers: { householdType: locked.membershipType, members: members.map((m) => ({ id: m.id, membershipType: m.membershipType })) },
        description: membershipDescription(locked.membershipType, purpose, members),
        payee: payeeOf(members),
        amountCents: expected,
      };
    });
  }

  /**
   * An order for the junior waiting to be added to the caller's household, priced by the server on the household's
   * current members (`juniorAddition`); it activates that junior only, until the household's membership ends.
   */
  private async createAdditionOrder(em: EntityManager, actor: Actor, payer: PayerSession, offered: number): Promise<{ id: string }> {
    const today = todayFor(this.deps);
    const rules = await this.deps.club.membership(em);
    const own = await householdAdult(em, rules, actor, today);
    await this.refuseWhileHeld(em, own.household);
    await this.settleEarlierOrders(em, own.household);
    return this.orderUnderLock(em, actor, payer, own.household.id, async (tem) => {
      const addition = await waitingAddition(tem, rules, own, today);
      if (!addition || addition.price.dueCents === 0) {
        throw new AppError('BAD_REQUEST', 'Nobody is waiting to be paid for in your household.', { field: 'addMembers' });
      }
      const { waiting, price } = addition;
      if (offered !== price.dueCents) {
        throw new AppError(
          'BAD_REQUEST',
          `The amount does not match the ${formatAud(price.dueCents)} that adding ${waiting.firstName} costs.`,
          {
            field: 'amount',
          },
        );
      }
      return {
        purpose: 'add_member',
        covers: {
          householdType: price.householdType,
          members: [{ id: waiting.id, membershipType: price.householdType === 'family' ? 'family' : 'junior' }],
        },
        description: `${waiting.firstName} ${waiting.lastName} added to the membership${price.becomesFamily ? ' (now a family membership)' : ''}`,
        payee: payeeOf([own]),
        amountCents: price.dueCents,
      };
    });
  }

  /** No new order while PayPal holds a membership payment for the household: it may still be released. */
  private async refuseWhileHeld(em: EntityManager, household: Household): Promise<void> {
    if (await em.count(Payment, { household, kind: 'membership', status: 'pending' })) {
      throw new AppError(
        'CONFLICT',
        'PayPal is still processing a payment for this membership. It starts as soon as PayPal releases it; there is nothing more to pay.',
      );
    }
  }

  /**
   * Writes a household's order row under the household's row lock (household-changes.ts): `price` reads the
   * household afresh under it, so the order covers exactly what it priced, and a change to the household after this
   * voids the order. The household's other unpaid orders are voided here, so only the newest can be paid. The row
   * exists before the provider is asked (outside the transaction), so its id is the idempotency key and the
   * reference PayPal shows.
   */
  private async orderUnderLock(
    em: EntityManager,
    actor: Actor,
    payer: PayerSession,
    householdId: string,
    price: (tem: EntityManager, household: Household) => Promise<OrderPricing>,
  ): Promise<{ id: string }> {
    const provider = providerOf(this.deps);
    const now = this.deps.clock.now();
    const paymentId = await em.transactional(async (tem) => {
      const household = await beginHouseholdChange(tem, householdId, now, 'member', 'Replaced by a newer order.');
      const priced = await price(tem, household);
      const payment = tem.create(Payment, {
        kind: 'membership',
        household,
        createdBy: actor.user,
        payerKey: payer.ensureKey(),
        currency: CURRENCY,
        provider: provider.kind,
        method: provider.kind,
        providerOrderId: `unsent-${crypto.randomUUID()}`,
        rawResponse: null,
        // The club's clock (not the database's): reconciliation measures an order's age with it.
        createdAt: now,
        ...priced,
      });
      await tem.flush();
      return payment.id;
    });
    return { id: await this.sendOrder(em, await em.findOneOrFail(Payment, { id: paymentId })) };
  }

  /**
   * Before a household gets a new order, its earlier open orders are checked with the provider: one that was
   * captured after all (its answer lost, the database away at that moment) is settled now and the new order is
   * refused, so nobody pays twice for one membership.
   */
  private async settleEarlierOrders(em: EntityManager, household: Household): Promise<void> {
    const provider = providerOf(this.deps);
    const open = await em.find(Payment, {
      household,
      kind: 'membership',
      $or: [{ status: 'created' }, { status: 'void', checkedAt: null }],
      provider: provider.kind,
      $not: { providerOrderId: { $like: 'unsent-%' } },
      createdAt: { $gt: new Date(this.deps.clock.now().getTime() - 3 * 86_400_000) },
    });
    for (const earlier of open) {
      const state = await guarded(this.deps, () => provider.getOrder(earlier.providerOrderId));
      if (earlier.status === 'void') earlier.checkedAt = this.deps.clock.now();
      if (state.state !== 'captured') continue;
      const wasOpen = earlier.status === 'created';
      await em.flush();
      const settled = await this.settlement.settle(em, earlier.id, state.capture, { actor: null, label: 'payment' });
      if (wasOpen && (settled.kind === 'completed' || settled.kind === 'pending')) {
        throw new AppError(
          'CONFLICT',
          'Your earlier payment for this membership went through after all, so there is nothing more to pay. Check your e-mail for the receipt.',
        );
      }
    }
    await em.flush();
  }

  /** Asks the provider for an order for a payment row already written; the row is voided if that fails. */
  async sendOrder(em: EntityManager, payment: Payment): Promise<string> {
    const provider = providerOf(this.deps);
    try {
      const order = await guarded(this.deps, () =>
        // A sponsor's invoice may need several orders over time: each attempt gets its own key.
        provider.createOrder({
          amount: centsToAmount(payment.amountCents),
          currency: payment.currency,
          description: payment.description,
          reference: payment.id,
          requestId: `order-${payment.payTokenHash ? payment.providerOrderId : payment.id}`,
        }),
      );
      payment.providerOrderId = order.id;
      payment.rawResponse = order.raw;
      await em.flush();
      return order.id;
    } catch (error) {
      // A sponsor's invoice stays payable: only this attempt failed.
      if (!payment.payTokenHash) {
        payment.status = 'void';
        payment.lastError = 'The provider did not create the order.';
        await em.flush().catch(() => {});
      }
      throw error;
    }
  }

  /**
   * Captures the current order of a payment row (a sponsor's invoice) outside any transaction and settles the
   * answer; asking again after a lost answer gets the provider's first answer, so it never charges twice.
   */
  async captureAndSettle(
    em: EntityManager,
    payment: Payment,
    by: { actor: Actor['user']; label: string },
  ): Promise<{ settled: Settled; answer: ProviderCapture }> {
    const provider = providerOf(this.deps);
    const answer = await guarded(this.deps, () => provider.captureOrder(payment.providerOrderId, captureRequestId(payment)));
    return { settled: await this.settlement.settle(em, payment.id, answer, by), answer };
  }

  /**
   * Captures an order for the browser or account that created it. The provider is asked outside any
   * transaction (with a fixed idempotency key, so asking again after a lost answer never charges twice);
   * its answer is then settled under the payment's row lock.
   */
  async capture(
    em: EntityManager,
    actor: Actor,
    payer: PayerSession,
    orderId: string,
    options: { simulate?: 'decline' } = {},
  ): Promise<CaptureResult> {
    const provider = providerOf(this.deps);
    const payment = await this.ownedPayment(em, actor, payer, orderId);
    if (payment.status === 'completed' || payment.status === 'pending') {
      if (payment.status === 'pending' && payment.providerCaptureId) await this.reconciliation.refreshPending(em, payment);
      return this.outcomeOf(em, payment.id);
    }
    if (payment.status === 'void') throw await this.voidedOrder(em, payment);
    if (payment.status !== 'created') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    await this.refuseIfAlreadyPaid(em, payment);
    if (payment.purpose === 'join' || payment.purpose === 'renewal') {
      refuseWithoutDocuments(
        await this.deps.club.documents(em),
        await em.find(Member, { household: payment.household! }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } }),
      );
    }

    // One capture at a time asks the provider (a double click, two tabs); the others wait for its outcome. A claim
    // left by a request that died half-way (the database went away) lapses after CAPTURE_CLAIM_MS.
    const deadline = Date.now() + 20_000;
    while (!(await this.claimCapture(em, payment.id))) {
      if (Date.now() > deadline)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Your payment is still being confirmed. Please wait a moment; nothing more will be taken.',
        );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const current = await em.findOneOrFail(Payment, { id: payment.id }, { refresh: true });
      if (current.status === 'completed' || current.status === 'pending') return this.outcomeOf(em, payment.id);
      if (current.status === 'void') throw await this.voidedOrder(em, current);
      if (current.status !== 'created') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    }
    let settled: Settled;
    try {
      const answer = await guarded(this.deps, () =>
        provider.captureOrder(orderId, captureRequestId(payment), { simulateDecline: options.simulate === 'decline' }),
      );
      settled = await this.settlement.settle(em, payment.id, answer, { actor: actor.user, label: 'payment' });
    } finally {
      await em.nativeUpdate(Payment, { id: payment.id, status: 'created' }, { checkedAt: null }).catch(() => {});
    }
    if (settled.kind === 'declined') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    return this.outcomeOf(em, payment.id);
  }

  /**
   * Why a voided order cannot be paid: its household changed after it was priced (with what paying now costs), or a
   * newer order or the reconciliation replaced it. Nothing was taken for it either way.
   */
  private async voidedOrder(em: EntityManager, payment: Payment): Promise<AppError> {
    if (payment.lastError !== HOUSEHOLD_CHANGED || !payment.household) {
      return new AppError(
        'CONFLICT',
        'This payment was replaced by a newer one, or it was closed. No money was taken for it; please start the payment again.',
      );
    }
    const changed = 'Your household changed after this payment was set up, so it was not taken.';
    if (payment.purpose === 'add_member') return new AppError('CONFLICT', `${changed} Please check your household and pay again.`);
    const household = await em.findOneOrFail(Household, { id: payment.household.id }, { refresh: true });
    const members = await em.find(Member, { household }, { refresh: true });
    const rules = await this.deps.club.membership(em);
    return new AppError(
      'CONFLICT',
      `${changed} The membership now costs ${formatAud(feeFor(rules, household, members))}: please close this and pay again.`,
    );
  }

  /** Marks a capture as under way, unless another one started within CAPTURE_CLAIM_MS. */
  private async claimCapture(em: EntityManager, paymentId: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const claimed = await em.nativeUpdate(
      Payment,
      { id: paymentId, status: 'created', $or: [{ checkedAt: null }, { checkedAt: { $lt: new Date(now.getTime() - CAPTURE_CLAIM_MS) } }] },
      { checkedAt: now },
    );
    return claimed === 1;
  }

  /** Where a payment stands, for the browser or account that created it (a dialog reopened, a pending payment). */
  async outcome(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<CaptureResult> {
    const payment = await this.ownedPayment(em, actor, payer, orderId);
    if (payment.status === 'pending' && payment.providerCaptureId) await this.reconciliation.refreshPending(em, payment);
    if (payment.status !== 'completed' && payment.status !== 'pending') {
      throw new AppError('PAYMENT_REQUIRED', payment.status === 'created' ? 'This payment has not been made yet.' : DECLINED);
    }
    return this.outcomeOf(em, payment.id);
  }

  /** The payment behind an order id, for the browser or account that created it; anyone else is told it does not exist. */
  private async ownedPayment(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<Payment> {
    const payment = await em.findOne(Payment, { providerOrderId: orderId, kind: 'membership' });
    const mine =
      payment &&
      ((payment.createdBy && actor.user?.id === payment.createdBy.id) || (payer.key !== undefined && payer.key === payment.payerKey));
    if (!payment || !mine || !payment.household) throw new AppError('NOT_FOUND', NOT_YOURS);
    return payment;
  }

  /** A second order for a household that has been paid since it was made (another tab, a double click) is refused unpaid. */
  private async refuseIfAlreadyPaid(em: EntityManager, payment: Payment): Promise<void> {
    if (!(await alreadyPaidSince(em, payment))) return;
    await this.reconciliation.close(em, payment, 'The membership was paid by another payment.', { actor: null, label: 'payment' });
    throw new AppError(
      'CONFLICT',
      'This membership has just been paid by another payment, so this one was not taken. Check your e-mail for the receipt.',
    );
  }

  private async outcomeOf(em: EntityManager, paymentId: string): Promise<CaptureResult> {
    const payment = await em.findOneOrFail(Payment, { id: paymentId }, { refresh: true });
    const members = await em.find(
      Member,
      { household: payment.household! },
      { orderBy: { isPrimary: 'desc', createdAt: 'asc' }, refresh: true },
    );
    const primary = members[0];
    return {
      id: payment.providerOrderId,
      status: payment.status === 'pending' ? 'PENDING' : 'COMPLETED',
      amount: centsToAmount(payment.amountCents),
      currency: payment.currency,
      membership: {
        status: effectiveStatus(primary, todayFor(this.deps)),
        memberSince: primary.memberSince ?? null,
        expiryDate: primary.expiryDate ?? null,
        members: members.map((m) => `${m.firstName} ${m.lastName}`),
      },
    };
  }

  /** Which household the caller is paying for, and whether it is joining or renewing. */
  private async payable(em: EntityManager, actor: Actor, registrationHouseholdId?: string) {
    const today = todayFor(this.deps);
    if (registrationHouseholdId) {
      const household = await em.findOne(Household, { id: registrationHouseholdId });
      const members = household ? await em.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } }) : [];
      // The join form of this browser, until it is paid.
      if (household && members.some((m) => !isCurrentMember(m, today))) {
        return { household, members, purpose: members.some((m) => m.memberSince) ? ('renewal' as const) : ('join' as const) };
      }
    }
    const own = actor.user ? await em.findOne(Member, { user: actor.user }, { populate: ['household'] }) : null;
    if (own) {
      const members = await em.find(Member, { household: own.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
      return { household: own.household, members, purpose: own.memberSince ? ('renewal' as const) : ('join' as const) };
    }
    throw new AppError('BAD_REQUEST', 'There is nothing to pay for yet. Please fill in the join form first.');
  }

  /** Renewal opens RENEWAL_WINDOW_DAYS before the membership ends; earlier only when the member asked for it. */
  private checkRenewalWindow(rules: MembershipRules, members: Member[], early: boolean): void {
    const window = renewalWindow(
      rules,
      members.map((m) => m.expiryDate ?? null),
      todayFor(this.deps),
    );
    if (window.open || early) return;
    throw new AppError(
      'CONFLICT',
      `Your membership is paid until ${formatAuDate(window.expiryDate!)}. Renewal opens on ${formatAuDate(window.opensOn!)}; renewing now would extend it to ${formatAuDate(window.extendsTo)}. Confirm an early renewal to pay now.`,
      { field: 'earlyRenewal' },
    );
  }
}

/** 'Family membership renewal — Ben, Lachlan and Mia Taylor': the kind of payment and everyone it covers. */
function membershipDescription(type: MembershipType, purpose: 'join' | 'renewal', members: Member[]): string {
  return `${MEMBERSHIP_TYPE_NAMES[type]} membership ${purpose === 'renewal' ? 'renewal' : 'fee'} — ${peopleLine(members)}`.slice(0, 200);
}

/**
 * A membership starts or is extended only once the household's primary adult, who fills in the form and pays for
 * everyone on it, has accepted the club's required documents at their current versions.
 */
function refuseWithoutDocuments(documents: ClubDocuments, members: Member[]): void {
  const primary = members.find((m) => m.isPrimary) ?? members[0];
  const missing = primary ? documentsToAccept(documents, primary.documentsAccepted) : [];
  if (missing.length) throw new AppError('CONFLICT', documentsNeededMessage(primary.firstName, missing), { field: 'documentsAccepted' });
}

/** The household's primary member (or first member) as the payee in the accounts. */
function payeeOf(members: Member[]): string | null {
  const primary = members.find((m) => m.isPrimary) ?? members[0];
  return primary ? `${primary.firstName} ${primary.lastName}` : null;
}
