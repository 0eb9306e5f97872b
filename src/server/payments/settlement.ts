import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { clubToday, type IsoDate } from '../../shared/dates';
import { centsToAmount, membershipEnd, parseAmountCents } from '../../shared/membership';
import { Household, Member, Payment } from '../db/entities';
import { membershipReceiptMessage } from '../emails/membership.emails';
import { deliverQuietly } from '../integrations/mailer';
import type { ProviderCapture } from '../integrations/payments';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import { additionExpiry } from '../membership/household-additions';
import { activateEntries, sendEntryReceipt } from './entry-payments';
import { activateSponsorship, sendSponsorshipReceipt } from './sponsor-invoices';
import { receiptReference } from './refund-notice';
import { todayFor, type PaymentsDeps, type Settled } from './payment-common';

/**
 * The end of checkout: a provider's answer applied to a payment once, under its row lock, what the payment buys
 * activated, and the receipt sent after the commit. Every way money arrives (a browser's capture, a webhook,
 * reconciliation, the desk, the committee) settles through here.
 */
export class PaymentSettlement {
  constructor(private readonly deps: PaymentsDeps) {}

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

  /** What a completed payment buys. */
  private async activate(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
    if (payment.kind === 'membership') await this.activateMembership(em, by, payment);
    if (payment.kind === 'sponsorship') await activateSponsorship(em, by, payment);
    if (payment.kind === 'event') await activateEntries(em, by, payment);
  }

  /**
   * Exactly the people the order was priced for become active until the end of the club's membership year after the
   * later of today and the latest expiry among them (`membershipEnd`). Anyone added to the household after the order
   * is untouched.
   */
  private async activateMembership(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
    if (payment.purpose === 'add_member') return this.activateAddition(em, by, payment);
    const today = todayFor(this.deps);
    const covers = payment.covers;
    const ids = covers?.members.map((m) => m.id) ?? [];
    const members = await em.find(Member, { id: { $in: ids }, household: payment.household! });
    const latest = members.reduce<string>((max, m) => (m.expiryDate && m.expiryDate > max ? m.expiryDate : max), today);
    this.activateMembers(em, by, payment, members, membershipEnd(await this.deps.club.membership(em), latest));
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
    const today = todayFor(this.deps);
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
    const today = todayFor(this.deps);
    const household = await em.findOneOrFail(Household, { id: payment.household!.id });
    const people = await em.find(Member, { household });
    const ids = new Set(payment.covers?.members.map((m) => m.id) ?? []);
    const until = additionExpiry(
      await this.deps.club.membership(em),
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
      const mail = await membershipReceiptMessage(await this.deps.club.profile(em), await this.deps.club.membership(em), {
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
}
