import { defineEntity, p } from '@mikro-orm/postgresql';
import { Member } from './member.entity';
import { User } from './user.entity';

/** 30 and 7 days before expiry (the renewal job), or sent again by hand by the committee. */
export const REMINDER_KINDS = ['30_days', '7_days', 'manual'] as const;

/**
 * One renewal reminder, claimed before it is sent: the unique key (member, kind, expiry, request key) means each
 * reminder goes out once, however many instances run the job at the same moment (the job's request key is always
 * ''), and a reminder sent by hand goes out once per request however often its button is pressed.
 */
const RenewalReminderSchema = defineEntity({
  name: 'RenewalReminder',
  tableName: 'renewal_reminders',
  uniques: [{ properties: ['member', 'kind', 'expiryDate', 'requestKey'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    kind: p.enum(REMINDER_KINDS),
    expiryDate: p.date(),
    sentAt: p.datetime().onCreate(() => new Date()),
    /** '' for the renewal job; the browser's key of one press of 'Send again' for a reminder sent by hand. */
    requestKey: p.string().length(64).default(''),
    /** The committee member who sent it by hand. */
    sentBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The address it went to (the household's primary member's at the time). */
    email: p.string().length(254).nullable(),
  },
});
export class RenewalReminder extends RenewalReminderSchema.class {}
RenewalReminderSchema.setClass(RenewalReminder);
