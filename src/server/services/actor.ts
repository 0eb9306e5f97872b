import { AppError } from '../../shared/errors';
import type { User } from '../db/entities';

/** Who is calling: the signed-in user, if any, and the client address used for rate limits. */
export interface Actor {
  user: User | null;
  ip: string;
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
