import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Member } from './member.entity';

/**
 * A member's private calendar address (`/api/calendar/<token>.ics`). As with the membership card, the token is
 * derived from the site's secret, the feed's id and `serial`, and only its SHA-256 is stored; resetting the
 * address raises `serial`, so the old address answers 404.
 */
const CalendarFeedSchema = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    member: () => p.manyToOne(Member).unique().deleteRule('cascade'),
    serial: p.integer().default(1),
    /** SHA-256 (hex) of the current token. */
    tokenHash: p.string().length(64).unique(),
    /** When this address was made (or last reset). */
    issuedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class CalendarFeed extends CalendarFeedSchema.class {}
CalendarFeedSchema.setClass(CalendarFeed);
