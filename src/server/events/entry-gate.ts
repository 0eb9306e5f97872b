import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday, type IsoDate } from '../../shared/dates';
import { guestAccepted, guestDocumentsMessage, type ClubDocuments } from '../../shared/documents';
import { ageLimitRefusal, divisionOn, entriesClosedMessage, entriesCloseAt, type SignOnRules } from '../../shared/entries';
import { AppError } from '../../shared/errors';
import { MEMBERS_ONLY_MESSAGE } from '../../shared/events';
import type { MembershipRules } from '../../shared/membership';
import { Event, EventRegistration, Member, type User } from '../db/entities';
import { requireUser, type Actor } from '../platform/actor';
import { isCurrentMember, isSuspended, refuseIfSuspended } from '../membership/member-status';

// May this person enter this event? The one gate every way in asks: entering online (a member and their household's
// juniors), the waiting list, the desk's Add member and Add guest, a guest's entry online, and a place offered from
// the waiting list.

export const NOT_A_MEMBER = 'Only current club members can register for events. Join or renew your membership first.';
const CLOSED = 'Registration for this event has closed.';

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/** A guest enters (or waits) only having accepted the waiver and the competition rules at the club's current versions. */
export function refuseUnlessGuestAccepted(documents: ClubDocuments, accepted: readonly { id: string; version: string }[]): void {
  if (!guestAccepted(documents, accepted))
    throw new AppError('BAD_REQUEST', guestDocumentsMessage(documents), { field: 'documentsAccepted' });
}

/** The club's junior age: who is a junior on an event's day, for its ages and divisions. */
export type JuniorAge = Pick<MembershipRules, 'juniorUnder'>;

/** Why someone may not enter: a guest where the event takes members only, a member not current or suspended, outside its ages. */
export type EntryBar = 'members_only' | 'not_current' | 'suspended' | 'ages';

/** Who may be an entrant: a member's record, or a guest's (made afresh for each entry, or not made yet). */
export type Entrant = Pick<Member, 'isGuest' | 'firstName' | 'lastName' | 'dateOfBirth'> &
  Partial<Pick<Member, 'status' | 'expiryDate' | 'suspendedUntil'>>;

/** Why this person may not enter this event on `today` (juniors by the club's junior age, `rules`), or null when they may. */
export function entryBar(
  rules: JuniorAge,
  event: Pick<Event, 'membersOnly' | 'ageLimit' | 'eventDate'>,
  person: Entrant,
  today: IsoDate,
): EntryBar | null {
  if (person.isGuest && event.membersOnly) return 'members_only';
  if (!person.isGuest && !isCurrentMember({ status: person.status!, expiryDate: person.expiryDate }, today)) return 'not_current';
  if (!person.isGuest && isSuspended({ suspendedUntil: person.suspendedUntil }, today)) return 'suspended';
  return ageLimitRefusal(rules, event, person.dateOfBirth) ? 'ages' : null;
}

/**
 * Who asks for the entry, which says how a refusal is put: the member entering themselves, an adult entering their
 * household's junior, the committee at the desk (the form's `field`), a guest online (`self`) or at the desk.
 */
export type EntryAsker = { as: 'self' } | { as: 'household' } | { as: 'committee'; field: string } | { as: 'guest'; self: boolean };

/** Refuses someone `entryBar` bars, with the sentence for whoever asked (4xx, naming the form's field). */
export function refuseEntry(
  rules: JuniorAge,
  event: Pick<Event, 'membersOnly' | 'ageLimit' | 'eventDate'>,
  person: Entrant,
  today: IsoDate,
  asker: EntryAsker,
): void {
  const bar = entryBar(rules, event, person, today);
  if (!bar) return;
  const self = asker.as === 'self' || (asker.as === 'guest' && asker.self);
  const field = asker.as === 'committee' ? asker.field : asker.as === 'guest' ? 'dateOfBirth' : 'memberIds';
  if (bar === 'members_only') throw new AppError('BAD_REQUEST', MEMBERS_ONLY_MESSAGE);
  if (bar === 'suspended')
    refuseIfSuspended(
      { ...person, suspendedUntil: person.suspendedUntil ?? null },
      today,
      'enter events',
      self ? { self: true } : { self: false, field },
    );
  if (bar === 'not_current') {
    if (asker.as === 'self') throw new AppError('FORBIDDEN', NOT_A_MEMBER);
    const sentence =
      asker.as === 'household'
        ? `${fullName(person)}'s membership is not current, so they cannot be entered.`
        : 'Please choose a current club member.';
    throw new AppError('BAD_REQUEST', sentence, { field });
  }
  const refusal = ageLimitRefusal(rules, event, person.dateOfBirth)!;
  throw new AppError('BAD_REQUEST', self ? refusal : `${fullName(person)} cannot enter. ${refusal}`, { field });
}

