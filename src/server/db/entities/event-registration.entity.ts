import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Event } from './event.entity';
import { Member } from './member.entity';
import { User } from './user.entity';

const EventRegistrationSchema = defineEntity({
  name: 'EventRegistration',
  tableName: 'event_registrations',
  uniques: [{ properties: ['event', 'member'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Set while the committee has disqualified the entrant from the event: their catches in it do not count. */
    disqualifiedAt: p.datetime().nullable(),
    disqualifiedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    disqualifyReason: p.string().length(300).nullable(),
  },
});

export class EventRegistration extends EventRegistrationSchema.class {}
EventRegistrationSchema.setClass(EventRegistration);
