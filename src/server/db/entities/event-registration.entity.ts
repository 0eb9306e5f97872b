import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Event } from './event.entity';
import { Member } from './member.entity';
import { Payment } from './payment.entity';
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
    /** The entry fee priced for this entrant when they entered (cents; 0: free). */
    feeCents: p.integer().default(0),
    /** The entrant chose to pay at the sign-on desk on the morning. */
    payAtSignOn: p.boolean().default(false),
    /** When the fee was received, and the payment that brought it. */
    paidAt: p.datetime().nullable(),
    payment: () => p.manyToOne(Payment).nullable().deleteRule('set null'),
    /** The fee was returned (the committee cancelled the event). */
    refundedAt: p.datetime().nullable(),
    /** Who entered them: the member, a household adult for a junior, the committee at the desk; null for a guest. */
    enteredBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Checked in at the sign-on desk on the morning. */
    checkedInAt: p.datetime().nullable(),
    checkedInBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** A guest's single-use sign-in link: SHA-256 of its secret, when it lapses and when it was used. */
    guestTokenHash: p.string().length(64).nullable().unique(),
    guestTokenExpiresAt: p.datetime().nullable(),
    guestTokenUsedAt: p.datetime().nullable(),
    /**
     * The secret of the current link when the desk showed or printed it (not when it was e-mailed), sealed under the
     * site's secret (platform/sealing.ts), so that the desk can show the same link again until it is used or lapses.
     */
    guestTokenSealed: p.text().nullable(),
    /** A guest's online entry: a digest of the network address that made it (events/guest-holds.ts bounds its holds). */
    heldFrom: p.string().length(43).nullable(),
  },
});

export class EventRegistration extends EventRegistrationSchema.class {}
EventRegistrationSchema.setClass(EventRegistration);
