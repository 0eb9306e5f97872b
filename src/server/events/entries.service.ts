import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday, type IsoDate } from '../../shared/dates';
import {
  ageLimitRefusal,
  divisionOn,
  entriesClosedMessage,
  entriesCloseAt,
  entryFeeCents,
  entryPaymentState,
  SIGN_ON_HOURS,
  type EnterResult,
  type EntryCaptureResult,
  type EntryTerms,
  type WaitlistView,
} from '../../shared/entries.schema';
import { acceptsCatchesOn, MEMBERS_ONLY_MESSAGE, registrationCancellable } from '../../shared/events';
import { eventDetailsPath } from '../../shared/routes';
import type { MemberRegistration } from '../../shared/events.schema';
import { AppError } from '../../shared/errors';
import { centsToAmount, CURRENCY, formatAud } from '../../shared/membership';
import type { Clock } from '../clock';
import { AuditLog, Event, EventRegistration, Member, Payment, User, WaitlistEntry, type PaymentEntries } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import {
  entryConfirmationMessage,
  entryRefundMessage,
  guestWaitlistPromotedMessage,
  waitlistPromotedMessage,
  type EntryRefundReason,
} from '../emails/entries.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { PaymentProviderError, type PaymentProvider } from '../integrations/payments';
import { auditedRequest, recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import { calendarEntry, icsAttachment } from './calendar';
import type { CmsService } from '../content/cms.service';
import { UNPAID_GUEST_HOLD_MS } from './guest-holds';
import { marksOf, refuseIfAlreadyEntered } from './already-entered';
import { newGuestLink } from './guest-links';
import { isCurrentMember, isSuspended, refuseIfSuspended } from '../membership/member-status';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PayerSession, PaymentsService } from '../payments/payments.service';

export interface EntriesDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The online payment provider; null: entry fees are taken at the sign-on desk only. */
  payments: PaymentProvider | null;
  /** Orders, captures, settling and refunds go the way of every other payment (receipts and audit included). */
  paymentsService: Pick<PaymentsService, 'sendOrder' | 'settle' | 'captureAndSettle' | 'refund'>;
  /** A push to the promoted member's phones, beside the e-mail sent here; absent: e-mail only. */
  notifications?: Pick<NotificationsService, 'notifyWaitlistPlaceFreed'>;
  /** The club's contact e-mail, the organiser of the calendar file the e-mails carry. */
  cms: Pick<CmsService, 'contactEmail'>;
}

/** Someone promoted from a waiting list into an entry (for notifications beyond the e-mail). */
export interface WaitlistPromotion {
  eventId: string;
  memberId: string;
  registrationId: string;
  /** The fee is still to be paid online. */
  payNow: boolean;
}

const NOT_A_MEMBER = 'Only current club members can register for events. Join or renew your membership first.';
const CLOSED = 'Registration for this event has closed.';
const FULL = 'Sorry, this event is full.';
const NO_ONLINE_PAYMENT = 'Online payment is not available right now. Please pay your entry fee at the sign-on desk on the day.';
const NOT_YOURS = 'We could not find that payment. Please start the payment again.';
const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Refuses an entrant outside the event's ages (`ageLimitRefusal`) with its sentence: the caller as it stands, anyone
 * they act for (a junior, a member the desk adds, a guest) by name.
 */
export function refuseByAge(
  event: Pick<Event, 'ageLimit' | 'eventDate'>,
  person: Pick<Member, 'dateOfBirth' | 'firstName' | 'lastName'>,
  who: { self: boolean; field: string },
): void {
  const refusal = ageLimitRefusal(event, person.dateOfBirth);
  if (!refusal) return;
  throw new AppError('BAD_REQUEST', who.self ? refusal : `${fullName(person)} cannot enter. ${refusal}`, { field: who.field });
}

/** An event's prices and close, as shared/entries reads them (the member price is the registration fee column). */
export const termsOf = (event: Event): EntryTerms => ({
  eventDate: event.eventDate,
  entriesCloseAt: event.entriesCloseAt ?? null,
  memberFeeCents: event.registrationFeeCents,
  nonMemberFeeCents: event.nonMemberFeeCents,
  juniorFeeCents: event.juniorFeeCents ?? null,
});

