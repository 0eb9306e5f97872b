import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addYears, clubToday, formatAuDate, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { documentsNeededMessage, documentsToAccept } from '../../shared/documents';
import { peopleLine } from '../../shared/member-names';
import {
  centsToAmount,
  CURRENCY,
  formatAud,
  MEMBERSHIP_LABELS,
  MEMBERSHIP_TYPE_NAMES,
  type MembershipType,
  NOT_AN_AMOUNT,
  parseAmountCents,
  refundCeilingMessage,
} from '../../shared/membership';
import type { CaptureResult, CreateOrderRequest, PaymentSetup } from '../../shared/members.schema';
import { PAYMENTS_NOT_SET_UP, renewalWindow } from '../../shared/payments';
import type { Clock } from '../clock';
import { Household, Member, Payment, WebhookEvent, type PaymentCovers } from '../db/entities';
import { membershipReceiptMessage } from '../emails/membership.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { PaymentProviderError, type PaymentProvider, type ProviderCapture, type WebhookDelivery } from '../integrations/payments';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import type { AuthService } from '../accounts/auth.service';
import { effectiveStatus, isCurrentMember } from '../membership/member-status';
import { feeFor } from '../membership/members.service';
import { additionExpiry, householdAdult, waitingAddition } from '../membership/household-additions';
import { beginHouseholdChange, CAPTURE_CLAIM_MS, HOUSEHOLD_CHANGED } from '../membership/household-changes';
import { activateEntries, sendEntryReceipt } from './entry-payments';
import { activateSponsorship, sendSponsorshipReceipt } from './sponsor-invoices';
import { receiptReference, sendRefundNotice } from './refund-notice';

export interface PaymentsDeps {
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider | null;
  publicUrl: string;
  auth: Pick<AuthService, 'welcomeLink'>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** What an order for a household's membership was priced at and for: the fields of its payment row. */
interface OrderPricing {
  purpose: 'join' | 'renewal' | 'add_member';
  covers: PaymentCovers;
  description: string;
  payee: string | null;
  amountCents: number;
}

/** The browser making the call: a random key its session carries, made when it first creates an order. */
export interface PayerSession {
  key: string | undefined;
  ensureKey(): string;
}

const PROVIDER_DOWN = 'The payment service is not responding. No money was taken; please try again in a few minutes.';
const NOT_YOURS = 'We could not find that payment. Please start the payment again.';
const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';
/** An order nobody approved within this time is closed (PayPal lets an unapproved order lapse after 3 hours). */
const ABANDONED_AFTER_MS = 6 * 3600_000;
/** How long the reconciliation job leaves a fresh order to the browser before it asks PayPal itself. */
const RECONCILE_AFTER_MS = 10 * 60_000;

/** PayPal's reasons for refusing a refund, in the committee's words. */
const REFUND_REFUSALS: Record<string, string> = {
  CAPTURE_FULLY_REFUNDED: 'this payment has already been refunded in full in PayPal',
  REFUND_AMOUNT_EXCEEDED: 'more of this payment has already been refunded in PayPal than is left to refund',
  REFUND_TIME_LIMIT_EXCEEDED: 'PayPal no longer refunds a payment this old; return the money another way and record it',
  REFUND_NOT_ALLOWED: 'PayPal does not allow a refund of this payment',
};

/** What settling a provider's answer did to a payment. */
export type Settled =
  | { kind: 'completed'; paymentId: string; fresh: boolean }
  | { kind: 'pending'; paymentId: string }
  | { kind: 'declined'; paymentId: string; reason: string };

/** The fields of a PayPal webhook's `resource` (a capture or a refund) that are read; all unchecked input. */
interface WebhookResource {
  id?: unknown;
  status_details?: { reason?: string };
  amount?: { value?: unknown; currency_code?: unknown };
  links?: { rel?: string; href?: string }[];
  supplementary_data?: { related_ids?: { order_id?: unknown } };
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private provider(): PaymentProvider {
    if (!this.deps.payments) throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP);
    return this.deps.payments;
  }

  private today(): IsoDate {
    return clubToday(this.deps.clock.now());
  }

