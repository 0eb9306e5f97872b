import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { EVENT_STATUSES } from '../../../shared/events.schema';
import { EVENT_AGE_LIMITS } from '../../../shared/events';

/** A competition or club day. */
const EventSchema = defineEntity({
  name: 'Event',
  tableName: 'events',
  indexes: [{ properties: ['status', 'eventDate'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.string().length(120),
    description: p.text().nullable(),
    location: p.string().length(200),
    eventDate: p.datetime(),
    rules: p.text().nullable(),
    prizes: p.text().nullable(),
    /** The members' entry fee (registrationFee in the documented REST body; memberFee on the wire): what a member pays to enter. */
    registrationFeeCents: p.integer().default(0),
    /** What a non-member (a guest) pays to enter; the club's rules say $15. */
    nonMemberFeeCents: p.integer().default(1500),
    /** A junior's entry fee (under the club's junior age on the event's day); null: juniors pay the member price. */
    juniorFeeCents: p.integer().nullable(),
    /** When entries close; null: at the end of sign-on, two hours after the start (`entriesCloseAt` in shared/entries). */
    entriesCloseAt: p.datetime().nullable(),
    /** Members may enter now and pay at the sign-on desk on the morning. */
    payAtSignOn: p.boolean().default(true),
    /** Catches count only for entrants the sign-on desk has checked in. */
    requireCheckIn: p.boolean().default(false),
    /** Who may enter by age on the event's day: anyone, juniors only (under the club's junior age) or adults only (that age and over). */
    ageLimit: p.enum(EVENT_AGE_LIMITS).default('anyone'),
    /** Only the club's current members may enter: no guest entries, online or at the sign-on desk. */
    membersOnly: p.boolean().default(false),
    maxParticipants: p.integer().nullable(),
    /** Kept in step with the registrations in the same transaction; capacity is checked against it atomically. */
    registeredCount: p.integer().default(0),
    status: p.enum(EVENT_STATUSES).default('active'),
    /** The word written on the brag mat in every photo; members see it only once fishing opens on the day. */
    clubCode: p.string().length(40).nullable(),
    /** Fishing hours on the event's day, 'HH:mm' on the club's clocks: catches are logged and photos taken between them. */
    fishingStart: p.string().length(5).default('07:00'),
    fishingEnd: p.string().length(5).default('14:00'),
    /** Results, prizes and champion points are per division (Juniors under the club's junior age on the day, and Open); false: Open only. */
    divisions: p.boolean().default(true),
    /** Object-store key of the event image (and `<key>-thumb`), once one is attached. */
    imageKey: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Event extends EventSchema.class {}
EventSchema.setClass(Event);
