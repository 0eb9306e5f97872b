import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { NEWSLETTER_STATUSES, type NewsletterSponsor, type Segment } from '../../../shared/newsletters.schema';
import { NewsArticle } from './content.entity';
import { User } from './user.entity';

/**
 * A newsletter or notice to members: a draft the committee edits, then (once sent) the archived issue with the
 * segment it went to and the sponsors its footer carried. Its recipients are NewsletterDelivery rows.
 */
const NewsletterSchema = defineEntity({
  name: 'Newsletter',
  tableName: 'newsletters',
  indexes: [{ properties: ['status', 'queuedAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    subject: p.string().length(200),
    /** Sanitised HTML. */
    bodyHtml: p.text(),
    segment: p.json<Segment>(),
    /** The segment as named when it was sent ('Entrants of Flathead Classic'); the draft's is worked out when shown. */
    segmentLabel: p.string().length(300).nullable(),
    status: p.enum(NEWSLETTER_STATUSES).default('draft'),
    /** The website sponsors in the footer, as they were when it was sent (so the archive shows what was sent). */
    sponsors: p.json<NewsletterSponsor[]>().nullable(),
    /** The news article it was made from, if any. */
    sourceArticle: () => p.manyToOne(NewsArticle).nullable().deleteRule('set null'),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    sentBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** When the committee pressed Send (its recipients were queued). */
    queuedAt: p.datetime().nullable(),
    /** When the last recipient's outcome was known. */
    finishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Newsletter extends NewsletterSchema.class {}
NewsletterSchema.setClass(Newsletter);
