import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeskGuestWaitlistInput, GuestWaitlistInput, GuestWaitlistResult } from '../../shared/entries.schema';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { samePerson } from '../../shared/same-person';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, WaitlistEntry, type Member } from '../db/entities';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import { isFull, refuseEntry, refuseIfClosed, refuseUnlessGuestAccepted, type JuniorAge } from './entry-gate';
import { lockEvent } from './entry-places';
import { createGuestMember, type GuestPerson } from './guest-entries.service';
import { marksOf } from './already-entered';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';

export interface GuestWaitlistDeps {
  clock: Clock;
  rateRules: RateRules;
  /**
   * The club's junior age (who may wait for an event limited by age, and the guest's division) and its sign-on hours
   * (when entries close by default).
   */
  club: Pick<ClubSettingsService, 'membership' | 'competition' | 'documents'>;
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Non-members on a full event's waiting list, online (the guest entry form) or at the sign-on desk (a walk-up). A
 * guest waits as a guest's member row (guest-entries.service) with a WaitlistEntry, in order with the members: the
 * desk lists them, a freed place is offered to the first in line whoever they are (WaitingList.promote, waiting-list.ts,
 * enters a guest at the non-member fee, to pay at the desk), and adding someone else while they wait is refused
 * unless the committee passes over them (refuseIfOthersWaiting). The same person twice is refused with a sentence.
 */
export class GuestWaitlistService {
  constructor(private readonly deps: GuestWaitlistDeps) {}

  /** 'Join the waiting list' on the guest entry form, while entries are open and the event is full. */
  async join(em: EntityManager, actor: Actor, input: GuestWaitlistInput): Promise<GuestWaitlistResult> {
    refuseUnlessGuestAccepted(await this.deps.club.documents(em), input.documentsAccepted);
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.signupPerIp, actor.ip);
    const rules = await this.deps.club.membership(em);
    const event = await this.event(em, rules, input.eventId, input, 'online');
    refuseIfClosed(await this.deps.club.competition(em), event, this.deps.clock.now());
    if (!isFull(event)) throw new AppError('CONFLICT', `${event.name} still has places: enter it instead of waiting.`);
    const placed = await this.add(em, rules, actor, event, { ...input, documentsAccepted: input.documentsAccepted }, 'online');
    return {
      ...placed,
      message: `${placed.name} is on the waiting list for ${event.name} (number ${placed.position}). If a place comes up, we enter you and e-mail you; you then pay the non-member fee at the sign-on desk.`,
    };
  }

  /** A walk-up guest put on a full event's waiting list at the desk (also on the day, after entries close). */
  async deskJoin(
    em: EntityManager,
    actor: Actor,
    input: DeskGuestWaitlistInput & { email: string | null; phone: string | null },
  ): Promise<GuestWaitlistResult> {
    const rules = await this.deps.club.membership(em);
    const event = await this.event(em, rules, input.eventId, input, 'desk');
    if (event.status === 'cancelled') throw new AppError('BAD_REQUEST', 'This event was cancelled.');
    const name = `${input.firstName} ${input.lastName}`;
    if (!isFull(event)) throw new AppError('CONFLICT', `${event.name} still has places: add ${name} as a guest instead.`);
    const { firstName, lastName, email, phone, dateOfBirth } = input;
    const placed = await this.add(em, rules, actor, event, { firstName, lastName, email, phone, dateOfBirth }, 'desk');
    const reach = email ? `We e-mail ${email} if a place comes up.` : `Call ${phone} if a place comes up.`;
    return { ...placed, message: `${placed.name} is number ${placed.position} on the waiting list for ${event.name}. ${reach}` };
  }

  /** The event the guest would wait for, when the gate lets them enter it (a members-only event does not). */
  private async event(em: EntityManager, rules: JuniorAge, eventId: string, person: GuestPerson, via: 'online' | 'desk'): Promise<Event> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    refuseEntry(rules, event, { ...person, isGuest: true }, clubToday(this.deps.clock.now()), { as: 'guest', self: via === 'online' });
    return event;
  }

  /**
   * The guest's row and their place at the end of the list, audited 'waitlist.join'. One request at a time per event
   * (the event's row lock, as the desk's adds), so the same person sent twice at once, or added at the desk meanwhile,
   * is refused the second time, not listed twice.
   */
  private async add(
    em: EntityManager,
    rules: JuniorAge,
    actor: Actor,
    event: Event,
    person: GuestPerson,
    via: 'online' | 'desk',
  ): Promise<{ name: string; position: number }> {
    return em.transactional(async (tem) => {
      await lockEvent(tem, event.id);
      await refuseIfListed(tem, event, person);
      const member = createGuestMember(tem, rules, event, person, this.deps.clock.now());
      tem.create(WaitlistEntry, {
        event: tem.getReference(Event, event.id),
        member,
        addedBy: via === 'desk' ? actor.user : null,
        payAtSignOn: true,
      });
      recordAudit(tem, {
        actor: actor.user,
        actorLabel: via === 'desk' ? 'sign-on desk' : 'guest entry',
        action: 'waitlist.join',
        entityType: 'Event',
        entityId: event.id,
        after: { entrants: [{ memberId: member.id, name: fullName(member) }], guest: true, via },
      });
      await tem.flush();
      return { name: fullName(member), position: await tem.count(WaitlistEntry, { event: event.id }) };
    });
  }
}

/**
 * Refuses someone already on the event's waiting list or among its entrants (`samePerson`, as the desk's check before
 * adding a walk-up).
 */
async function refuseIfListed(em: EntityManager, event: Event, person: GuestPerson): Promise<void> {
  const matches = (m: Member) => samePerson({ ...person, guest: true }, marksOf(m));
  const waiting = await em.find(WaitlistEntry, { event: event.id }, { populate: ['member'], orderBy: { createdAt: 'asc', id: 'asc' } });
  const position = waiting.findIndex((w) => matches(w.member));
  if (position !== -1)
    throw new AppError(
      'CONFLICT',
      `${fullName(waiting[position].member)} is already on the waiting list for ${event.name} (number ${position + 1}). Nothing was added.`,
    );
  const entries = await em.find(EventRegistration, { event: event.id }, { populate: ['member'] });
  const entered = entries.find((e) => matches(e.member));
  if (entered) throw new AppError('CONFLICT', `${fullName(entered.member)} is already entered in ${event.name}. Nothing was added.`);
}
