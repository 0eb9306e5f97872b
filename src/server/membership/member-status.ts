import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { EXPIRING_DAYS } from '../../shared/admin.schema';
import { addDays, formatAuDate, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { MemberStatus } from '../../shared/membership';
import type { MemberPersonFields } from '../../shared/members.schema';
import { Member } from '../db/entities';
import type { Actor } from '../platform/actor';

// 'Is this member current?', once for a loaded row, once for ORM queries and once for raw SQL, side by side so
// the three cannot drift apart. The membership is an annual fee and an active membership needs an
// expiry date (the committee's edit refuses one without), so a record with no expiry is not paid up to any day:
// it is not current.

/** Whether a membership is paid up on `day` (club time): active, with an expiry on or after that day. */
export function isCurrentMember(member: Pick<Member, 'status' | 'expiryDate'>, day: IsoDate): boolean {
  return member.status === 'active' && Boolean(member.expiryDate) && member.expiryDate! >= day;
}

/** 'active' only while current; an active record past (or without) its expiry reads as 'expired' even before the nightly job. */
export function effectiveStatus(member: Pick<Member, 'status' | 'expiryDate'>, today: IsoDate): MemberStatus {
  if (member.status === 'active' && !isCurrentMember(member, today)) return 'expired';
  return member.status;
}

/** One person's profile fields, as the member's portal and the committee's record show them. */
export function personFields(member: Member, today: IsoDate): MemberPersonFields {
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
    status: effectiveStatus(member, today),
    memberSince: member.memberSince ?? null,
    expiryDate: member.expiryDate ?? null,
  };
}

/** `isCurrentMember` as a query condition (a null expiry never matches `>=`). */
export function currentMemberWhere(day: IsoDate): FilterQuery<Member> {
  return { status: 'active', expiryDate: { $gte: day } };
}

/** Members whose `effectiveStatus` is 'expired' on `day`, as a query condition. */
export function expiredMemberWhere(day: IsoDate): FilterQuery<Member> {
  return { $or: [{ status: 'expired' }, { status: 'active', $or: [{ expiryDate: null }, { expiryDate: { $lt: day } }] }] };
}

/** Current members whose membership ends within EXPIRING_DAYS of `day`. */
export function expiringMemberWhere(day: IsoDate): FilterQuery<Member> {
  return { status: 'active', expiryDate: { $gte: day, $lte: addDays(day, EXPIRING_DAYS) } };
}

/**
 * `effectiveStatus` as a SQL expression over the members table. `day` is SQL (a `?` placeholder or an
 * expression); `alias` the table's alias, if any.
 */
export function effectiveStatusSql(day: string, alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `case when ${a}status = 'active' and (${a}expiry_date is null or ${a}expiry_date < ${day}) then 'expired' else ${a}status end`;
}

/** `isCurrentMember` as a SQL condition over the members table (`day` SQL, `alias` the table's alias, if any). */
export function currentMemberSql(day: string, alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `(${a}status = 'active' and ${a}expiry_date >= ${day})`;
}

/** `effectiveStatus` 'expired' as a SQL condition over the members table (the nightly job may not have run yet). */
export function expiredMemberSql(day: string, alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `(${a}status = 'expired' or (${a}status = 'active' and (${a}expiry_date is null or ${a}expiry_date < ${day})))`;
}

/**
 * Whether a membership covered `day` (SQL), for figures over past months: paid (joined on or before the day,
 * expiry on or after it) and not a pending registration, whatever its status became later.
 */
export function membershipCoveredSql(day: string, alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `${a}member_since is not null and ${a}member_since <= ${day} and ${a}expiry_date >= ${day} and ${a}status <> 'pending'`;
}

/** Whether a suspension by the committee covers `day` (club time): up to and including its last day. */
export function isSuspended(member: Pick<Member, 'suspendedUntil'>, day: IsoDate): boolean {
  return Boolean(member.suspendedUntil) && member.suspendedUntil! >= day;
}

/**
 * Refuses a suspended member, naming the day the suspension ends: the caller themselves (`self`, 403) or someone
 * they act for, such as the angler of a catch or an entrant (400 under `field`). The one rule for entering events
 * and logging catches.
 */
export function refuseIfSuspended(
  member: Pick<Member, 'suspendedUntil' | 'firstName' | 'lastName'>,
  day: IsoDate,
  toDo: string,
  who: { self: true } | { self: false; field: string },
): void {
  if (!isSuspended(member, day)) return;
  const until = formatAuDate(member.suspendedUntil!);
  if (who.self) throw new AppError('FORBIDDEN', `Your membership is suspended until ${until}, so you cannot ${toDo} until then.`);
  const name = `${member.firstName} ${member.lastName}`;
  throw new AppError('BAD_REQUEST', `${name} is suspended until ${until}, so they cannot ${toDo} until then.`, { field: who.field });
}

/**
 * The caller's own member record, when it is current on `day` and not suspended; admins pass with theirs or none.
 * Anyone else is refused: signing up makes an account, only paying makes a member.
 */
export async function requireCurrentMember(em: EntityManager, actor: Actor, day: IsoDate, toDo: string): Promise<Member | null> {
  const user = actor.user;
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  const own = await em.findOne(Member, { user });
  if (user.role === 'admin') return own;
  if (!own || !isCurrentMember(own, day)) {
    throw new AppError('FORBIDDEN', `Only current club members can ${toDo}. Join or renew your membership first.`);
  }
  refuseIfSuspended(own, day, toDo, { self: true });
  return own;
}
