import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { entriesCloseAt, entryPaymentState, type SignOnRules } from '../../shared/entries';
import type { WaitlistView } from '../../shared/entries.schema';
import { AppError } from '../../shared/errors';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { EventRegistration, Member, WaitlistEntry, type Event } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import type { NotificationsService } from '../notifications/notifications.service';
import { entryBar, portalEntrants, type EntryBar, type JuniorAge } from './entry-gate';
import type { EntryNotices } from './entry-notices';
import { takePlaces } from './entry-places';
import { priceFor } from './entry-prices';
import { releaseStaleGuestEntries, UNPAID_GUEST_HOLD_MS } from './guest-holds';

export interface WaitingListDeps {
  clock: Clock;
  /**
   * The club's junior age (who may enter an event limited by age, and who pays a junior's fee) and its sign-on hours
   * (when entries close by default: no place is offered after).
   */
  club: Pick<ClubSettingsService, 'membership' | 'competition'>;
  log: { error(obj: object, msg: string): void };
  /** A push to the promoted member's phones, beside the e-mail; absent: e-mail only. */
  notifications?: Pick<NotificationsService, 'notifyWaitlistPlaceFreed'>;
  notices: Pick<EntryNotices, 'promoted'>;
}

/** Someone promoted from a waiting list into an entry (for notifications beyond the e-mail). */
export interface WaitlistPromotion {
  eventId: string;
  memberId: string;
  registrationId: string;
  /** The fee is still to be paid online. */
  payNow: boolean;
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/** Why the next in line comes off the list instead of having a freed place (the gate, asked again then), as audited. */
const PASSED_OVER: Record<EntryBar, string> = {
  ages: 'Outside the ages the event is for',
  members_only: 'The event now takes members only',
  not_current: 'No longer a current member in good standing',
  suspended: 'No longer a current member in good standing',
};

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
 * A full event's waiting list: members (and their juniors) join and leave it from the portal and see their place in
 * line; a freed place goes to the first in line, member or guest, while entries are open.
 */
export class WaitingList {
  private readonly promotedListeners = new Set<(promotion: WaitlistPromotion) => void>();

  constructor(private readonly deps: WaitingListDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** Calls `listener` after each promotion has been committed and e-mailed. Returns a function that stops the calls. */
  onPromoted(listener: (promotion: WaitlistPromotion) => void): () => void {
    this.promotedListeners.add(listener);
    return () => this.promotedListeners.delete(listener);
  }

  /** Puts the caller (and their juniors) on a full event's waiting list; the oldest is offered the next free place. */
  async join(
    em: EntityManager,
    actor: Actor,
    eventId: string,
    input: { memberIds?: string[]; payAtSignOn?: boolean },
  ): Promise<{ message: string; waiting: WaitlistView[] }> {
    const rules = await this.deps.club.membership(em);
    const signOn = await this.deps.club.competition(em);
    const request = { eventId, memberIds: input.memberIds, to: 'wait' } as const;
    const { user, event, people } = await portalEntrants(em, rules, signOn, actor, request, this.now());
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
    const waiting = (await this.mine(em, actor)).filter((w) => w.eventId === event.id);
    const names = people.map(fullName).join(' and ');
    return {
      message: `${names} ${people.length === 1 ? 'is' : 'are'} on the waiting list for ${event.name}${waiting[0] ? ` (number ${waiting[0].position})` : ''}. We will e-mail you if a place comes up.`,
      waiting,
    };
  }

  async leave(em: EntityManager, actor: Actor, eventId: string, memberId?: string): Promise<{ message: string }> {
    const own = await em.findOne(Member, { user: requireUser(actor) });
    const target = memberId && own && memberId !== own.id ? await em.findOne(Member, { id: memberId, household: own.household }) : own;
    const removed = target ? await em.nativeDelete(WaitlistEntry, { event: eventId, member: target }) : 0;
    if (!removed) throw new AppError('NOT_FOUND', 'You are not on the waiting list for this event.');
    return { message: 'You have left the waiting list.' };
  }

  /** The caller's (and their household's) places on waiting lists, with their position. */
  async mine(em: EntityManager, actor: Actor): Promise<WaitlistView[]> {
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
      if (freed) await this.promote(em, eventId);
      released += freed;
    }
    return released;
  }

  /**
   * Fills free places from the waiting list, oldest first, while entries are open: each promotion is its own
   * transaction (the row locked, the place taken with the same conditional UPDATE as entering), then e-mailed, with
   * a pay link when the fee is to be paid online. Someone the gate now bars (no longer a current member, suspended,
   * outside the event's ages, a guest where it takes members only) comes off the list, audited.
   */
  async promote(em: EntityManager, eventId: string): Promise<number> {
    let promotedCount = 0;
    const rules = await this.deps.club.membership(em);
    const signOn = await this.deps.club.competition(em);
    for (;;) {
      const outcome = await em.transactional((tem) => this.promoteNext(tem, rules, signOn, eventId, this.now()));
      if (outcome === null) return promotedCount;
      if (outcome === 'skipped') continue;
      promotedCount += 1;
      await this.announce(em, outcome.entry, outcome.member, outcome.event);
    }
  }

  /** The first in line, in the caller's transaction: entered, or taken off the list when the gate bars them. */
  private async promoteNext(tem: EntityManager, rules: JuniorAge, signOn: SignOnRules, eventId: string, now: Date) {
    const [next] = await tem.execute<{ id: string }[]>(
      'select id from event_waitlist where event_id = ? order by created_at, id limit 1 for update skip locked',
      [eventId],
    );
    if (!next) return null;
    const waiting = await tem.findOneOrFail(WaitlistEntry, { id: next.id }, { populate: ['member', 'event'] });
    const { member, event } = waiting;
    if (event.status !== 'active' || now >= entriesCloseAt(signOn, event)) return null;
    const bar = entryBar(rules, event, member, clubToday(now));
    if (bar) {
      tem.remove(waiting);
      recordAudit(tem, {
        actor: null,
        actorLabel: 'waiting list',
        action: 'waitlist.skipped',
        entityType: 'Event',
        entityId: event.id,
        after: { memberId: member.id, name: fullName(member), reason: PASSED_OVER[bar] },
      });
      return 'skipped' as const;
    }
    if (!(await takePlaces(tem, signOn, event.id, 1, now))) return null;
    const feeCents = priceFor(rules, event, member);
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
  }

  /** Tells whoever was entered (e-mail, and a push to a member's phones), then those listening. */
  private async announce(em: EntityManager, entry: EventRegistration, member: Member, event: Event): Promise<void> {
    const payNow = entryPaymentState(entry) === 'unpaid';
    await this.deps.notices.promoted(em, entry, member, event, payNow);
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
}
