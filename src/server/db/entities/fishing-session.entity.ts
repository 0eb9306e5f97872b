import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Event } from './event.entity';
import { Member } from './member.entity';

/** Hours a member fished on a day of an event; one row per member, event and day. */
const FishingSessionSchema = defineEntity({
  name: 'FishingSession',
  tableName: 'fishing_sessions',
  uniques: [{ properties: ['event', 'member', 'sessionDate'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    hoursSpent: p.decimal('number').precision(3).scale(1),
    sessionDate: p.date(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class FishingSession extends FishingSessionSchema.class {}
FishingSessionSchema.setClass(FishingSession);