/** What one person pays to enter this event. */
export const priceFor = (event: Event, member: Pick<Member, 'isGuest' | 'dateOfBirth'>) =>
  entryFeeCents(termsOf(event), { guest: member.isGuest, dateOfBirth: member.dateOfBirth });

/**
 * The conditional UPDATE that takes `places` places at once, only while entries are open and there is room: with
 * one place left exactly one of many simultaneous entries gets it. SQL twin of `entriesCloseAt`.
 */
export async function takePlaces(em: EntityManager, eventId: string, places: number, now: Date, options: { pastClose?: boolean } = {}) {
  const taken = await em.execute<{ id: string }[]>(
    `update events set registered_count = registered_count + ?
     where id = ? and status = 'active'
       and (? or coalesce(entries_close_at, event_date + make_interval(hours => ?)) > ?)
       and (? or max_participants is null or registered_count + ? <= max_participants)
     returning id`,
    [places, eventId, options.pastClose === true, SIGN_ON_HOURS, now, options.pastClose === true, places],
  );
  return taken.length > 0;
}

/**
 * Unpaid guest entries older than UNPAID_GUEST_HOLD_MS (events/guest-holds.ts) with no payment under way give their
 * places back (someone who left the payment page does not keep a place from a paying entrant). Run before places are
 * taken, and by the guest-holds job so that the counts people see agree.
 */
/** Releases the places of guests who never paid within UNPAID_GUEST_HOLD_MS; returns how many came free. */
export async function releaseStaleGuestEntries(em: EntityManager, eventId: string, now: Date): Promise<number> {
  const released = await em.execute<{ id: string }[]>(
    `delete from event_registrations r using members m
     where r.member_id = m.id and m.is_guest and r.event_id = ? and r.paid_at is null and r.fee_cents > 0
       and not r.pay_at_sign_on and r.created_at < ?
       and not exists (select 1 from payments p where p.event_id = r.event_id and p.status in ('pending', 'completed')
                       and p.entries @> jsonb_build_array(jsonb_build_object('registrationId', r.id::text)))
     returning r.id`,
    [eventId, new Date(now.getTime() - UNPAID_GUEST_HOLD_MS)],
  );
  if (released.length)
    await em.execute('update events set registered_count = greatest(0, registered_count - ?) where id = ?', [released.length, eventId]);
  return released.length;
}

/**
 * Takes the event's row lock for the rest of the caller's transaction: the committee's adds (Add member, Add guest, a
 * guest put on the waiting list) check who is already there and write under it, one at a time per event, as places
 * are taken under the same row by `takePlaces`.
 */
export async function lockEvent(em: EntityManager, eventId: string): Promise<void> {
  await em.execute('select id from events where id = ? for update', [eventId]);
}

/** Gives a place back (an entry cancelled). */
export const freePlace = (em: EntityManager, eventId: string) =>
  em.execute('update events set registered_count = registered_count - 1 where id = ? and registered_count > 0', [eventId]);

/**
 * A freed or extra place goes to the waiting list first: the committee adding someone (a member or a walk-up guest)
 * while others wait for a place is refused with their names, unless it chose to pass over them (`passOverWaiting`).
 * Whoever is added comes off the list; those ahead of them on it are the ones passed over (returned, for the audit).
 */
export async function refuseIfOthersWaiting(
  em: EntityManager,
  event: Pick<Event, 'id' | 'name'>,
  adding: { name: string; memberId: string | null; passOverWaiting: boolean },
): Promise<string[]> {
  const waiting = await em.find(WaitlistEntry, { event: event.id }, { populate: ['member'], orderBy: { createdAt: 'asc', id: 'asc' } });
  const own = waiting.findIndex((w) => w.member.id === adding.memberId);
  const ahead = (own === -1 ? waiting : waiting.slice(0, own)).map((w) => fullName(w.member));
  if (!ahead.length || adding.passOverWaiting) return ahead;
  const who = ahead.length === 1 ? `${ahead[0]} is` : `${ahead[0]} and ${ahead.length - 1} more are`;
  throw new AppError('CONFLICT', `${who} waiting for a place in ${event.name}. Offer it to them first, or add ${adding.name} anyway.`);
}

