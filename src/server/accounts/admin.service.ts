import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../shared/auth.constants';
import { AppError } from '../../shared/errors';
import { User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';

export class AdminService {
  /** Grants or revokes the admin role; the user's sessions end so the change applies at once. */
  async setRole(em: EntityManager, actor: { user: User | null; label: string }, email: string, role: Role): Promise<User> {
    const user = await em.findOne(User, { email: email.trim().toLowerCase() });
    if (!user) throw new AppError('NOT_FOUND', `No user with the e-mail address ${email} has signed up.`);
    if (user.role !== role) {
      recordAudit(em, {
        actor: actor.user,
        actorLabel: actor.label,
        action: 'user.role',
        entityType: 'User',
        entityId: user.id,
        before: { role: user.role },
        after: { role },
      });
      user.role = role;
      user.sessionVersion += 1;
      await em.flush();
    }
    return user;
  }
}
