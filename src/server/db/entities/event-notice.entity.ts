import { defineEntity, p } from '@mikro-orm/postgresql';
import { Event } from './event.entity';
import { Member } from './member.entity';

export const EVENT_NOTICE_KINDS = ['event_tomorrow', 'results_final'] as const;

/**
 * A notice about an event sent for one entrant, claimed before it is sent: the unique key (event, member, kind)
 * means the day-before reminder and the 'results final' notice go out once, across restarts and instances.
 */
const EventNoticeSchema = defineEntity({
  name: 'EventNotice',
  tableName: 'event_notices',
  uniques: [{ properties: ['event', 'member', 'kind'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    kind: p.enum(EVENT_NOTICE_KINDS),
    sentAt: p.datetime().onCreate(() => new Date()),
  },
});

export class EventNotice extends EventNoticeSchema.class {}
EventNoticeSchema.setClass(EventNotice);
