import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog, type User } from '../db/entities';

export interface AuditEntry {
  actor: User | null;
  actorLabel?: string;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records a change in the audit log; flushed with the caller's unit of work. */
export function recordAudit(em: EntityManager, entry: AuditEntry): void {
  em.create(AuditLog, {
    actor: entry.actor,
    actorLabel: entry.actorLabel ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
