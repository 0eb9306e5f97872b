import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * One browser's push subscription (a phone, a computer), for the user who turned notifications on there. The
 * endpoint and keys are secrets (anyone holding them can push to that browser): never logged, never sent back.
 */
const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  indexes: [{ properties: ['user'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** The push service's address for this browser; one browser's subscription belongs to one user at a time. */
    endpoint: p.text().unique(),
    p256dh: p.string().length(100),
    auth: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSuccessAt: p.datetime().nullable(),
    lastFailureAt: p.datetime().nullable(),
    /** The push service's status at the last failure (0: no answer). */
    lastFailureStatus: p.integer().nullable(),
  },
});

export class PushSubscription extends PushSubscriptionSchema.class {}
PushSubscriptionSchema.setClass(PushSubscription);
