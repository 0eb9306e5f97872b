import type { EntityManager } from '@mikro-orm/postgresql';
import { Member, type User } from '../db/entities';

/** The same person by the name they typed, case and spacing aside. */
const nameKey = (first: string, last: string) => `${first} ${last}`.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Links a verified user to the member record registered with their e-mail address, if it has no account yet: a paid
 * membership first. An unpaid join form was typed by whoever had the address, maybe a stranger, so the account takes
 * one only when it carries the account's own typed name; otherwise its owner joins with their own details, which
 * replace it (`MembersService.register`), and never inherits another person's.
 */
export async function linkMemberToUser(em: EntityManager, user: User): Promise<void> {
  if (!user.emailVerifiedAt || (await em.count(Member, { user }))) return;
  const records = await em.find(Member, { email: user.email, isPrimary: true, user: null }, { orderBy: { createdAt: 'desc' } });
  const own = nameKey(user.firstName, user.lastName);
  const member =
    records.find((m) => m.status === 'active') ??
    records.find((m) => m.memberSince) ??
    records.find((m) => nameKey(m.firstName, m.lastName) === own);
  if (member) member.user = user;
}