/**
 * Entries close at `entriesCloseAt` (the committee's time, or the end of the club's sign-on; the committee still signs
 * people on at the desk); cancelled and past events never take any.
 */
export function refuseIfClosed(signOn: SignOnRules, event: Event, now: Date): void {
  if (event.status !== 'active' || clubToday(now) > clubToday(event.eventDate)) throw new AppError('BAD_REQUEST', CLOSED);
  if (now >= entriesCloseAt(signOn, event)) throw new AppError('BAD_REQUEST', entriesClosedMessage(signOn, event));
}

/**
 * Entering online, or joining the waiting list (`to`): the caller must be a current member in good standing; whom
 * they enter (themselves, or their household's juniors) must each pass the gate; entries must be open; one waits only
 * for a full event; none may be entered already. Answers who asks and whom they enter. `rules`: the club's junior age;
 * `signOn`: its sign-on hours, which close entries by default.
 */
export async function portalEntrants(
  em: EntityManager,
  rules: JuniorAge,
  signOn: SignOnRules,
  actor: Actor,
  request: { eventId: string; memberIds: string[] | undefined; to: 'enter' | 'wait' },
  now: Date,
): Promise<{ user: User; own: Member; event: Event; people: Member[] }> {
  const { eventId, memberIds } = request;
  const user = requireUser(actor);
  const today = clubToday(now);
  const own = await em.findOne(Member, { user });
  if (!own || own.isGuest || !isCurrentMember(own, today)) throw new AppError('FORBIDDEN', NOT_A_MEMBER);
  refuseIfSuspended(own, today, 'enter events', { self: true });
  const event = await em.findOne(Event, { id: eventId });
  if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
  const people = await householdPeople(em, rules, { own, event, memberIds }, today);
  refuseIfClosed(signOn, event, now);
  if (request.to === 'wait' && !isFull(event))
    throw new AppError('CONFLICT', `${event.name} still has places: enter it instead of waiting.`);
  await refuseIfEntered(em, event, people, own);
  return { user, own, event, people };
}

/**
 * Who the caller enters: themselves by default; otherwise members of their own household, where someone other
 * than the caller must be a junior on the event's day (the club's juniors are entered by a household adult). Each
 * must pass the gate: an adult may enter only their juniors in a juniors' event.
 */
async function householdPeople(
  em: EntityManager,
  rules: JuniorAge,
  { own, event, memberIds }: { own: Member; event: Event; memberIds: string[] | undefined },
  today: IsoDate,
) {
  const ids = [...new Set(memberIds?.length ? memberIds : [own.id])];
  const people: Member[] = [];
  for (const id of ids) {
    if (id === own.id) {
      refuseEntry(rules, event, own, today, { as: 'self' });
      people.push(own);
      continue;
    }
    const member = await em.findOne(Member, { id, household: own.household, isGuest: false });
    if (!member) throw new AppError('FORBIDDEN', 'You can enter yourself and the juniors of your household only.');
    if (divisionOn(rules, own.dateOfBirth, event.eventDate) === 'junior')
      throw new AppError('FORBIDDEN', 'Only an adult of the household can enter someone else.');
    if (divisionOn(rules, member.dateOfBirth, event.eventDate) !== 'junior') {
      throw new AppError(
        'BAD_REQUEST',
        `${fullName(member)} is not a junior on the day of ${event.name}, so they enter themselves from their own account.`,
        { field: 'memberIds' },
      );
    }
    refuseEntry(rules, event, member, today, { as: 'household' });
    people.push(member);
  }
  return people;
}

/** Whether every place of the event is taken (a waiting list is kept only then). */
export const isFull = (event: Pick<Event, 'maxParticipants' | 'registeredCount'>) =>
  event.maxParticipants !== null && event.maxParticipants !== undefined && event.registeredCount >= event.maxParticipants;

async function refuseIfEntered(em: EntityManager, event: Event, people: Member[], own: Member): Promise<void> {
  const existing = await em.find(EventRegistration, { event, member: { $in: people.map((m) => m.id) } }, { populate: ['member'] });
  if (!existing.length) return;
  if (existing.length === 1 && existing[0].member.id === own.id)
    throw new AppError('CONFLICT', 'You are already registered for this event.');
  const names = existing.map((e) => fullName(e.member));
  throw new AppError('CONFLICT', `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} already entered in ${event.name}.`);
}
