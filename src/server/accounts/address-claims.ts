import type { EntityManager } from '@mikro-orm/postgresql';
import { Member, User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';

/**
 * An e-mail address belongs to whoever proves it. An account proves it once it is verified, has signed in or has a
 * password; a member record once an account holds it or it has been paid for. A join form, an entry or a sign-up
 * that someone typed with an address and never proved reserves nothing: its owner may still sign up, join or move
 * their login to it, and then `releaseUnproven` sets the unproven records aside for the committee.
 */
export const provenUserWhere = {
  $or: [{ emailVerifiedAt: { $ne: null } }, { lastSignInAt: { $ne: null } }, { passwordHash: { $ne: null } }],
};

/** The row twin of `provenUserWhere`: whether this account proved its address. */
export const isProvenUser = (user: Pick<User, 'emailVerifiedAt' | 'lastSignInAt' | 'passwordHash'>): boolean =>
  Boolean(user.emailVerifiedAt || user.lastSignInAt || user.passwordHash);

/** A member record that holds its address: an account has it, or it was paid for. Guest entries hold none. */
export const provenMemberWhere = {
  isGuest: false,
  $or: [{ user: { $ne: null } }, { memberSince: { $ne: null } }],
};

/** The committee's note on a record set aside, kept in the audit log with the address it had. */
export const SET_ASIDE_NOTE =
  'The address was typed by someone who had not proved it; its owner has now claimed it. The record is kept without an e-mail address for the committee to follow up.';

/**
 * The owner of `member` proved `email` and takes it: unpaid member records nobody holds with that address lose it
 * (each audited with a note for the committee), and an account that never proved it is removed so the owner's
 * login can carry it. Guest entries keep the address they were entered with. Run inside the transaction that
 * gives the address to the owner, after the proven holders were ruled out.
 */
export async function releaseUnproven(
  em: EntityManager,
  email: string,
  member: Member,
  audit: { actor: User | null; actorLabel?: string },
): Promise<void> {
  const others = await em.find(Member, { email, id: { $ne: member.id }, isGuest: false, user: null, memberSince: null });
  for (const other of others) {
    other.email = null;
    recordAudit(em, {
      ...audit,
      action: 'member.email.setAside',
      entityType: 'Member',
      entityId: other.id,
      before: { email },
      after: { email: null, note: SET_ASIDE_NOTE, claimedBy: member.id },
    });
  }
  if (!member.user) return;
  const stray = await em.findOne(User, { email, id: { $ne: member.user.id }, $not: provenUserWhere });
  if (!stray) return;
  recordAudit(em, {
    ...audit,
    action: 'user.unprovenRemoved',
    entityType: 'User',
    entityId: stray.id,
    before: { email, firstName: stray.firstName, lastName: stray.lastName, verified: false },
    after: { claimedBy: member.id },
  });
  // Its links go with it (they cascade): nobody ever signed in with this account.
  await em.nativeDelete(User, { id: stray.id });
}
