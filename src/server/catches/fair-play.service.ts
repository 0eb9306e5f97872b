import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClubProfile } from '../../shared/club-profile';
import { clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { suspensionEndProblem, type DisqualifyInput, type ReinstateInput, type SuspendInput } from '../../shared/judging.schema';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, Member } from '../db/entities';
import { disqualificationMessage, reinstatementMessage, suspensionLiftedMessage, suspensionMessage } from '../emails/fair-play.emails';
import type { RenderedEmail } from '../emails/layout';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { isSuspended } from '../membership/member-status';

export interface FairPlayDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  club: Pick<ClubSettingsService, 'profile'>;
  log: { error(obj: object, msg: string): void };
}

/** Why a catch cannot be logged for an angler disqualified from its event (400 under the angler field). */
export function disqualifiedError(angler: Pick<Member, 'firstName' | 'lastName'>, event: Pick<Event, 'name'>): AppError {
  return new AppError(
    'BAD_REQUEST',
    `${angler.firstName} ${angler.lastName} is disqualified from ${event.name}, so no more catches can be logged for them in it.`,
    { field: 'memberId' },
  );
}

const nameOf = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * The committee's sanctions under the club's rules (photo tampering means disqualification and up to 12 months'
 * suspension), each audited, e-mailed to the member and undoable. A disqualified entrant's catches in the event
 * stay as judged but do not place (the results' one rule, in `placedSql`); a suspension blocks entering events and
 * logging catches until its last day (`refuseIfSuspended`). Doing the same thing twice changes nothing, audits
 * nothing and sends nothing.
 */
export class FairPlayService {
  constructor(private readonly deps: FairPlayDeps) {}

  async disqualify(em: EntityManager, actor: Actor, input: DisqualifyInput): Promise<{ message: string }> {
    const entry = await this.entry(em, input.eventId, input.memberId);
    const name = nameOf(entry.member);
    if (entry.disqualifiedAt) return { message: `${name} is already disqualified from ${entry.event.name}.` };
    entry.disqualifiedAt = this.deps.clock.now();
    entry.disqualifiedBy = actor.user;
    entry.disqualifyReason = input.reason;
    recordAudit(em, {
      actor: actor.user,
      action: 'event.disqualify',
      entityType: 'Event',
      entityId: entry.event.id,
      before: { memberId: entry.member.id, name, disqualified: false },
      after: { memberId: entry.member.id, name, disqualified: true, reason: input.reason },
    });
    await em.flush();
    await this.tell(em, entry.member, (club) =>
      disqualificationMessage(club, {
        firstName: entry.member.firstName,
        eventName: entry.event.name,
        reason: input.reason,
        catchesUrl: `${this.deps.publicUrl}/member?tab=catches`,
      }),
    );
    return { message: `${name} is disqualified from ${entry.event.name}: their catches in it no longer count.` };
  }

  async reinstate(em: EntityManager, actor: Actor, input: ReinstateInput): Promise<{ message: string }> {
    const entry = await this.entry(em, input.eventId, input.memberId);
    const name = nameOf(entry.member);
    if (!entry.disqualifiedAt) return { message: `${name} is not disqualified from ${entry.event.name}.` };
    const before = {
      memberId: entry.member.id,
      name,
      disqualified: true,
      disqualifiedAt: entry.disqualifiedAt.toISOString(),
      reason: entry.disqualifyReason ?? null,
    };
    entry.disqualifiedAt = null;
    entry.disqualifiedBy = null;
    entry.disqualifyReason = null;
    recordAudit(em, {
      actor: actor.user,
      action: 'event.reinstate',
      entityType: 'Event',
      entityId: entry.event.id,
      before,
      after: { memberId: entry.member.id, name, disqualified: false },
    });
    await em.flush();
    await this.tell(em, entry.member, (club) =>
      reinstatementMessage(club, {
        firstName: entry.member.firstName,
        eventName: entry.event.name,
        catchesUrl: `${this.deps.publicUrl}/member?tab=catches`,
      }),
    );
    return { message: `${name} is reinstated in ${entry.event.name}: their verified catches count again.` };
  }

  /** Suspends a member until a day (inclusive, club time), at most 12 months ahead; a new suspension replaces one in force. */
  async suspend(em: EntityManager, actor: Actor, input: SuspendInput): Promise<{ message: string }> {
    const member = await this.member(em, input.memberId);
    const today = clubToday(this.deps.clock.now());
    const problem = suspensionEndProblem(input.until, today);
    if (problem) throw new AppError('BAD_REQUEST', problem, { field: 'until' });
    const name = nameOf(member);
    const message = `${name} is suspended until ${formatAuDate(input.until)}.`;
    if (member.suspendedUntil === input.until && member.suspendedReason === input.reason) return { message };
    const before = this.suspensionOf(member, today);
    member.suspendedUntil = input.until;
    member.suspendedReason = input.reason;
    member.suspendedBy = actor.user;
    recordAudit(em, {
      actor: actor.user,
      action: 'member.suspend',
      entityType: 'Member',
      entityId: member.id,
      before: { name, ...before },
      after: { name, suspendedUntil: input.until, reason: input.reason },
    });
    await em.flush();
    await this.tell(em, member, (club) =>
      suspensionMessage(club, {
        firstName: member.firstName,
        until: input.until,
        reason: input.reason,
        portalUrl: `${this.deps.publicUrl}/member`,
      }),
    );
    return { message };
  }

  /** Ends a suspension early. */
  async liftSuspension(em: EntityManager, actor: Actor, memberId: string): Promise<{ message: string }> {
    const member = await this.member(em, memberId);
    const today = clubToday(this.deps.clock.now());
    const name = nameOf(member);
    if (!isSuspended(member, today)) return { message: `${name} is not suspended.` };
    const before = this.suspensionOf(member, today);
    member.suspendedUntil = null;
    member.suspendedReason = null;
    member.suspendedBy = null;
    recordAudit(em, {
      actor: actor.user,
      action: 'member.liftSuspension',
      entityType: 'Member',
      entityId: member.id,
      before: { name, ...before },
      after: { name, suspendedUntil: null, reason: null },
    });
    await em.flush();
    await this.tell(em, member, (club) =>
      suspensionLiftedMessage(club, { firstName: member.firstName, portalUrl: `${this.deps.publicUrl}/member` }),
    );
    return { message: `${name}'s suspension is lifted: they can enter events and log catches again.` };
  }

  private suspensionOf(member: Member, today: string) {
    return isSuspended(member, today)
      ? { suspendedUntil: member.suspendedUntil!, reason: member.suspendedReason ?? null }
      : { suspendedUntil: null, reason: null };
  }

  private async entry(em: EntityManager, eventId: string, memberId: string): Promise<EventRegistration> {
    const [event, member] = await Promise.all([em.findOne(Event, { id: eventId }), this.member(em, memberId)]);
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const entry = await em.findOne(EventRegistration, { event, member }, { populate: ['event', 'member'] });
    if (!entry)
      throw new AppError('BAD_REQUEST', `${nameOf(member)} is not entered in ${event.name}.`, {
        field: 'memberId',
      });
    return entry;
  }

  private async member(em: EntityManager, id: string): Promise<Member> {
    const member = await em.findOne(Member, { id });
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
    return member;
  }

  /**
   * E-mails the member, or for a member without an address of their own (a junior) the household's primary
   * member, who holds the contact details. The message speaks in the club's words (its profile).
   */
  private async tell(em: EntityManager, member: Member, message: (club: ClubProfile) => Promise<RenderedEmail>): Promise<void> {
    let to = member.email ?? null;
    if (!to) {
      const primary = await em.findOne(Member, { household: member.household, isPrimary: true }, { populate: ['user'] });
      to = primary?.email ?? primary?.user?.email ?? null;
    }
    if (!to) return;
    await deliverQuietly(this.deps.mailer, this.deps.log, { to, ...(await message(await this.deps.club.profile(em))) });
  }
}
