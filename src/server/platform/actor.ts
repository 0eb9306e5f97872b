import { AppError } from '../../shared/errors';
import type { User } from '../db/entities';

/** A guest signed in by their e-mailed link: one non-member's entry in one event (guest-entries.service). */
export interface GuestScope {
  registrationId: string;
  memberId: string;
  eventId: string;
}

/** Who is calling: the signed-in user, if any, and the client address used for rate limits. */
export interface Actor {
  user: User | null;
  ip: string;
  /** A guest's session for their one event, when the browser holds one (beside or instead of a user). */
  guest?: GuestScope | null;
}

/** The signed-in user, or UNAUTHORIZED. */
export function requireUser(actor: Actor): User {
  if (!actor.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  return actor.user;
}

/** For the few REST routes outside tRPC (file downloads): the same rule as admin procedures. */
export function requireAdmin(actor: Actor): User {
  const user = requireUser(actor);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only club administrators can do that.');
  return user;
}
