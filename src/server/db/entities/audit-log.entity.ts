import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/** Who did what to which record, with the values before and after. */
const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  indexes: [{ properties: ['entityType', 'entityId'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Free text for actors outside the site, such as 'cli' or 'ADMIN_EMAILS'. */
    actorLabel: p.string().length(120).nullable(),
    action: p.string().length(80),
    entityType: p.string().length(80),
    entityId: p.string().length(80),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class AuditLog extends AuditLogSchema.class {}
AuditLogSchema.setClass(AuditLog);
