import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditPage } from '../../shared/admin.schema';
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

/**
 * The audit entry a request left on one record under its key (`after.requestKey`): that request was carried out
 * before, and sending it again (a lost reply, a queue sent twice) must not do it twice.
 */
export function auditedRequest(
  em: EntityManager,
  where: { action: string; entityType: string; entityId: string },
  requestKey: string | undefined,
): Promise<AuditLog | null> {
  if (!requestKey) return Promise.resolve(null);
  return em.findOne(AuditLog, { ...where, after: { requestKey } }, { orderBy: { id: 'desc' } });
}

/**
 * The audit log, newest first by the time of the change (ties, such as the entries of one save, newest id first),
 * filtered by record type and id; the types present feed the filter.
 */
export async function searchAudit(
  em: EntityManager,
  input: { entityType?: string; entityId?: string; page: number; pageSize: number },
): Promise<AuditPage> {
  const where = { ...(input.entityType ? { entityType: input.entityType } : {}), ...(input.entityId ? { entityId: input.entityId } : {}) };
  const [[rows, total], types] = await Promise.all([
    em.findAndCount(AuditLog, where, {
      populate: ['actor'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    }),
    em.fork().getConnection().execute<{ entity_type: string }[]>('select distinct entity_type from audit_log order by entity_type'),
  ]);
  return {
    total,
    entityTypes: types.map((t) => t.entity_type),
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: r.createdAt.toISOString(),
      actor: r.actor?.email ?? r.actorLabel ?? 'system',
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  };
}
