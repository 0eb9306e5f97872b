import type { EntityManager } from '@mikro-orm/postgresql';
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  isJuniorOn,
  juniorAddition,
  membershipEnd,
  type JuniorAddition,
  type MembershipRules,
  type MembershipType,
} from '../../shared/membership';
import { type Household, Member } from '../db/entities';
import type { Actor } from '../platform/actor';
import { isCurrentMember } from './member-status';

/**
 * A junior added by their household's adult to a membership that is already current: they wait (status pending,
 * never a member) until the difference the club's prices give is paid (shared/membership.ts `juniorAddition`), and
 * their membership then ends with the household's. Read by the portal's household card and by the payments service,
 * so both price it with one rule.
 */

/** Whether a person has been added to a household and not yet paid for (never a member, no expiry). */
export const isWaitingAddition = (m: Member) => m.status === 'pending' && !m.memberSince && !m.isGuest;

/** The adult member who may add or remove their household's juniors: current, the club's junior age or over. */
export async function householdAdult(em: EntityManager, rules: MembershipRules, actor: Actor, today: IsoDate): Promise<Member> {
  if (!actor.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  const own = await em.findOne(Member, { user: actor.user, isGuest: false }, { populate: ['household'] });
  if (!own || !isCurrentMember(own, today) || isJuniorOn(rules, own.dateOfBirth, today)) {
    throw new AppError('FORBIDDEN', 'Only an adult with a current membership can add or remove the juniors of their household.');
  }
  return own;
}

/** The household's latest membership end among its current members: when an added junior's membership ends. */
export function householdUntil(people: Member[], today: IsoDate): IsoDate {
  return people.filter((p) => isCurrentMember(p, today)).reduce<IsoDate>((max, p) => (p.expiryDate! > max ? p.expiryDate! : max), today);
}

/** What adding one more junior to `household` costs at the club's fees, priced on its current members. */
export function priceAddition(rules: MembershipRules, household: Household, people: Member[], today: IsoDate): JuniorAddition {
  const current = people.filter((p) => isCurrentMember(p, today));
  return juniorAddition(
    rules,
    household.membershipType,
    current.map((p) => ({ membershipType: p.membershipType as MembershipType, junior: isJuniorOn(rules, p.dateOfBirth, today) })),
  );
}

export interface WaitingAddition {
  household: Household;
  people: Member[];
  waiting: Member;
  price: Extract<JuniorAddition, { ok: true }>;
  until: IsoDate;
}

/** The actor's household's junior waiting to be paid for, priced now; null when nobody waits. */
export async function waitingAddition(
  em: EntityManager,
  rules: MembershipRules,
  own: Member,
  today: IsoDate,
): Promise<WaitingAddition | null> {
  const people = await em.find(Member, { household: own.household, isGuest: false }, { orderBy: { createdAt: 'asc' } });
  const waiting = people.find(isWaitingAddition);
  if (!waiting) return null;
  const price = priceAddition(
    rules,
    own.household,
    people.filter((p) => p.id !== waiting.id),
    today,
  );
  if (!price.ok) throw new AppError('BAD_REQUEST', price.message);
  return { household: own.household, people, waiting, price, until: householdUntil(people, today) };
}

/**
 * The expiry an added junior gets: the household's, or the end of a membership bought today if (oddly) nobody else
 * is current.
 */
export const additionExpiry = (rules: Pick<MembershipRules, 'year'>, people: Member[], today: IsoDate): IsoDate => {
  const until = householdUntil(people, today);
  return until > today ? until : membershipEnd(rules, today);
};

/**
 * Whether a junior's membership was paid for them in their own right (a junior's fee, alone or beside an adult's),
 * not as one of a family membership's people or a free place in one. The latest received membership payment that
 * covers them decides; one refunded in full paid for nothing.
 */
export async function paidInOwnRight(em: EntityManager, junior: Member): Promise<boolean> {
  const [latest] = await em.execute<{ household_type: string; kept_cents: number }[]>(
    `select covers->>'householdType' as household_type, amount_cents - refunded_cents as kept_cents from payments
     where kind = 'membership' and status = 'completed' and covers @> ?::jsonb
     order by captured_at desc limit 1`,
    [JSON.stringify({ members: [{ id: junior.id }] })],
  );
  return Boolean(latest && latest.household_type !== 'family' && Number(latest.kept_cents) > 0);
}
