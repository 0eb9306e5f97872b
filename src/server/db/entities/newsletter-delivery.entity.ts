import { defineEntity, p } from '@mikro-orm/postgresql';
import { DELIVERY_STATUSES } from '../../../shared/newsletters.schema';
import { Member } from './member.entity';
import { Newsletter } from './newsletter.entity';

/**
 * One recipient of a newsletter and what became of it. The queue claims a row (queued → sending) in its own
 * committed statement before the message goes out and confirms it after (sent or failed), so a sending that
 * stops between the two leaves the row 'sending', which later becomes 'uncertain' and is never resent blindly.
 */
const NewsletterDeliverySchema = defineEntity({
  name: 'NewsletterDelivery',
  tableName: 'newsletter_deliveries',
  uniques: [{ properties: ['newsletter', 'email'] }],
  indexes: [{ properties: ['status', 'id'] }, { properties: ['claimedAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    newsletter: () => p.manyToOne(Newsletter).deleteRule('cascade'),
    member: () => p.manyToOne(Member).nullable().deleteRule('set null'),
    /** Lower case. */
    email: p.string().length(254),
    name: p.string().length(170).nullable(),
    status: p.enum(DELIVERY_STATUSES).default('queued'),
    /** Why it failed or was skipped. */
    reason: p.string().length(300).nullable(),
    claimedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    attempts: p.integer().default(0),
    /** When this recipient unsubscribed through this newsletter's link. */
    unsubscribedAt: p.datetime().nullable(),
  },
});
export class NewsletterDelivery extends NewsletterDeliverySchema.class {}
NewsletterDeliverySchema.setClass(NewsletterDelivery);
