import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Event } from './event.entity';
import { Member } from './member.entity';
import { User } from './user.entity';

/**
 * A place on a full event's waiting list, kept apart from the entries (only entrants score, and every rule that
 * reads `event_registrations` means entrants). The oldest is promoted into an entry when a place is freed.
 */
const WaitlistEntrySchema = defineEntity({
  name: 'WaitlistEntry',
  tableName: 'event_waitlist',
  uniques: [{ properties: ['event', 'member'] }],
  indexes: [{ properties: ['event', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    /** Who put them on the list (the member, or a household adult for a junior). */
    addedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** They would pay at the sign-on desk once promoted (as they chose when they asked for a place). */
    payAtSignOn: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class WaitlistEntry extends WaitlistEntrySchema.class {}
WaitlistEntrySchema.setClass(WaitlistEntry);
