import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Event } from './event.entity';
import { Member } from './member.entity';

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
  },
});

export class EventRegistration extends EventRegistrationSchema.class {}
EventRegistrationSchema.setClass(EventRegistration);
