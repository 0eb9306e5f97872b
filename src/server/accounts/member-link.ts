import type { EntityManager } from '@mikro-orm/postgresql';
import { Member, type User } from '../db/entities';

/** Links a verified user to the member record registered with their e-mail address, if it has no account yet. */
export async function linkMemberToUser(em: EntityManager, user: User): Promise<void> {
  if (!user.emailVerifiedAt || (await em.count(Member, { user }))) return;
  const records = await em.find(Member, { email: user.email, isPrimary: true, user: null }, { orderBy: { createdAt: 'desc' } });
  // A paid membership before an unpaid registration with the same address.
  const member = records.find((m) => m.status === 'active') ?? records.find((m) => m.memberSince) ?? records[0];
  if (member) member.user = user;
}
