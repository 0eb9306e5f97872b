import type { EntityManager } from '@mikro-orm/postgresql';
import { ageOn, clubLocalToInstant, clubToday, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  centsToAmount,
  CURRENCY,
  FAMILY_LIMITS,
  householdFeeCents,
  isJuniorOn,
  type MemberStatus,
  type MembershipType,
} from '../../shared/membership';
import type { MemberDashboard, MemberProfile, RegistrationInput, RegistrationResult } from '../../shared/members.schema';
import type { Clock } from '../clock';
import { Catch, EventRegistration, Household, Member, type User } from '../db/entities';
import { recordAudit } from './audit.service';
import type { Actor } from './auth.service';
import type { JudgingService } from './judging.service';

export interface MembersDeps {
  clock: Clock;
  judging: Pick<JudgingService, 'ladder'>;
}

/** Member level from champion points this season (SPEC's fixed 'Gold' was a placeholder). */
export function memberLevel(points: number): 'Bronze' | 'Silver' | 'Gold' {
  return points >= 9 ? 'Gold' : points >= 3 ? 'Silver' : 'Bronze';
}

/** 'active' only while paid up to today; a lapsed expiry reads as 'expired' even before the nightly job. */
export function effectiveStatus(member: Pick<Member, 'status' | 'expiryDate'>, today: IsoDate): MemberStatus {
  if (member.status === 'active' && member.expiryDate && member.expiryDate < today) return 'expired';
  return member.status;
}

/** The fee for a household's next payment, in cents. */
export function feeFor(household: Household, members: Member[]): number {
  return householdFeeCents(household.membershipType, members.map((m) => m.membershipType));
}

export class MembersService {
  constructor(private readonly deps: MembersDeps) {}

  private today(): IsoDate {
    return clubToday(this.deps.clock.now());
  }

