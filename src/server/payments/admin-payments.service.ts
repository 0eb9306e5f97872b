import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import {
  newHouseholdFeeCents,
  type PaymentListRequest,
  type PaymentPage,
  type PaymentQuote,
  type PaymentQuoteInput,
  type RecordPaymentRequest,
  type RecordPaymentResult,
  type RefundPaymentRequest,
  type RefundPaymentResult,
} from '../../shared/admin-payments.schema';
import { addDays, addYears, clubLocalToInstant, clubToday, formatAuDate, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  centsToAmount,
  CURRENCY,
  formatAud,
  membershipEnd,
  membershipLabels,
  type MembershipRules,
  NOT_AN_AMOUNT,
  parseAmountCents,
} from '../../shared/membership';
import { PAYMENT_METHOD_LABELS, renewalWindow, type ManualPaymentMethod } from '../../shared/payments';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { AuditLog, Household, Member, Payment, type PaymentCovers } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit } from '../platform/audit.service';
import { coveringLines } from './payment-people';
import { coversPersonLike, paymentRow } from './payment-rows';
import type { Actor } from '../platform/actor';
import { feeFor, type MembersService } from '../membership/members.service';
import type { PaymentsService } from './payments.service';

export interface AdminPaymentsDeps {
  clock: Clock;
  payments: Pick<PaymentsService, 'settle' | 'refund'>;
  members: Pick<MembersService, 'register'>;
  club: Pick<ClubSettingsService, 'membership'>;
}

const PAYPAL_PENDING =
  'PayPal is still holding a payment for this membership. Wait until PayPal releases or denies it before recording another payment.';
/** The committee's refund decisions are kept in the audit log under this action, keyed by the request. */
const REFUND_REQUEST = 'payment.refund_request';

type ManualPayer = { household: Household; members: Member[]; purpose: 'join' | 'renewal' };

/**
 * The committee's side of the club's money: payments taken by hand (cash, bank transfer, a card at the desk,
 * cheque) for a new member or a renewal, refunds with the choice of ending the membership, and the list of
 * every payment. Receipts, activation and refunds themselves go through PaymentsService, as for PayPal.
 */
export class AdminPaymentsService {
  constructor(private readonly deps: AdminPaymentsDeps) {}

  private today(): IsoDate {
    return clubToday(this.deps.clock.now());
  }

  /** What a payment would be: the server's fee, whom it covers and until when. Nothing is written. */
  async quote(em: EntityManager, input: PaymentQuoteInput): Promise<PaymentQuote> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    if (input.mode === 'new') {
      const additional = input.additionalMembers ?? [];
      const name = (p: { firstName?: string; lastName?: string }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
      const names = [name(input), ...additional.map(name)].map((n, i) => n || (i === 0 ? 'The new member' : `Person ${i + 1}`));
      return {
        amount: centsToAmount(
          newHouseholdFeeCents(
            rules,
            input.membershipType,
            additional.map((p) => p.dateOfBirth),
            today,
          ),
        ),
        purpose: 'join',
        membershipType: input.membershipType,
        members: names,
        payee: names[0],
        email: null,
        expiryDate: null,
        extendsTo: membershipEnd(rules, today),
        paypalPending: false,
      };
    }
    const { household, members, purpose } = await this.household(em, input.memberId);
    const window = renewalWindow(
      rules,
      members.map((m) => m.expiryDate ?? null),
      today,
    );
    const primary = members[0];
    return {
      amount: centsToAmount(feeFor(rules, household, members)),
      purpose,
      membershipType: household.membershipType,
      members: members.map(fullName),
      payee: primary ? fullName(primary) : null,
      email: primary?.email ?? null,
      expiryDate: window.expiryDate,
      extendsTo: window.extendsTo,
      paypalPending: (await em.count(Payment, { household, kind: 'membership', status: 'pending' })) > 0,
    };
  }