/** Records whom the committee passed over on the waiting list when it added someone else (nothing when nobody). */
export function auditPassedOver(em: EntityManager, actor: Actor, event: Pick<Event, 'id'>, added: string, passedOver: string[]): void {
  if (!passedOver.length) return;
  recordAudit(em, {
    actor: actor.user,
    action: 'waitlist.passedOver',
    entityType: 'Event',
    entityId: event.id,
    after: { added, passedOver },
  });
}

/**
 * Why the next on a waiting list cannot have a freed place (then they come off the list, audited): the committee has
 * since limited the event's ages, or made it members only (a guest), or a member is no longer current or is suspended.
 */
function promotionRefusal(event: Event, member: Member, today: IsoDate): string | null {
  if (ageLimitRefusal(event, member.dateOfBirth)) return 'Outside the ages the event is for';
  if (member.isGuest) return event.membersOnly ? 'The event now takes members only' : null;
  if (!isCurrentMember(member, today) || isSuspended(member, today)) return 'No longer a current member in good standing';
  return null;
}

/**
 * Members entering competitions: prices by the server (member, junior, or non-member for guests), entries closing at
 * `entriesCloseAt`, paying online or at sign-on, household adults entering their juniors, cancelling with a refund
 * before the close, the waiting list of a full event, and refunds when the committee cancels an event.
 */
export class EntriesService {
  private readonly promotedListeners = new Set<(promotion: WaitlistPromotion) => void>();