  async setup(): Promise<PaymentSetup> {
    const provider = this.provider();
    const config = await this.guard(() => provider.clientConfig());
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
    this.provider();
    if (input.intent !== 'CAPTURE')
      throw new AppError('BAD_REQUEST', 'Only immediate payment (intent CAPTURE) is supported.', { field: 'intent' });
    if (input.currency !== CURRENCY) throw new AppError('BAD_REQUEST', 'Payments are in Australian dollars (AUD).', { field: 'currency' });
    const offered = parseAmountCents(input.amount);
    if (offered === null) throw new AppError('BAD_REQUEST', NOT_AN_AMOUNT, { field: 'amount' });
    if (input.addMembers) return this.createAdditionOrder(em, actor, payer, offered);

    const { household } = await this.payable(em, actor, registrationHouseholdId);
    await this.refuseWhileHeld(em, household);
    await this.settleEarlierOrders(em, household);
    return this.orderUnderLock(em, actor, payer, household.id, async (tem, locked) => {
      const members = await tem.find(Member, { household: locked }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' }, refresh: true });
      const purpose = members.some((m) => m.memberSince) ? ('renewal' as const) : ('join' as const);
      if (purpose === 'renewal') this.checkRenewalWindow(members, input.earlyRenewal === true);
      refuseWithoutDocuments(members);
      const expected = feeFor(locked, members);
      if (offered !== expected) {
        throw new AppError(
          'BAD_REQUEST',
          `The amount does not match the ${MEMBERSHIP_LABELS[locked.membershipType].toLowerCase()} membership fee of ${formatAud(expected)}.`,
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
    const today = this.today();
    const own = await householdAdult(em, actor, today);
    await this.refuseWhileHeld(em, own.household);
    await this.settleEarlierOrders(em, own.household);
    return this.orderUnderLock(em, actor, payer, own.household.id, async (tem) => {
      const addition = await waitingAddition(tem, own, today);
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
    const provider = this.provider();
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
    const provider = this.provider();
    const open = await em.find(Payment, {
      household,
      kind: 'membership',
      $or: [{ status: 'created' }, { status: 'void', checkedAt: null }],
      provider: provider.kind,
      $not: { providerOrderId: { $like: 'unsent-%' } },
      createdAt: { $gt: new Date(this.deps.clock.now().getTime() - 3 * 86_400_000) },
    });
    for (const earlier of open) {
      const state = await this.guard(() => provider.getOrder(earlier.providerOrderId));
      if (earlier.status === 'void') earlier.checkedAt = this.deps.clock.now();
      if (state.state !== 'captured') continue;
      const wasOpen = earlier.status === 'created';
      await em.flush();
      const settled = await this.settle(em, earlier.id, state.capture, { actor: null, label: 'payment' });
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
    const provider = this.provider();
    try {
      const order = await this.guard(() =>
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

  /** The idempotency key of capturing a payment's current order (an invoice's orders each get their own). */
  private captureRequestId(payment: Payment): string {
    return `capture-${payment.payTokenHash ? payment.providerOrderId : payment.id}`;
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
    const provider = this.provider();
    const answer = await this.guard(() => provider.captureOrder(payment.providerOrderId, this.captureRequestId(payment)));
    return { settled: await this.settle(em, payment.id, answer, by), answer };
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
    const provider = this.provider();
    const payment = await this.ownedPayment(em, actor, payer, orderId);
    if (payment.status === 'completed' || payment.status === 'pending') {
      if (payment.status === 'pending' && payment.providerCaptureId) await this.refreshPending(em, payment);
      return this.outcomeOf(em, payment.id);
    }
    if (payment.status === 'void') throw await this.voidedOrder(em, payment);
    if (payment.status !== 'created') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    await this.refuseIfAlreadyPaid(em, payment);
    if (payment.purpose === 'join' || payment.purpose === 'renewal') {
      refuseWithoutDocuments(
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
      const answer = await this.guard(() =>
        provider.captureOrder(orderId, this.captureRequestId(payment), { simulateDecline: options.simulate === 'decline' }),
      );
      settled = await this.settle(em, payment.id, answer, { actor: actor.user, label: 'payment' });
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
    return new AppError(
      'CONFLICT',
      `${changed} The membership now costs ${formatAud(feeFor(household, members))}: please close this and pay again.`,
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
    if (payment.status === 'pending' && payment.providerCaptureId) await this.refreshPending(em, payment);
    if (payment.status !== 'completed' && payment.status !== 'pending') {
      throw new AppError('PAYMENT_REQUIRED', payment.status === 'created' ? 'This payment has not been made yet.' : DECLINED);
    }
    return this.outcomeOf(em, payment.id);
  }

  /**
   * Applies a provider's answer to a payment, once: under the row lock, a payment already completed stays as
   * it is. Completed money activates exactly what the order was priced for; the receipt goes out after commit.
   */
  async settle(
    em: EntityManager,
    paymentId: string,
    answer: ProviderCapture,
    by: { actor: Actor['user']; label: string; capturedAt?: Date },
  ): Promise<Settled> {
    const settled = await em.transactional(async (tem): Promise<Settled> => {
      const payment = await tem.findOneOrFail(Payment, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (payment.status === 'completed') return { kind: 'completed', paymentId, fresh: false };
      payment.rawResponse = answer.raw;
      if (answer.outcome === 'declined') {
        payment.lastError = answer.reason;
        // A pending capture that PayPal then denies is over; a declined card may be retried on the same order.
        if (payment.status === 'pending') payment.status = 'declined';
        return { kind: 'declined', paymentId, reason: answer.reason };
      }
      if (answer.currency !== payment.currency || parseAmountCents(answer.amount) !== payment.amountCents) {
        payment.status = 'failed';
        payment.lastError = `Captured ${answer.amount} ${answer.currency}, expected ${centsToAmount(payment.amountCents)} ${payment.currency}.`;
        this.deps.log.error({ paymentId, orderId: payment.providerOrderId }, 'Captured amount differs from the order: nothing activated');
        recordAudit(tem, {
          actor: by.actor,
          actorLabel: by.label,
          action: 'payment.amount_mismatch',
          entityType: 'Payment',
          entityId: payment.id,
          after: { lastError: payment.lastError },
        });
        return { kind: 'declined', paymentId, reason: payment.lastError };
      }
      payment.providerCaptureId = answer.captureId;
      if (answer.outcome === 'pending') {
        if (payment.status !== 'pending') {
          recordAudit(tem, {
            actor: by.actor,
            actorLabel: by.label,
            action: 'payment.pending',
            entityType: 'Payment',
            entityId: payment.id,
            after: { reason: answer.reason, amountCents: payment.amountCents },
          });
        }
        payment.status = 'pending';
        payment.lastError = `PayPal is holding the payment (${answer.reason}).`;
        return { kind: 'pending', paymentId };
      }
      const wasVoid = payment.status === 'void';
      payment.status = 'completed';
      payment.capturedAt = by.capturedAt ?? this.deps.clock.now();
      payment.lastError = wasVoid ? 'Captured after it had been replaced: nothing was activated. Refund it, or apply it by hand.' : null;
      recordAudit(tem, {
        actor: by.actor,
        actorLabel: by.label,
        action: wasVoid ? 'payment.needs_review' : 'payment.completed',
        entityType: 'Payment',
        entityId: payment.id,
        after: {
          amountCents: payment.amountCents,
          provider: payment.provider,
          orderId: payment.providerOrderId,
          captureId: answer.captureId,
        },
      });
      if (!wasVoid) await this.activate(tem, by, payment);
      return { kind: 'completed', paymentId, fresh: !wasVoid };
    });
    if (settled.kind === 'completed' && settled.fresh) await this.sendReceipt(em, paymentId);
    return settled;
  }

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
    if (!(await this.guard(() => provider.verifyWebhook(delivery))))
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
      const recorded = await this.recordRefund(em, original.id, {
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
    const settled = await this.settle(em, payment.id, answer({ ...resource, id: resource.id }), by);
    return { completed: 'Payment completed.', pending: 'Payment pending at PayPal.', declined: 'Payment declined.' }[settled.kind];
  }

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

  /** A capture PayPal reported pending, asked about again (the dialog, the member's banner, reconciliation). */
  private async refreshPending(em: EntityManager, payment: Payment): Promise<void> {
    try {
      const answer = await this.provider().getCapture(payment.providerCaptureId!);
      if (answer.outcome !== 'pending') await this.settle(em, payment.id, answer, { actor: null, label: 'reconciliation' });
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
    const provider = this.provider();
    const by = { actor: null, label: 'reconciliation' };
    if (payment.status === 'pending' && payment.providerCaptureId) {
      const settled = await this.settle(em, payment.id, await provider.getCapture(payment.providerCaptureId), by);
      return settled.kind === 'completed' ? 'completed' : 'unchanged';
    }
    const order = await provider.getOrder(payment.providerOrderId);
    if (order.state === 'captured') {
      const settled = await this.settle(em, payment.id, order.capture, by);
      return settled.kind === 'completed' ? 'completed' : 'unchanged';
    }
    if (payment.status === 'void') return 'unchanged';
    if (order.state === 'approved') {
      // The buyer approved and our capture never reached PayPal (a browser closed, an answer lost): finish it,
      // unless the household paid another way since.
      if (await this.alreadyPaidSince(em, payment)) return this.close(em, payment, 'The membership was paid by another payment.', by);
      const settled = await this.settle(
        em,
        payment.id,
        await provider.captureOrder(payment.providerOrderId, this.captureRequestId(payment)),
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

  private async close(em: EntityManager, payment: Payment, reason: string, by: { actor: Actor['user']; label: string }): Promise<'closed'> {
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
    if (!(await this.alreadyPaidSince(em, payment))) return;
    await this.close(em, payment, 'The membership was paid by another payment.', { actor: null, label: 'payment' });
    throw new AppError(
      'CONFLICT',
      'This membership has just been paid by another payment, so this one was not taken. Check your e-mail for the receipt.',
    );
  }

  private async alreadyPaidSince(em: EntityManager, payment: Payment): Promise<boolean> {
    if (!payment.household) return false;
    return (
      (await em.count(Payment, {
        household: payment.household,
        kind: 'membership',
        status: { $in: ['completed', 'pending'] },
        id: { $ne: payment.id },
        createdAt: { $gte: payment.createdAt },
      })) > 0
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
        status: effectiveStatus(primary, this.today()),
        memberSince: primary.memberSince ?? null,
        expiryDate: primary.expiryDate ?? null,
        members: members.map((m) => `${m.firstName} ${m.lastName}`),
      },
    };
  }

  /** Which household the caller is paying for, and whether it is joining or renewing. */
  private async payable(em: EntityManager, actor: Actor, registrationHouseholdId?: string) {
    const today = this.today();
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
  private checkRenewalWindow(members: Member[], early: boolean): void {
    const window = renewalWindow(
      members.map((m) => m.expiryDate ?? null),
      this.today(),
    );
    if (window.open || early) return;
    throw new AppError(
      'CONFLICT',
      `Your membership is paid until ${formatAuDate(window.expiryDate!)}. Renewal opens on ${formatAuDate(window.opensOn!)}; renewing now would extend it to ${formatAuDate(window.extendsTo)}. Confirm an early renewal to pay now.`,
      { field: 'earlyRenewal' },
    );
  }

  /** What a completed payment buys. */
  private async activate(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
    if (payment.kind === 'membership') await this.activateMembership(em, by, payment);
    if (payment.kind === 'sponsorship') await activateSponsorship(em, by, payment);
    if (payment.kind === 'event') await activateEntries(em, by, payment);
  }

  /**
   * Exactly the people the order was priced for become active until one year after the later of today and
   * the latest expiry among them. Anyone added to the household after the order is untouched.
   */
  private async activateMembership(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
    if (payment.purpose === 'add_member') return this.activateAddition(em, by, payment);
    const today = this.today();
    const covers = payment.covers;
    const ids = covers?.members.map((m) => m.id) ?? [];
    const members = await em.find(Member, { id: { $in: ids }, household: payment.household! });
    const latest = members.reduce<string>((max, m) => (m.expiryDate && m.expiryDate > max ? m.expiryDate : max), today);
    this.activateMembers(em, by, payment, members, addYears(latest, 1));
    // The household holds what was paid for, whatever a form said since: its type, and each person's as priced.
    if (covers) {
      const household = await em.findOneOrFail(Household, { id: payment.household!.id });
      household.membershipType = covers.householdType;
      for (const member of members) member.membershipType = covers.members.find((c) => c.id === member.id)!.membershipType;
    }
  }

  /** The people a payment was priced for become members until `expiryDate`, each audited. */
  private activateMembers(
    em: EntityManager,
    by: { actor: Actor['user']; label: string },
    payment: Payment,
    members: Member[],
    expiryDate: IsoDate,
  ) {
    const today = this.today();
    for (const member of members) {
      const before = { status: member.status, expiryDate: member.expiryDate ?? null };
      member.status = 'active';
      member.memberSince ??= today;
      member.expiryDate = expiryDate;
      recordAudit(em, {
        actor: by.actor,
        actorLabel: by.label,
        action: 'member.activate',
        entityType: 'Member',
        entityId: member.id,
        before,
        after: { status: 'active', expiryDate, paymentId: payment.id },
      });
    }
  }

  /**
   * A junior added to a current membership becomes a member until the household's membership ends; where the price
   * was a family membership's, the household becomes a family. Only the people the order was priced for.
   */
  private async activateAddition(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
    const today = this.today();
    const household = await em.findOneOrFail(Household, { id: payment.household!.id });
    const people = await em.find(Member, { household });
    const ids = new Set(payment.covers?.members.map((m) => m.id) ?? []);
    const until = additionExpiry(
      people.filter((p) => !ids.has(p.id)),
      today,
    );
    this.activateMembers(
      em,
      by,
      payment,
      people.filter((p) => ids.has(p.id)),
      until,
    );
    if (payment.covers?.householdType === 'family' && household.membershipType !== 'family') {
      recordAudit(em, {
        actor: by.actor,
        actorLabel: by.label,
        action: 'household.becomesFamily',
        entityType: 'Household',
        entityId: household.id,
        before: { membershipType: household.membershipType },
        after: { membershipType: 'family', paymentId: payment.id },
      });
      household.membershipType = 'family';
      for (const person of people) person.membershipType = 'family';
    }
  }

  /**
   * The receipt, to the household's primary member. A person who has not signed in yet gets a single-use link
   * that signs them in (to the account of that address, made if need be): the e-mail proves the address.
   */
  private async sendReceipt(em: EntityManager, paymentId: string): Promise<void> {
    try {
      const payment = await em.findOneOrFail(Payment, { id: paymentId }, { refresh: true });
      if (payment.kind === 'sponsorship') return await sendSponsorshipReceipt(em, payment, this.deps);
      if (payment.kind === 'event') return await sendEntryReceipt(em, payment, this.deps);
      if (payment.kind !== 'membership' || !payment.household) return;
      const members = await em.find(
        Member,
        { household: payment.household },
        { orderBy: { isPrimary: 'desc', createdAt: 'asc' }, populate: ['user'], refresh: true },
      );
      const primary = members[0];
      if (!primary?.email) return;
      const signIn = primary.user?.lastSignInAt
        ? null
        : await this.deps.auth.welcomeLink(em, { email: primary.email, firstName: primary.firstName, lastName: primary.lastName });
      const mail = await membershipReceiptMessage({
        firstName: primary.firstName,
        amountCents: payment.amountCents,
        membershipType: primary.membershipType,
        memberNames: members
          .filter((m) => payment.covers?.members.some((c) => c.id === m.id) ?? true)
          .map((m) => `${m.firstName} ${m.lastName}`),
        expiryDate: primary.expiryDate!,
        reference: receiptReference(payment),
        paidOn: clubToday(payment.capturedAt ?? this.deps.clock.now()),
        renewal: payment.purpose === 'renewal',
        portalUrl: signIn?.url ?? `${this.deps.publicUrl}/member`,
        signInLinkDays: signIn?.days,
      });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: primary.email, ...mail });
    } catch (error) {
      // The payment is safely recorded; a receipt that cannot be made must not turn it into an error.
      this.deps.log.error({ paymentId, err: { message: (error as Error).message } }, 'Receipt not sent');
    }
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

/** 'Family membership renewal — Ben, Lachlan and Mia Taylor': the kind of payment and everyone it covers. */
function membershipDescription(type: MembershipType, purpose: 'join' | 'renewal', members: Member[]): string {
  return `${MEMBERSHIP_TYPE_NAMES[type]} membership ${purpose === 'renewal' ? 'renewal' : 'fee'} — ${peopleLine(members)}`.slice(0, 200);
}

/**
 * A membership starts or is extended only once the household's primary adult, who fills in the form and pays for
 * everyone on it, has accepted the club's required documents at their current versions.
 */
function refuseWithoutDocuments(members: Member[]): void {
  const primary = members.find((m) => m.isPrimary) ?? members[0];
  const missing = primary ? documentsToAccept(primary.documentsAccepted) : [];
  if (missing.length) throw new AppError('CONFLICT', documentsNeededMessage(primary.firstName, missing), { field: 'documentsAccepted' });
}

/** The household's primary member (or first member) as the payee in the accounts. */
function payeeOf(members: Member[]): string | null {
  const primary = members.find((m) => m.isPrimary) ?? members[0];
  return primary ? `${primary.firstName} ${primary.lastName}` : null;
}