  /**
   * Records a join form: a household of pending members that will pay together. Submitting again
   * before paying replaces the earlier form instead of creating a second registration, but only for its
   * owner: see `mayReplace`. `sessionHouseholdId` is the household this browser's join form created.
   */
  async register(em: EntityManager, actor: Actor, input: RegistrationInput, sessionHouseholdId?: string): Promise<RegistrationResult> {
    const today = this.today();
    const people = [{ firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth }, ...input.additionalMembers];
    const type = input.membershipType;

    if (type === 'junior' && !isJuniorOn(input.dateOfBirth, today)) {
      throw new AppError(
        'BAD_REQUEST',
        `Junior membership is for people under 16 on the day of joining. ${input.firstName} is ${ageOn(input.dateOfBirth, today)}, so please choose Adult or Family.`,
        { field: 'membershipType' },
      );
    }
    if (type !== 'family' && input.additionalMembers.length > 1) {
      throw new AppError('BAD_REQUEST', 'Only a family membership covers more than two people. Choose Family to add more members.', { field: 'additionalMembers' });
    }
    if (type === 'family') {
      const juniors = people.filter((p) => isJuniorOn(p.dateOfBirth, today)).length;
      if (people.length - juniors > FAMILY_LIMITS.adults || juniors > FAMILY_LIMITS.juniors) {
        throw new AppError('BAD_REQUEST', 'A family membership covers up to 2 adults and 3 juniors (under 16).', { field: 'additionalMembers' });
      }
    }
    const typeOf = (birthDate: IsoDate, isPrimary: boolean): MembershipType =>
      type === 'family' ? 'family' : isPrimary ? type : isJuniorOn(birthDate, today) ? 'junior' : 'adult';

    return em.transactional(async (tem) => {
      const now = this.deps.clock.now();
      let primary = await tem.findOne(Member, { email: input.email, isPrimary: true }, { orderBy: { createdAt: 'desc' }, populate: ['household'] });
      if (primary && effectiveStatus(primary, today) === 'active') {
        throw new AppError('CONFLICT', 'This email address already belongs to a current member. Sign in and use Renew Membership to extend the membership.', { field: 'email' });
      }
      if (primary && !mayReplace(primary, actor, input.email, sessionHouseholdId)) {
        throw new AppError('FORBIDDEN', 'This email address is already registered. Sign in with it to change that registration or renew the membership.', { field: 'email' });
      }
      let household: Household;
      if (primary) {
        household = primary.household;
        household.membershipType = type;
        // Those who never paid are replaced by the people on this form.
        const stale = await tem.find(Member, { household, isPrimary: false, memberSince: null });
        stale.forEach((m) => tem.remove(m));
      } else {
        household = tem.create(Household, { membershipType: type });
        primary = tem.create(Member, {
          household,
          isPrimary: true,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: input.dateOfBirth,
          membershipType: type,
        });
      }
      tem.assign(primary, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        shirtSize: input.shirtSize,
        membershipType: type,
        termsAcceptedAt: now,
        codeOfConductAcceptedAt: now,
      });
      // A signed-in joiner's record becomes theirs; otherwise it is linked when its address signs in.
      if (!primary.user && actor.user && !(await tem.count(Member, { user: actor.user }))) primary.user = actor.user;

      input.additionalMembers.forEach((p) =>
        tem.create(Member, {
          household,
          isPrimary: false,
          firstName: p.firstName,
          lastName: p.lastName,
          dateOfBirth: p.dateOfBirth,
          address: input.address,
          membershipType: typeOf(p.dateOfBirth, false),
        }),
      );
      await tem.flush();
      const members = await tem.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.register',
        entityType: 'Household',
        entityId: household.id,
        after: { membershipType: type, members: members.map((m) => `${m.firstName} ${m.lastName}`) },
      });
      await tem.flush();
      return {
        message: 'Registration Successful',
        householdId: household.id,
        memberId: primary.id,
        membershipType: type,
        amount: centsToAmount(feeFor(household, members)),
        currency: CURRENCY,
        members: members.map((m) => ({ firstName: m.firstName, lastName: m.lastName, membershipType: m.membershipType })),
      };
    });
  }

  /** The signed-in user's own member record, with the household they pay with. */
  async profile(em: EntityManager, actor: Actor): Promise<MemberProfile | null> {
    if (!actor.user) return null;
    const member = await em.findOne(Member, { user: actor.user }, { populate: ['household'] });
    if (!member) return null;
    const household = await em.find(Member, { household: member.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    return {
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email ?? null,
      phone: member.phone ?? null,
      address: member.address ?? null,
      dateOfBirth: member.dateOfBirth,
      gender: member.gender ?? null,
      shirtSize: member.shirtSize ?? null,
      membershipType: member.membershipType,
      status: effectiveStatus(member, this.today()),
      memberSince: member.memberSince ?? null,
      expiryDate: member.expiryDate ?? null,
      household: household.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, membershipType: m.membershipType })),
      renewalAmount: centsToAmount(feeFor(member.household, household)),
    };
  }

  /** The dashboard figures: events this calendar year (club time), catches, events fished this year. */
  async dashboard(em: EntityManager, actor: Actor): Promise<MemberDashboard> {
    const member = actor.user ? await em.findOne(Member, { user: actor.user }) : null;
    const year = this.today().slice(0, 4);
    const yearStart = clubLocalToInstant(`${year}-01-01T00:00`);
    const yearEnd = clubLocalToInstant(`${Number(year) + 1}-01-01T00:00`);
    const eventsAttended = member ? await em.count(EventRegistration, { member, event: { eventDate: { $gte: yearStart, $lt: yearEnd } } }) : 0;
    const catches = member ? await em.find(Catch, { angler: member, status: { $ne: 'rejected' } }, { fields: ['event', 'caughtAt'] }) : [];
    const competitions = new Set(catches.filter((c) => c.caughtAt >= yearStart && c.caughtAt < yearEnd).map((c) => c.event.id)).size;
    const points = member ? ((await this.deps.judging.ladder(em, Number(year))).find((row) => row.memberId === member.id)?.points ?? 0) : 0;
    return { eventsAttended, fishCaught: catches.length, competitions, memberLevel: memberLevel(points) };
  }

  /** Members in good standing, by name: whom a catch can be logged for (SPEC §6). */
  async list(em: EntityManager): Promise<{ id: string; firstName: string; lastName: string }[]> {
    const members = await em.find(
      Member,
      { status: 'active', expiryDate: { $gte: this.today() } },
      { orderBy: { firstName: 'asc', lastName: 'asc' }, fields: ['id', 'firstName', 'lastName'] },
    );
    return members.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName }));
  }
}

/**
 * Whether a join form may overwrite the existing record registered with its e-mail address (an unpaid form
 * or a lapsed membership): only its own account may, or, for a record no account has claimed yet, the
 * browser that filled it in or someone signed in with that address. Anyone else would be rewriting
 * another person's details (name, address, household) just by knowing their e-mail address.
 */
function mayReplace(primary: Member, actor: Actor, email: string, sessionHouseholdId: string | undefined): boolean {
  if (primary.user) return actor.user?.id === primary.user.id;
  return primary.household.id === sessionHouseholdId || actor.user?.email === email;
}

/** Links a verified user to the member record registered with their e-mail address, if it has no account yet. */
export async function linkMemberToUser(em: EntityManager, user: User): Promise<void> {
  if (!user.emailVerifiedAt || (await em.count(Member, { user }))) return;
  const member = await em.findOne(Member, { email: user.email, isPrimary: true, user: null }, { orderBy: { createdAt: 'desc' } });
  if (member) member.user = user;
}
