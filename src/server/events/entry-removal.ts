import type { EntityManager } from '@mikro-orm/postgresql';
import { entriesCloseAt, entryPaymentState } from '../../shared/entries';
import { AppError } from '../../shared/errors';
import { registrationCancellable } from '../../shared/events';
import { formatAud } from '../../shared/membership';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { AuditLog, Event, EventRegistration, Member } from '../db/entities';
import type { EntryRefundReason } from '../emails/entries.emails';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import type { PaymentsService } from '../payments/payments.service';
import type { EntryNotices } from './entry-notices';
import { freePlace } from './entry-places';
import type { WaitingList } from './waiting-list';

export interface EntryRemovalDeps {
  clock: Clock;
  /** Refunds go the way of every other payment (credit note and audit included). */
  paymentsService: Pick<PaymentsService, 'refund'>;
  notices: Pick<EntryNotices, 'refunded'>;
  waitingList: Pick<WaitingList, 'promote'>;
  /** The club's sign-on hours: when entries close by default, and so until when a cancelled entry is refunded. */
  club: Pick<ClubSettingsService, 'competition'>;
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Entries ending before the event: a member cancelling theirs, the committee taking an entrant off, the committee
 * cancelling the event. A paid fee goes back first (through PayPal, or recorded as handed back for money taken by
 * hand; each once), then the place goes to the waiting list.
 */
export class EntryRemoval {
  constructor(private readonly deps: EntryRemovalDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /**
   * Cancels the caller's entry (or a household junior's) until the event starts. A fee paid online is refunded first
   * (before the close of entries; each refund once, so a retry is safe); then the place goes to the next on the
   * waiting list.
   */
  async cancel(em: EntityManager, actor: Actor, eventId: string, memberId?: string): Promise<{ message: string }> {
    const user = requireUser(actor);
    const own = await em.findOne(Member, { user });
    const target = memberId && own && memberId !== own.id ? await em.findOne(Member, { id: memberId, household: own.household }) : own;
    const entry = target
      ? await em.findOne(EventRegistration, { event: eventId, member: target }, { populate: ['event', 'payment'] })
      : null;
    if (!entry || !target) throw new AppError('NOT_FOUND', 'You are not registered for this event.');
    const event = entry.event;
    const now = this.now();
    if (!registrationCancellable(event.eventDate, now))
      throw new AppError('BAD_REQUEST', 'This event has already started, so the registration can no longer be cancelled.');
    const refund =
      entryPaymentState(entry) === 'paid' && entry.payment && now < entriesCloseAt(await this.deps.club.competition(em), event);
    if (refund) await this.refundEntry(em, actor, entry, target, 'cancelled_entry');
    await this.removeAndFree(em, entry, {
      actor: user,
      action: 'entry.cancel',
      entityType: 'Event',
      entityId: event.id,
      after: {
        memberId: target.id,
        name: fullName(target),
        feeCents: entry.feeCents,
        paymentState: entryPaymentState(entry),
        refundedCents: refund ? entry.feeCents : 0,
      },
    });
    await this.deps.waitingList.promote(em, event.id);
    const kept = !refund && entryPaymentState(entry) === 'paid';
    return {
      message: refund
        ? `Registration cancelled successfully. The entry fee of ${formatAud(entry.feeCents)} has been refunded.`
        : kept
          ? 'Registration cancelled successfully. Entries had closed, so the entry fee is not refunded.'
          : 'Registration cancelled successfully.',
    };
  }

  /**
   * The committee takes an entrant off an event (at the sign-on desk or in the Entrants dialog), also on the day: a
   * paid fee goes back first (a PayPal payment refunded through PayPal, money taken by hand recorded as handed back;
   * each once), then the entry is removed (audited) and its place freed; while entries are open the next on the
   * waiting list gets it, after the close the desk offers it. Removing an entry already removed says so and changes
   * nothing, so a retried request is safe.
   */
  async remove(em: EntityManager, actor: Actor, registrationId: string): Promise<{ message: string }> {
    const entry = await em.findOne(EventRegistration, { id: registrationId }, { populate: ['event', 'member', 'payment'] });
    if (!entry) {
      const done = await em.findOne(AuditLog, { action: 'entry.remove', entityId: registrationId });
      if (!done) throw new AppError('NOT_FOUND', 'That entry does not exist. Reload the list: it may have been cancelled.');
      return { message: `${String((done.after as { name?: unknown } | null)?.name ?? 'The entrant')} was already removed.` };
    }
    const { event, member } = entry;
    const paid = entryPaymentState(entry) === 'paid' && entry.payment;
    const handedBack = Boolean(paid && entry.payment!.provider !== 'paypal');
    if (paid) await this.refundEntry(em, actor, entry, member, 'removed_entry');
    await this.removeAndFree(em, entry, {
      actor: actor.user,
      action: 'entry.remove',
      entityType: 'EventRegistration',
      entityId: entry.id,
      after: {
        eventId: event.id,
        memberId: member.id,
        name: fullName(member),
        feeCents: entry.feeCents,
        refundedCents: paid ? entry.feeCents : 0,
      },
    });
    await this.deps.waitingList.promote(em, event.id);
    const money = !paid
      ? ''
      : handedBack
        ? ` Hand back ${formatAud(entry.feeCents)}: it is recorded as refunded.`
        : ` ${formatAud(entry.feeCents)} is refunded to their PayPal.`;
    return { message: `${fullName(member)} is no longer entered in ${event.name}.${money}` };
  }

  /** Removes the entry (unless a retry already did), audited, and gives its place back, in one transaction. */
  private async removeAndFree(em: EntityManager, entry: EventRegistration, audit: Parameters<typeof recordAudit>[1]): Promise<void> {
    await em.transactional(async (tem) => {
      const row = await tem.findOne(EventRegistration, { id: entry.id });
      if (!row) return;
      tem.remove(row);
      recordAudit(tem, audit);
      await tem.flush();
      await freePlace(tem, entry.event.id);
    });
  }

  /**
   * The committee cancels an event: every fee paid for it is refunded (PayPal's refund API, or recorded for money
   * taken by hand), each once. Called before the event's status changes, so a failure leaves the event as it was
   * and the committee can try again.
   */
  async refundCancelledEvent(em: EntityManager, actor: Actor, eventId: string): Promise<{ refunded: number }> {
    const entries = await em.find(
      EventRegistration,
      { event: eventId, paidAt: { $ne: null }, refundedAt: null, payment: { $ne: null } },
      { populate: ['member', 'payment'] },
    );
    for (const entry of entries) await this.refundEntry(em, actor, entry, entry.member, 'cancelled_event');
    return { refunded: entries.length };
  }

  /**
   * Returns one entry's fee on its payment (outside any transaction; the refund's key is the entry, so a retry never
   * refunds twice), marks the entry refunded (audited) and tells the payer.
   */
  private async refundEntry(em: EntityManager, actor: Actor, entry: EventRegistration, member: Member, reason: EntryRefundReason) {
    if (entry.refundedAt || !entry.payment) return;
    const event = await em.findOneOrFail(Event, { id: entry.event.id });
    const note = {
      cancelled_event: `${event.name} was cancelled`,
      cancelled_entry: `${fullName(member)} cancelled the entry`,
      removed_entry: `The committee took ${fullName(member)} off the entrants`,
    }[reason];
    await this.deps.paymentsService.refund(em, actor, entry.payment.id, {
      amountCents: entry.feeCents,
      note,
      requestKey: `entry-${entry.id}`,
    });
    entry.refundedAt = this.now();
    recordAudit(em, {
      actor: actor.user,
      action: 'entry.refund',
      entityType: 'EventRegistration',
      entityId: entry.id,
      after: { paymentId: entry.payment.id, amountCents: entry.feeCents, name: fullName(member), reason },
    });
    await em.flush();
    const handedBack = reason === 'removed_entry' && entry.payment.provider !== 'paypal';
    await this.deps.notices.refunded(em, entry, member, event, reason, handedBack);
  }
}
