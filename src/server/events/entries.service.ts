import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday, type IsoDate } from '../../shared/dates';
import { divisionOn, entriesCloseAt, entryPaymentState, type SignOnRules } from '../../shared/entries';
import type { EnterResult, EntryCaptureResult, WaitlistView } from '../../shared/entries.schema';
import { acceptsCatchesOn, registrationCancellable } from '../../shared/events';
import type { MemberRegistration } from '../../shared/events.schema';
import { AppError } from '../../shared/errors';
import { centsToAmount, formatAud, type MembershipRules } from '../../shared/membership';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, Member, WaitlistEntry, type Payment, type User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { auditedRequest, recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import type { PayerSession } from '../payments/payments.service';
import { marksOf, refuseIfAlreadyEntered } from './already-entered';
import { portalEntrants, refuseEntry, refuseIfClosed } from './entry-gate';
import { EntryNotices, type EntryNoticesDeps } from './entry-notices';
import { EntryOrders, type EntryOrdersDeps } from './entry-orders';
import { lockEvent, takePlaces } from './entry-places';
import { priceFor } from './entry-prices';
import { EntryRemoval, type EntryRemovalDeps } from './entry-removal';
import { releaseStaleGuestEntries } from './guest-holds';
import { auditPassedOver, refuseIfOthersWaiting, WaitingList, type WaitingListDeps, type WaitlistPromotion } from './waiting-list';

export type EntriesDeps = EntryNoticesDeps &
  EntryOrdersDeps &
  Pick<WaitingListDeps, 'notifications'> & {
    /** Orders, captures, settling and refunds go the way of every other payment (receipts and audit included). */
    paymentsService: EntryOrdersDeps['paymentsService'] & EntryRemovalDeps['paymentsService'];
    /**
     * The club's junior age (divisions, who may enter an event limited by age, and a junior's entry fee) and its
     * sign-on hours (when entries close by default).
     */
    club: Pick<ClubSettingsService, 'membership' | 'competition'>;
  };

const FULL = 'Sorry, this event is full.';

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Competition entries: members entering online (themselves and their household's juniors, priced by the server,
 * paying online or at sign-on) and the committee adding members on the day, here; the member's view of their
 * entries; and, in their own parts, paying online (entry-orders), cancelling and removing with refunds
 * (entry-removal), the waiting list of a full event (waiting-list) and the e-mails (entry-notices). Who may enter
 * at all is the gate's (entry-gate).
 */
export class EntriesService {
  private readonly notices: EntryNotices;
  private readonly orders: EntryOrders;
  private readonly waitingList: WaitingList;
  private readonly removal: EntryRemoval;

  constructor(private readonly deps: EntriesDeps) {
    this.notices = new EntryNotices(deps);
    this.orders = new EntryOrders(deps);
    this.waitingList = new WaitingList({ ...deps, notices: this.notices });
    this.removal = new EntryRemoval({ ...deps, notices: this.notices, waitingList: this.waitingList });
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private today(): IsoDate {
    return clubToday(this.now());
  }

  // ---------- Entering ----------

  /**
   * Enters the caller (and, for a household adult, the household's juniors) in an event, each priced by the server.
   * With a fee, an entry is 'unpaid' until paid online, or 'pay at sign-on' when the event allows it and the member
   * chooses it (left out: yes where allowed). Refused after the close of entries, when full, or twice.
   */
  async enter(
    em: EntityManager,
    actor: Actor,
    eventId: string,
    input: { memberIds?: string[]; payAtSignOn?: boolean },
  ): Promise<EnterResult> {
    const now = this.now();
    const rules = await this.deps.club.membership(em);
    const signOn = await this.deps.club.competition(em);
    const request = { eventId, memberIds: input.memberIds, to: 'enter' } as const;
    const { user, own, event, people } = await portalEntrants(em, rules, signOn, actor, request, now);
    const payAtSignOn = event.payAtSignOn && (input.payAtSignOn ?? true);
    // A place a guest never paid for goes to the waiting list first: they were there before this entrant.
    if (event.maxParticipants && (await releaseStaleGuestEntries(em, event.id, now))) await this.waitingList.promote(em, event.id);
    const entries = await em.transactional(async (tem) => {
      if (!(await takePlaces(tem, signOn, event.id, people.length, now))) {
        const current = await tem.findOneOrFail(Event, { id: eventId }, { refresh: true });
        refuseIfClosed(signOn, current, now);
        throw new AppError(
          'CONFLICT',
          people.length === 1 ? FULL : `Sorry, there are not enough places left in ${event.name} for ${people.length} entrants.`,
        );
      }
      const made = people.map((member) => {
        const feeCents = priceFor(rules, event, member);
        return tem.create(EventRegistration, {
          event: tem.getReference(Event, event.id),
          member: tem.getReference(Member, member.id),
          feeCents,
          payAtSignOn: feeCents > 0 && payAtSignOn,
          enteredBy: user,
        });
      });
      recordAudit(tem, {
        actor: user,
        action: 'entry.create',
        entityType: 'Event',
        entityId: event.id,
        after: {
          entrants: people.map((m, i) => ({ memberId: m.id, name: fullName(m), feeCents: made[i].feeCents })),
          payAtSignOn,
        },
      });
      await tem.flush().catch((error) => {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You are already registered for this event.');
        throw error;
      });
      // Whoever is entered now no longer waits for a place.
      await tem.nativeDelete(WaitlistEntry, { event: event.id, member: { $in: people.map((m) => m.id) } });
      return made;
    });
    const fresh = await em.findOneOrFail(Event, { id: eventId }, { refresh: true });
    const feeCents = entries.reduce((sum, e) => sum + e.feeCents, 0);
    const dueCents = entries.filter((e) => entryPaymentState(e) === 'unpaid').reduce((sum, e) => sum + e.feeCents, 0);
    await this.notices.entered(em, { email: own.email ?? user.email, firstName: own.firstName }, fresh, people, {
      feeCents,
      dueOnlineCents: dueCents,
      payAtSignOn,
    });
    const names = people.map(fullName);
    return {
      message:
        dueCents > 0
          ? `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} entered in ${event.name}. Pay the entry fee of ${formatAud(dueCents)} to finish.`
          : `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} entered in ${event.name}.`,
      entries: entries.map((e, i) => this.registrationView(rules, signOn, e, fresh, people[i])),
      amountDue: centsToAmount(dueCents),
    };
  }

  /** The one-click 'Register Now' (POST /api/events/{id}/register): the caller alone. */
  async register(em: EntityManager, actor: Actor, eventId: string): Promise<MemberRegistration> {
    return (await this.enter(em, actor, eventId, {})).entries[0];
  }

  /**
   * The committee enters a member on the day (sign-on at the ramp), past the close of entries and the capacity:
   * only entrants' catches count. The fee is priced as online and taken at the desk. Audited; twice is refused, and so
   * is the same person entered as a guest (`refuseIfAlreadyEntered`).
   */
  async addEntrant(
    em: EntityManager,
    actor: Actor,
    eventId: string,
    memberId: string,
    options: { passOverWaiting?: boolean; requestKey?: string } = {},
  ): Promise<{ message: string; registrationId: string }> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const earlier = await this.enteredByRequest(em, event, memberId, options.requestKey);
    if (earlier) return earlier;
    if (event.status === 'cancelled') throw new AppError('BAD_REQUEST', 'This event was cancelled.');
    const member = await em.findOne(Member, { id: memberId });
    // A guest is entered from the event's waiting list only (a walk-up guest is added with the desk's Add guest).
    const waitingGuest = member?.isGuest && (await em.count(WaitlistEntry, { event: eventId, member: memberId })) > 0;
    if (!member || (member.isGuest && !waitingGuest))
      throw new AppError('BAD_REQUEST', 'Please choose a current club member.', { field: 'memberId' });
    const rules = await this.deps.club.membership(em);
    refuseEntry(rules, event, member, this.today(), { as: 'committee', field: 'memberId' });
    const name = fullName(member);
    const already = new AppError('CONFLICT', `${name} is already entered in ${event.name}.`);
    const feeCents = priceFor(rules, event, member);
    const registration = await em.transactional(async (tem) => {
      // Checked and made under the event's row lock: of two desks adding one person at once, the second is told.
      await lockEvent(tem, eventId);
      if (await tem.count(EventRegistration, { event: eventId, member: memberId })) throw already;
      await refuseIfAlreadyEntered(tem, event, marksOf(member), this.now());
      const passedOver = await refuseIfOthersWaiting(tem, event, { name, memberId, passOverWaiting: options.passOverWaiting === true });
      const made = tem.create(EventRegistration, {
        event: tem.getReference(Event, eventId),
        member: tem.getReference(Member, memberId),
        feeCents,
        payAtSignOn: feeCents > 0,
        enteredBy: actor.user,
      });
      recordAudit(tem, {
        actor: actor.user,
        action: 'event.addEntrant',
        entityType: 'Event',
        entityId: eventId,
        after: { memberId, name, feeCents, ...(options.requestKey ? { requestKey: options.requestKey } : {}) },
      });
      await tem.flush().catch((error) => {
        throw isUniqueViolation(error) ? already : error;
      });
      await tem.execute('update events set registered_count = registered_count + 1 where id = ?', [eventId]);
      await tem.nativeDelete(WaitlistEntry, { event: eventId, member: memberId });
      auditPassedOver(tem, actor, event, name, passedOver);
      return made;
    });
    return { message: `${name} is entered in ${event.name}.`, registrationId: registration.id };
  }

  /** The answer an 'Add' sent before under the same key got (its reply lost): the member it entered, entered once. */
  private async enteredByRequest(
    em: EntityManager,
    event: Event,
    memberId: string,
    requestKey: string | undefined,
  ): Promise<{ message: string; registrationId: string } | null> {
    const done = await auditedRequest(em, { action: 'event.addEntrant', entityType: 'Event', entityId: event.id }, requestKey);
    if (!done || done.after?.memberId !== memberId) return null;
    const entry = await em.findOne(EventRegistration, { event, member: memberId }, { populate: ['member'] });
    if (!entry) throw new AppError('CONFLICT', `${String(done.after.name)} was entered and has since been taken off ${event.name}.`);
    return { message: `${fullName(entry.member)} is entered in ${event.name}.`, registrationId: entry.id };
  }

  // ---------- The member's entries ----------

  /** The caller's entries and their household's juniors', soonest event first. */
  async registrations(em: EntityManager, actor: Actor): Promise<MemberRegistration[]> {
    const own = await em.findOne(Member, { user: requireUser(actor) });
    if (!own) return [];
    const rules = await this.deps.club.membership(em);
    const signOn = await this.deps.club.competition(em);
    const entries = await em.find(
      EventRegistration,
      { member: { household: own.household } },
      { populate: ['event', 'member'], orderBy: { event: { eventDate: 'asc' }, createdAt: 'asc' } },
    );
    return entries
      .filter((e) => e.member.id === own.id || divisionOn(rules, e.member.dateOfBirth, e.event.eventDate) === 'junior')
      .map((e) => this.registrationView(rules, signOn, e, e.event, e.member));
  }

  /**
   * An entry as its member sees it (its division by the club's junior age), with what they may still do about it (a
   * paid entry cancelled before entries close, by default the end of the club's sign-on, is refunded).
   */
  registrationView(
    rules: Pick<MembershipRules, 'juniorUnder'>,
    signOn: SignOnRules,
    entry: EventRegistration,
    event: Event,
    member: Member,
  ): MemberRegistration {
    const now = this.now();
    const state = entryPaymentState(entry);
    return {
      id: entry.id,
      eventId: event.id,
      name: event.name,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      date: event.eventDate.toISOString(),
      registeredAt: entry.createdAt.toISOString(),
      canCancel: registrationCancellable(event.eventDate, now),
      acceptsCatchesToday: acceptsCatchesOn(event.eventDate, clubToday(now)),
      memberId: member.id,
      memberName: fullName(member),
      fee: centsToAmount(entry.feeCents),
      paymentState: state,
      refundOnCancel: state === 'paid' && now < entriesCloseAt(signOn, event),
      checkedIn: Boolean(entry.checkedInAt),
      division: event.divisions === false ? 'open' : divisionOn(rules, member.dateOfBirth, event.eventDate),
    };
  }

  /** An order for exactly the caller's household's unpaid entries in an event (their own and their juniors'). */
  async createOrder(em: EntityManager, actor: Actor, payer: PayerSession, eventId: string): Promise<{ id: string }> {
    const user = requireUser(actor);
    const own = await em.findOne(Member, { user });
    const event = await em.findOne(Event, { id: eventId });
    if (!own || !event) throw new AppError('NOT_FOUND', 'You are not registered for this event.');
    const mine = (await this.registrations(em, actor)).filter((r) => r.eventId === eventId);
    const unpaid = mine.filter((r) => r.paymentState === 'unpaid' || r.paymentState === 'pay_at_sign_on');
    if (!mine.length) throw new AppError('NOT_FOUND', 'You are not registered for this event.');
    if (!unpaid.length) throw new AppError('CONFLICT', 'There is nothing left to pay for this event: your entry fees are paid.');
    if (event.status !== 'active') throw new AppError('BAD_REQUEST', 'This event was cancelled, so there is nothing to pay.');
    const entries = await em.find(EventRegistration, { id: { $in: unpaid.map((r) => r.id) } }, { populate: ['member'] });
    return { id: await this.orderEntries(em, user, payer, event, entries, fullName(own)) };
  }

  // ---------- Paying online (entry-orders) ----------

  orderEntries(em: EntityManager, user: User | null, payer: PayerSession, event: Event, entries: EventRegistration[], payee: string) {
    return this.orders.orderEntries(em, user, payer, event, entries, payee);
  }

  capture(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<EntryCaptureResult> {
    return this.orders.capture(em, actor, payer, orderId);
  }

  ownedOrder(em: EntityManager, actor: Actor, payer: PayerSession, orderId: string): Promise<Payment> {
    return this.orders.ownedOrder(em, actor, payer, orderId);
  }

  captureOrder(em: EntityManager, payment: Payment, by: { actor: Actor['user']; label: string }): Promise<EntryCaptureResult> {
    return this.orders.captureOrder(em, payment, by);
  }

  // ---------- Cancelling, removing and refunds (entry-removal) ----------

  cancel(em: EntityManager, actor: Actor, eventId: string, memberId?: string): Promise<{ message: string }> {
    return this.removal.cancel(em, actor, eventId, memberId);
  }

  removeEntrant(em: EntityManager, actor: Actor, registrationId: string): Promise<{ message: string }> {
    return this.removal.remove(em, actor, registrationId);
  }

  refundCancelledEvent(em: EntityManager, actor: Actor, eventId: string): Promise<{ refunded: number }> {
    return this.removal.refundCancelledEvent(em, actor, eventId);
  }

  // ---------- The waiting list (waiting-list) ----------

  joinWaitlist(
    em: EntityManager,
    actor: Actor,
    eventId: string,
    input: { memberIds?: string[]; payAtSignOn?: boolean },
  ): Promise<{ message: string; waiting: WaitlistView[] }> {
    return this.waitingList.join(em, actor, eventId, input);
  }

  leaveWaitlist(em: EntityManager, actor: Actor, eventId: string, memberId?: string): Promise<{ message: string }> {
    return this.waitingList.leave(em, actor, eventId, memberId);
  }

  myWaitlist(em: EntityManager, actor: Actor): Promise<WaitlistView[]> {
    return this.waitingList.mine(em, actor);
  }

  promoteFromWaitlist(em: EntityManager, eventId: string): Promise<number> {
    return this.waitingList.promote(em, eventId);
  }

  releaseEndedHolds(em: EntityManager): Promise<number> {
    return this.waitingList.releaseEndedHolds(em);
  }

  /**
   * Calls `listener` after each promotion from a waiting list has been committed and e-mailed (web push, for
   * instance). Returns a function that stops the calls.
   */
  onWaitlistPromoted(listener: (promotion: WaitlistPromotion) => void): () => void {
    return this.waitingList.onPromoted(listener);
  }
}