  /**
   * Records a membership paid by hand: a new member (through the join form's own rules) or an existing household.
   * The amount must be the server's fee. The payment is then settled like a PayPal capture: exactly the people it
   * covers become active, it is audited, and the receipt (with a sign-in link for someone who never signed in)
   * goes to the member. The request key makes a retried or double-clicked request record once.
   */
  async recordMembershipPayment(em: EntityManager, actor: Actor, input: RecordPaymentRequest): Promise<RecordPaymentResult> {
    const today = this.today();
    this.checkPaidOn(input.paidOn, today);
    const offered = parseAmountCents(input.amount);
    if (offered === null) throw new AppError('BAD_REQUEST', NOT_AN_AMOUNT, { field: 'amount' });
    const orderId = `manual-${input.requestKey}`;

    const earlier = await em.findOne(Payment, { providerOrderId: orderId });
    if (earlier) return this.complete(em, actor, earlier.id, false);
    const rules = await this.deps.club.membership(em);

    let written: { id: string; fresh: boolean };
    try {
      written = await em.transactional(async (tem) => {
        // The same request sent twice at once (a double click): the second waits here for the first, then finds its payment.
        await tem.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [orderId]);
        const same = await tem.findOne(Payment, { providerOrderId: orderId });
        if (same) return { id: same.id, fresh: false };
        const payer =
          input.mode === 'new'
            ? await this.registerNew(tem, actor, input, offered, { today, rules })
            : await this.household(tem, input.memberId);
        if (await tem.count(Payment, { household: payer.household, kind: 'membership', status: 'pending' }))
          throw new AppError('CONFLICT', PAYPAL_PENDING);
        const expected = feeFor(rules, payer.household, payer.members);
        if (offered !== expected) throw wrongAmount(rules, expected, offered, payer.household);

        const payment = tem.create(Payment, {
          kind: 'membership',
          purpose: payer.purpose,
          household: payer.household,
          covers: {
            householdType: payer.household.membershipType,
            members: payer.members.map((m) => ({ id: m.id, membershipType: m.membershipType })),
          } satisfies PaymentCovers,
          createdBy: actor.user,
          description: manualDescription(rules, payer, input.method),
          payee: fullName(payer.members[0]),
          amountCents: expected,
          currency: CURRENCY,
          provider: 'manual',
          method: input.method,
          reference: input.reference,
          providerOrderId: orderId,
          status: 'created',
          // Kept on the row so that a retry after an interruption settles it with the same day.
          capturedAt: paidOnInstant(input.paidOn, today, this.deps.clock.now()),
          rawResponse: null,
        });
        await tem.flush();
        recordAudit(tem, {
          actor: actor.user,
          actorLabel: 'committee',
          action: 'payment.manual',
          entityType: 'Payment',
          entityId: payment.id,
          after: {
            amountCents: expected,
            method: input.method,
            paidOn: input.paidOn,
            reference: input.reference,
            purpose: payer.purpose,
            householdId: payer.household.id,
            members: payer.members.map(fullName),
          },
        });
        return { id: payment.id, fresh: true };
      });
    } catch (error) {
      // The same request arrived twice at once: the other one wrote it (and everything this one did is rolled back).
      if (isUniqueViolation(error)) {
        const other = await em.fork().findOne(Payment, { providerOrderId: orderId });
        if (other) return this.complete(em, actor, other.id, false);
      }
      throw error;
    }
    return this.complete(em, actor, written.id, written.fresh);
  }

  /**
   * A new member from the committee's form: the join form's rules (ages, family limits) through MembersService,
   * run inside the caller's transaction so a refusal (or a wrong amount) leaves nothing behind.
   */
  private async registerNew(
    em: EntityManager,
    actor: Actor,
    input: Extract<RecordPaymentRequest, { mode: 'new' }>,
    offered: number,
    { today, rules }: { today: IsoDate; rules: MembershipRules },
  ): Promise<ManualPayer> {
    const person = input.member;
    const expected = newHouseholdFeeCents(
      rules,
      person.membershipType,
      person.additionalMembers.map((p) => p.dateOfBirth),
      today,
    );
    if (offered !== expected) throw wrongAmount(rules, expected, offered);
    // The committee adds people; someone already on the books is renewed instead of being registered twice.
    const existing = await em.findOne(Member, { email: person.email, isPrimary: true }, { orderBy: { createdAt: 'desc' } });
    if (existing) {
      throw new AppError(
        'CONFLICT',
        `${fullName(existing)} is already registered with ${person.email}. Choose 'Renew a member' and pick them to record this payment.`,
        { field: 'email' },
      );
    }
    const registered = await this.deps.members.register(em, actor, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.address,
      dateOfBirth: person.dateOfBirth,
      gender: person.gender,
      shirtSize: person.shirtSize,
      membershipType: person.membershipType,
      additionalMembers: person.additionalMembers,
    });
    const household = await em.findOneOrFail(Household, { id: registered.householdId });
    const members = await em.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    return { household, members, purpose: 'join' };
  }

  /** The household a member belongs to, everyone in it (primary first), and whether paying now joins or renews. */
  private async household(em: EntityManager, memberId: string): Promise<ManualPayer> {
    const member = await em.findOne(Member, { id: memberId }, { populate: ['household'] });
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.', { field: 'memberId' });
    const members = await em.find(Member, { household: member.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    return { household: member.household, members, purpose: members.some((m) => m.memberSince) ? 'renewal' : 'join' };
  }

  /** Settles a recorded manual payment (once: settling again changes nothing) and says what it did. */
  private async complete(em: EntityManager, actor: Actor, paymentId: string, fresh: boolean): Promise<RecordPaymentResult> {
    const payment = await em.findOneOrFail(Payment, { id: paymentId }, { refresh: true });
    if (payment.status === 'created') {
      const captureId =
        payment.reference && payment.reference.length <= 64
          ? payment.reference
          : `MANUAL-${payment.providerOrderId.slice(7, 15).toUpperCase()}`;
      await this.deps.payments.settle(
        em,
        payment.id,
        { outcome: 'completed', captureId, amount: centsToAmount(payment.amountCents), currency: payment.currency, raw: null },
        { actor: actor.user, label: 'committee', capturedAt: payment.capturedAt ?? this.deps.clock.now() },
      );
    }
    const settled = await em.findOneOrFail(Payment, { id: paymentId }, { refresh: true });
    if (settled.status !== 'completed')
      throw new AppError('CONFLICT', `This payment could not be recorded: ${settled.lastError ?? 'it was closed'}.`);
    const covered = await em.find(
      Member,
      { id: { $in: settled.covers?.members.map((m) => m.id) ?? [] } },
      { orderBy: { isPrimary: 'desc', createdAt: 'asc' }, refresh: true },
    );
    const primary = settled.household
      ? await em.findOne(Member, { household: settled.household, isPrimary: true }, { refresh: true })
      : null;
    return {
      paymentId: settled.id,
      recorded: fresh,
      amount: centsToAmount(settled.amountCents),
      payee: settled.payee ?? null,
      members: covered.map(fullName),
      expiryDate: covered.reduce<string | null>((max, m) => (m.expiryDate && (!max || m.expiryDate > max) ? m.expiryDate : max), null),
      receiptTo: primary?.email ?? null,
    };
  }

  /** Paid on: a real day, not after today and at most a year back (club time). */
  private checkPaidOn(paidOn: IsoDate, today: IsoDate): void {
    if (paidOn > today)
      throw new AppError('BAD_REQUEST', `Paid on cannot be in the future (today is ${formatAuDate(today)}).`, { field: 'paidOn' });
    const earliest = addYears(today, -1);
    if (paidOn < earliest)
      throw new AppError('BAD_REQUEST', `Paid on must be within the last year (on or after ${formatAuDate(earliest)}).`, {
        field: 'paidOn',
      });
  }

  /**
   * A refund by the committee: through PayPal's refund API for a PayPal payment, recorded for money taken by hand
   * (PaymentsService.refund). When the committee says so, the people the payment covered stop being members
   * (expired as of yesterday). The request key makes a retry or double click refund once and end once.
   */
  async refund(em: EntityManager, actor: Actor, input: RefundPaymentRequest): Promise<RefundPaymentResult> {
    const payment = await em.findOne(Payment, { id: input.paymentId });
    if (!payment || payment.purpose === 'refund') throw new AppError('NOT_FOUND', 'That payment does not exist.', { field: 'paymentId' });
    const done = await this.refundDecision(em, payment.id, input.requestKey);
    if (done) return { ...done, refunded: false };

    const amountCents = parseAmountCents(input.amount);
    if (amountCents === null) throw new AppError('BAD_REQUEST', NOT_AN_AMOUNT, { field: 'amount' });
    if (input.endMembership && (payment.kind !== 'membership' || !payment.covers?.members.length)) {
      throw new AppError('BAD_REQUEST', 'Only a membership payment can end a membership.', { field: 'endMembership' });
    }
    // Outside any transaction: PayPal is asked here (with the request key as its idempotency key).
    // The payer gets a credit note once the refund is recorded (once: a retried request records nothing).
    const { refunded } = await this.deps.payments.refund(em, actor, payment.id, {
      amountCents,
      note: input.reason,
      requestKey: input.requestKey,
      notify: true,
    });

    const throughPayPal = payment.provider === 'paypal';
    const endedMembers = await em.transactional(async (tem) => {
      await tem.findOneOrFail(Payment, { id: payment.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const again = await this.refundDecision(tem, payment.id, input.requestKey);
      if (again) return again.endedMembers;
      const ended = input.endMembership ? await this.endMembership(tem, actor, payment, input.reason) : [];
      // An entry fee returned in full: the entries it paid for are refunded (the sign-on desk must not count them paid).
      // Read from the row as it now stands (the refund was recorded in its own transaction).
      const { affectedRows: refundedEntries } = await tem.execute<{ affectedRows: number }>(
        `update event_registrations r set refunded_at = ? from payments p
         where r.payment_id = p.id and p.id = ? and p.kind = 'event' and p.refunded_cents >= p.amount_cents and r.refunded_at is null`,
        [this.deps.clock.now(), payment.id],
        'run',
      );
      recordAudit(tem, {
        actor: actor.user,
        actorLabel: 'committee',
        action: REFUND_REQUEST,
        entityType: 'Payment',
        entityId: payment.id,
        after: {
          requestKey: input.requestKey,
          amountCents,
          reason: input.reason,
          endMembership: input.endMembership,
          endedMembers: ended,
          refundedEntries,
          throughPayPal,
          payee: payment.payee ?? null,
        },
      });
      return ended;
    });
    return { refunded, amount: centsToAmount(amountCents), payee: payment.payee ?? null, throughPayPal, endedMembers };
  }

  /** The committee's earlier decision for this refund request, if it was carried out already. */
  private async refundDecision(
    em: EntityManager,
    paymentId: string,
    requestKey: string,
  ): Promise<Omit<RefundPaymentResult, 'refunded'> | null> {
    const entries = await em.find(
      AuditLog,
      { action: REFUND_REQUEST, entityType: 'Payment', entityId: paymentId },
      { orderBy: { id: 'asc' } },
    );
    const entry = entries.find((e) => e.after?.requestKey === requestKey);
    if (!entry?.after) return null;
    const after = entry.after as { amountCents: number; payee: string | null; throughPayPal: boolean; endedMembers: string[] };
    return {
      amount: centsToAmount(after.amountCents),
      payee: after.payee,
      throughPayPal: after.throughPayPal,
      endedMembers: after.endedMembers,
    };
  }

  /** The people a membership payment covered stop being members: expired, with yesterday (club time) as the last day. */
  private async endMembership(em: EntityManager, actor: Actor, payment: Payment, reason: string): Promise<string[]> {
    const yesterday = addDays(this.today(), -1);
    const members = await em.find(
      Member,
      { id: { $in: payment.covers?.members.map((m) => m.id) ?? [] } },
      { orderBy: { isPrimary: 'desc', createdAt: 'asc' } },
    );
    for (const member of members) {
      const before = { status: member.status, expiryDate: member.expiryDate ?? null };
      member.status = 'expired';
      // Never later than it already was: ending an old membership does not lengthen it.
      member.expiryDate = member.expiryDate && member.expiryDate < yesterday ? member.expiryDate : yesterday;
      recordAudit(em, {
        actor: actor.user,
        actorLabel: 'committee',
        action: 'member.end',
        entityType: 'Member',
        entityId: member.id,
        before,
        after: { status: 'expired', expiryDate: member.expiryDate, reason, paymentId: payment.id },
      });
    }
    return members.map(fullName);
  }

  /**
   * Every payment for the committee, newest first; filter by kind and status, search by payee, description,
   * reference or anyone the payment covers (a refund by those of the payment it returned money from).
   */
  async list(em: EntityManager, input: PaymentListRequest): Promise<PaymentPage> {
    // Orders never sent to the provider (it was down) are not payments anyone made.
    const and: FilterQuery<Payment>[] = [{ $not: { providerOrderId: { $like: 'unsent-%' } } }];
    if (input.kind) and.push({ kind: input.kind });
    if (input.status) and.push({ status: input.status });
    for (const word of (input.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      and.push({
        $or: [
          { payee: { $ilike: like } },
          { description: { $ilike: like } },
          { reference: { $ilike: like } },
          { providerCaptureId: { $ilike: like } },
          { [raw((alias) => coversPersonLike(alias), [like, like, like])]: [] },
        ],
      });
    }
    const [payments, total] = await em.findAndCount(
      Payment,
      { $and: and },
      {
        populate: ['refundOf'],
        // By the day the money moved (a cash payment booked today for last week sorts under last week).
        orderBy: [
          { [raw((alias) => `coalesce(${alias}.captured_at, ${alias}.created_at)`)]: 'desc' },
          { createdAt: 'desc' },
          { id: 'desc' },
        ] as never,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      },
    );
    const ids = [...new Set(payments.flatMap((p) => p.covers?.members.map((m) => m.id) ?? []))];
    const names = new Map(
      (ids.length ? await em.find(Member, { id: { $in: ids } }, { fields: ['id', 'firstName', 'lastName'] }) : []).map((m) => [
        m.id,
        fullName(m),
      ]),
    );
    // A refund row records no people of its own: it covers those of the payment it returned money from.
    const covering = await coveringLines(
      em,
      payments.map((p) => p.refundOf ?? p),
    );
    return { rows: payments.map((p, i) => paymentRow(p, names, covering[i])), total, page: input.page, pageSize: input.pageSize };
  }
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/** The moment a payment made on `paidOn` is booked: now for today, else midday of that day in club time. */
function paidOnInstant(paidOn: IsoDate, today: IsoDate, now: Date): Date {
  return paidOn === today ? now : clubLocalToInstant(`${paidOn}T12:00`);
}

/** 'Junior (under 16) membership renewal (cash)': a membership paid by hand, as the list of payments names it. */
function manualDescription(rules: MembershipRules, payer: ManualPayer, method: ManualPaymentMethod): string {
  const type = membershipLabels(rules)[payer.household.membershipType];
  return `${type} membership ${payer.purpose === 'renewal' ? 'renewal' : 'fee'} (${PAYMENT_METHOD_LABELS[method].toLowerCase()})`.slice(
    0,
    200,
  );
}

function wrongAmount(rules: MembershipRules, expected: number, offered: number, household?: Household): AppError {
  const what = household ? `${membershipLabels(rules)[household.membershipType].toLowerCase()} membership` : 'membership';
  return new AppError(
    'BAD_REQUEST',
    `The fee for this ${what} is ${formatAud(expected)}, not ${formatAud(offered)}. Only the club's fee can be recorded.`,
    { field: 'amount' },
  );
}