  constructor(private readonly deps: EntriesDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  private today(): IsoDate {
    return clubToday(this.now());
  }

  /**
   * Calls `listener` after each promotion from a waiting list has been committed and e-mailed (web push, for
   * instance). Returns a function that stops the calls.
   */
  onWaitlistPromoted(listener: (promotion: WaitlistPromotion) => void): () => void {
    this.promotedListeners.add(listener);
    return () => this.promotedListeners.delete(listener);
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
    const user = requireUser(actor);
    const today = this.today();
    const own = await em.findOne(Member, { user });
    if (!own || own.isGuest || !isCurrentMember(own, today)) throw new AppError('FORBIDDEN', NOT_A_MEMBER);
    refuseIfSuspended(own, today, 'enter events', { self: true });
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const people = await this.householdPeople(em, own, event, input.memberIds, today);
    const now = this.now();
    this.refuseIfClosed(event, now);
    await this.refuseIfEntered(em, event, people, own);

    const payAtSignOn = event.payAtSignOn && (input.payAtSignOn ?? true);
    // A place a guest never paid for goes to the waiting list first: they were there before this entrant.
    if (event.maxParticipants && (await releaseStaleGuestEntries(em, event.id, now))) await this.promoteFromWaitlist(em, event.id);
    const entries = await em.transactional(async (tem) => {
      if (!(await takePlaces(tem, event.id, people.length, now))) {
        const current = await tem.findOneOrFail(Event, { id: eventId }, { refresh: true });
        this.refuseIfClosed(current, now);
        throw new AppError(
          'CONFLICT',
          people.length === 1 ? FULL : `Sorry, there are not enough places left in ${event.name} for ${people.length} entrants.`,
        );
      }
      const made = people.map((member) => {
        const feeCents = priceFor(event, member);
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
    await this.sendConfirmation(em, own, user, fresh, people, feeCents, dueCents, payAtSignOn);
    const names = people.map(fullName);
    return {
      message:
        dueCents > 0
          ? `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} entered in ${event.name}. Pay the entry fee of ${formatAud(dueCents)} to finish.`
          : `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} entered in ${event.name}.`,
      entries: entries.map((e, i) => this.registrationView(e, fresh, people[i])),
      amountDue: centsToAmount(dueCents),
    };
  }

  /** The one-click 'Register Now' (POST /api/events/{id}/register): the caller alone. */
  async register(em: EntityManager, actor: Actor, eventId: string): Promise<MemberRegistration> {
    return (await this.enter(em, actor, eventId, {})).entries[0];
  }

  /**
   * Who the caller enters: themselves by default; otherwise members of their own household, where someone other
   * than the caller must be a junior on the event's day (the club's juniors are entered by a household adult). Each
   * must be of the event's ages: an adult may enter only their juniors in a juniors' event.
   */
  private async householdPeople(em: EntityManager, own: Member, event: Event, memberIds: string[] | undefined, today: IsoDate) {
    const ids = [...new Set(memberIds?.length ? memberIds : [own.id])];
    const people: Member[] = [];
    for (const id of ids) {
      if (id === own.id) {
        refuseByAge(event, own, { self: true, field: 'memberIds' });
        people.push(own);
        continue;
      }
      const member = await em.findOne(Member, { id, household: own.household, isGuest: false });
      if (!member) throw new AppError('FORBIDDEN', 'You can enter yourself and the juniors of your household only.');
      if (divisionOn(own.dateOfBirth, event.eventDate) === 'junior')
        throw new AppError('FORBIDDEN', 'Only an adult of the household can enter someone else.');
      if (divisionOn(member.dateOfBirth, event.eventDate) !== 'junior') {
        throw new AppError(
          'BAD_REQUEST',
          `${fullName(member)} is not a junior on the day of ${event.name}, so they enter themselves from their own account.`,
          { field: 'memberIds' },
        );
      }
      if (!isCurrentMember(member, today))
        throw new AppError('BAD_REQUEST', `${fullName(member)}'s membership is not current, so they cannot be entered.`, {
          field: 'memberIds',
        });
      refuseIfSuspended(member, today, 'enter events', { self: false, field: 'memberIds' });
      refuseByAge(event, member, { self: false, field: 'memberIds' });
      people.push(member);
    }
    return people;
  }

  /** Entries close at `entriesCloseAt` (the committee still signs people on at the desk); cancelled and past events never take any. */
  refuseIfClosed(event: Event, now: Date): void {
    if (event.status !== 'active' || clubToday(now) > clubToday(event.eventDate)) throw new AppError('BAD_REQUEST', CLOSED);
    if (now >= entriesCloseAt(event)) throw new AppError('BAD_REQUEST', entriesClosedMessage(event));
  }

  private async refuseIfEntered(em: EntityManager, event: Event, people: Member[], own: Member | null): Promise<void> {
    const existing = await em.find(EventRegistration, { event, member: { $in: people.map((m) => m.id) } }, { populate: ['member'] });
    if (!existing.length) return;
    if (existing.length === 1 && existing[0].member.id === own?.id)
      throw new AppError('CONFLICT', 'You are already registered for this event.');
    const names = existing.map((e) => fullName(e.member));
    throw new AppError('CONFLICT', `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} already entered in ${event.name}.`);
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
    if (!member || (!waitingGuest && (member.isGuest || !isCurrentMember(member, this.today()))))
      throw new AppError('BAD_REQUEST', 'Please choose a current club member.', { field: 'memberId' });
    if (waitingGuest && event.membersOnly) throw new AppError('BAD_REQUEST', MEMBERS_ONLY_MESSAGE);
    if (!waitingGuest) refuseIfSuspended(member, this.today(), 'enter events', { self: false, field: 'memberId' });
    refuseByAge(event, member, { self: false, field: 'memberId' });
    const name = fullName(member);
    const already = new AppError('CONFLICT', `${name} is already entered in ${event.name}.`);
    const feeCents = priceFor(event, member);
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
    const entries = await em.find(
      EventRegistration,
      { member: { household: own.household } },
      { populate: ['event', 'member'], orderBy: { event: { eventDate: 'asc' }, createdAt: 'asc' } },
    );
    return entries
      .filter((e) => e.member.id === own.id || divisionOn(e.member.dateOfBirth, e.event.eventDate) === 'junior')
      .map((e) => this.registrationView(e, e.event, e.member));
  }

  /** An entry as its member sees it, with what they may still do about it. */
  registrationView(entry: EventRegistration, event: Event, member: Member): MemberRegistration {
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
      refundOnCancel: state === 'paid' && now < entriesCloseAt(event),
      checkedIn: Boolean(entry.checkedInAt),
      division: event.divisions === false ? 'open' : divisionOn(member.dateOfBirth, event.eventDate),
    };
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
    const refund = entryPaymentState(entry) === 'paid' && entry.payment && now < entriesCloseAt(event);
    if (refund) await this.refundEntry(em, actor, entry, target, 'cancelled_entry');
    await em.transactional(async (tem) => {
      const row = await tem.findOne(EventRegistration, { id: entry.id });
      if (!row) return;
      tem.remove(row);
      recordAudit(tem, {
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
      await tem.flush();
      await freePlace(tem, event.id);
    });
    await this.promoteFromWaitlist(em, event.id);
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
  async removeEntrant(em: EntityManager, actor: Actor, registrationId: string): Promise<{ message: string }> {
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
    await em.transactional(async (tem) => {
      const row = await tem.findOne(EventRegistration, { id: entry.id });
      if (!row) return;
      tem.remove(row);
      recordAudit(tem, {
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
      await tem.flush();
      await freePlace(tem, event.id);
    });
    await this.promoteFromWaitlist(em, event.id);
    const money = !paid
      ? ''
      : handedBack
        ? ` Hand back ${formatAud(entry.feeCents)}: it is recorded as refunded.`
        : ` ${formatAud(entry.feeCents)} is refunded to their PayPal.`;
    return { message: `${fullName(member)} is no longer entered in ${event.name}.${money}` };
  }

  /**
   * Returns one entry's fee on its payment (outside any transaction; the refund's key is the entry, so a retry never
   * refunds twice), marks the entry refunded (audited) and tells the payer.
   */
  private async refundEntry(
    em: EntityManager,
    actor: Actor,
    entry: EventRegistration,
    member: Member,
    reason: EntryRefundReason,
  ): Promise<void> {
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
    const to = await this.payerAddress(em, entry, member);
    if (to) {
      const mail = await entryRefundMessage({
        eventName: event.name,
        location: event.location,
        start: event.eventDate,
        firstName: to.firstName,
        name: fullName(member),
        amountCents: entry.feeCents,
        reason,
        handedBack: reason === 'removed_entry' && entry.payment.provider !== 'paypal',
      });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...mail });
    }
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

  /** Who hears about an entry's money: whoever entered them, else the entrant, else their household's primary member. */
  private async payerAddress(
    em: EntityManager,
    entry: EventRegistration,
    member: Member,
  ): Promise<{ email: string; firstName: string } | null> {
    const by = entry.enteredBy ? await em.findOne(User, { id: entry.enteredBy.id }) : null;
    if (by && by.role !== 'admin') return { email: by.email, firstName: by.firstName };
    if (member.email) return { email: member.email, firstName: member.firstName };
    const primary = await em.findOne(Member, { household: member.household, isPrimary: true });
    return primary?.email ? { email: primary.email, firstName: primary.firstName } : null;
  }

  // ---------- Paying online ----------

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
      createdAt: this.now(),
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

  // ---------- The waiting list ----------

  /** Puts the caller (and their juniors) on a full event's waiting list; the oldest is offered the next free place. */
  async joinWaitlist(
    em: EntityManager,
    actor: Actor,
    eventId: string,
    input: { memberIds?: string[]; payAtSignOn?: boolean },
  ): Promise<{ message: string; waiting: WaitlistView[] }> {
    const user = requireUser(actor);
    const today = this.today();
    const own = await em.findOne(Member, { user });
    if (!own || own.isGuest || !isCurrentMember(own, today)) throw new AppError('FORBIDDEN', NOT_A_MEMBER);
    refuseIfSuspended(own, today, 'enter events', { self: true });
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const people = await this.householdPeople(em, own, event, input.memberIds, today);
    this.refuseIfClosed(event, this.now());
    if (event.maxParticipants === null || event.maxParticipants === undefined || event.registeredCount < event.maxParticipants)
      throw new AppError('CONFLICT', `${event.name} still has places: enter it instead of waiting.`);
    await this.refuseIfEntered(em, event, people, own);
    for (const member of people) {
      if (await em.count(WaitlistEntry, { event, member })) continue;
      em.create(WaitlistEntry, { event, member, addedBy: user, payAtSignOn: event.payAtSignOn && (input.payAtSignOn ?? true) });
    }
    recordAudit(em, {
      actor: user,
      action: 'waitlist.join',
      entityType: 'Event',
      entityId: event.id,
      after: { entrants: people.map((m) => ({ memberId: m.id, name: fullName(m) })) },
    });
    await em.flush().catch((error) => {
      // The same request twice at once: the unique key keeps one place each.
      if (!isUniqueViolation(error)) throw error;
    });
    const waiting = (await this.myWaitlist(em, actor)).filter((w) => w.eventId === event.id);
    const names = people.map(fullName).join(' and ');
    return {
      message: `${names} ${people.length === 1 ? 'is' : 'are'} on the waiting list for ${event.name}${waiting[0] ? ` (number ${waiting[0].position})` : ''}. We will e-mail you if a place comes up.`,
      waiting,
    };
  }

  async leaveWaitlist(em: EntityManager, actor: Actor, eventId: string, memberId?: string): Promise<{ message: string }> {
    const own = await em.findOne(Member, { user: requireUser(actor) });
    const target = memberId && own && memberId !== own.id ? await em.findOne(Member, { id: memberId, household: own.household }) : own;
    const removed = target ? await em.nativeDelete(WaitlistEntry, { event: eventId, member: target }) : 0;
    if (!removed) throw new AppError('NOT_FOUND', 'You are not on the waiting list for this event.');
    return { message: 'You have left the waiting list.' };
  }

  /** The caller's (and their household's) places on waiting lists, with their position. */
  async myWaitlist(em: EntityManager, actor: Actor): Promise<WaitlistView[]> {
    const own = await em.findOne(Member, { user: requireUser(actor) });
    if (!own) return [];
    const mine = await em.find(
      WaitlistEntry,
      { member: { household: own.household } },
      { populate: ['event', 'member'], orderBy: { event: { eventDate: 'asc' } } },
    );
    const views: WaitlistView[] = [];
    for (const w of mine) {
      const ahead = await em.count(WaitlistEntry, {
        event: w.event,
        $or: [{ createdAt: { $lt: w.createdAt } }, { createdAt: w.createdAt, id: { $lt: w.id } }],
      });
      views.push({
        eventId: w.event.id,
        name: w.event.name,
        eventDate: w.event.eventDate.toISOString(),
        memberId: w.member.id,
        memberName: fullName(w.member),
        position: ahead + 1,
      });
    }
    return views;
  }

  /**
   * Gives back every place whose unpaid guest hold has ended (the waiting list first), so that the counts the public
   * and the desk see agree without waiting for the next entrant. Returns how many places came free.
   */
  async releaseEndedHolds(em: EntityManager): Promise<number> {
    const events = await em.execute<{ event_id: string }[]>(
      `select distinct r.event_id from event_registrations r join members m on m.id = r.member_id
       where m.is_guest and r.paid_at is null and r.fee_cents > 0 and not r.pay_at_sign_on and r.created_at < ?`,
      [new Date(this.now().getTime() - UNPAID_GUEST_HOLD_MS)],
    );
    let released = 0;
    for (const { event_id: eventId } of events) {
      const freed = await releaseStaleGuestEntries(em, eventId, this.now());
      if (freed) await this.promoteFromWaitlist(em, eventId);
      released += freed;
    }
    return released;
  }

  /**
   * Fills free places from the waiting list, oldest first, while entries are open: each promotion is its own
   * transaction (the row locked, the place taken with the same conditional UPDATE as entering), then e-mailed, with
   * a pay link when the fee is to be paid online. Someone no longer a current member, or suspended, is passed over.
   */
  async promoteFromWaitlist(em: EntityManager, eventId: string): Promise<number> {
    let promotedCount = 0;
    for (;;) {
      const now = this.now();
      const outcome = await em.transactional(async (tem) => {
        const [next] = await tem.execute<{ id: string }[]>(
          'select id from event_waitlist where event_id = ? order by created_at, id limit 1 for update skip locked',
          [eventId],
        );
        if (!next) return null;
        const waiting = await tem.findOneOrFail(WaitlistEntry, { id: next.id }, { populate: ['member', 'event'] });
        const { member, event } = waiting;
        if (event.status !== 'active' || now >= entriesCloseAt(event)) return null;
        const passedOver = promotionRefusal(event, member, clubToday(now));
        if (passedOver) {
          tem.remove(waiting);
          recordAudit(tem, {
            actor: null,
            actorLabel: 'waiting list',
            action: 'waitlist.skipped',
            entityType: 'Event',
            entityId: event.id,
            after: { memberId: member.id, name: fullName(member), reason: passedOver },
          });
          return 'skipped' as const;
        }
        if (!(await takePlaces(tem, event.id, 1, now))) return null;
        const feeCents = priceFor(event, member);
        const entry = tem.create(EventRegistration, {
          event,
          member,
          feeCents,
          // A guest has no account to pay from later: their fee is taken at the desk.
          payAtSignOn: feeCents > 0 && (member.isGuest || (event.payAtSignOn && waiting.payAtSignOn)),
          enteredBy: waiting.addedBy ?? null,
        });
        tem.remove(waiting);
        recordAudit(tem, {
          actor: null,
          actorLabel: 'waiting list',
          action: 'entry.promoted',
          entityType: 'Event',
          entityId: event.id,
          after: { memberId: member.id, name: fullName(member), feeCents },
        });
        await tem.flush();
        return { entry, member, event };
      });
      if (outcome === null) return promotedCount;
      if (outcome === 'skipped') continue;
      promotedCount += 1;
      await this.announcePromotion(em, outcome.entry, outcome.member, outcome.event);
    }
  }

  private async announcePromotion(em: EntityManager, entry: EventRegistration, member: Member, event: Event): Promise<void> {
    const payNow = entryPaymentState(entry) === 'unpaid';
    const to = member.isGuest ? null : await this.payerAddress(em, entry, member);
    if (member.isGuest) await this.announceGuestPromotion(em, entry, member, event);
    if (to) {
      const mail = await waitlistPromotedMessage({
        eventName: event.name,
        location: event.location,
        start: event.eventDate,
        firstName: to.firstName,
        name: fullName(member),
        feeCents: entry.feeCents,
        payNow,
        url: `${this.deps.publicUrl}/member?tab=events`,
      });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: to.email, ...mail, attachments: [await this.icsAttachment(em, event)] });
    }
    // A guest has no account, so no phone to push to: the e-mail is all.
    if (this.deps.notifications && !member.isGuest) {
      await this.deps.notifications
        .notifyWaitlistPlaceFreed(em, {
          eventId: event.id,
          memberId: member.id,
          note: payNow ? 'Pay the entry fee in the member portal, or cancel so the next person gets the place.' : undefined,
          alreadyEmailed: true,
        })
        .catch((error: unknown) => this.deps.log.error({ err: { message: (error as Error).message } }, 'Waiting-list push not sent'));
    }
    for (const listener of this.promotedListeners) {
      try {
        listener({ eventId: event.id, memberId: member.id, registrationId: entry.id, payNow });
      } catch (error) {
        this.deps.log.error({ err: { message: (error as Error).message } }, 'A waiting-list listener failed');
      }
    }
  }

  /**
   * Tells a guest entered from the waiting list (at the address they gave; one who gave only a phone number is
   * called by the desk, where they show as entered): the fee is paid at the desk, or a free entry carries the link.
   */
  private async announceGuestPromotion(em: EntityManager, entry: EventRegistration, member: Member, event: Event): Promise<void> {
    if (!member.email) return;
    const link = entry.feeCents === 0 ? newGuestLink(entry, event, this.now(), this.deps.publicUrl) : undefined;
    if (link) await em.flush();
    const mail = await guestWaitlistPromotedMessage({
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      firstName: member.firstName,
      name: fullName(member),
      feeCents: entry.feeCents,
      eventUrl: `${this.deps.publicUrl}${eventDetailsPath(event.id)}`,
      contact: await this.deps.cms.contactEmail(em),
      link,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, {
      to: member.email,
      ...mail,
      attachments: [await this.icsAttachment(em, event)],
    });
  }

  // ---------- E-mail ----------

  private async icsAttachment(em: EntityManager, event: Event) {
    const organizer = await this.deps.cms.contactEmail(em);
    return icsAttachment(calendarEntry(event, { publicUrl: this.deps.publicUrl, organizer }), this.now());
  }

  private async sendConfirmation(
    em: EntityManager,
    own: Member,
    user: User,
    event: Event,
    people: Member[],
    feeCents: number,
    dueOnlineCents: number,
    payAtSignOn: boolean,
  ): Promise<void> {
    const to = own.email ?? user.email;
    const mail = await entryConfirmationMessage({
      firstName: own.firstName,
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      names: people.map(fullName),
      feeCents,
      dueOnlineCents,
      payAtSignOn,
      portalUrl: `${this.deps.publicUrl}/member?tab=events`,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to, ...mail, attachments: [await this.icsAttachment(em, event)] });
  }
}
