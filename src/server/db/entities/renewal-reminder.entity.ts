import { defineEntity, p } from '@mikro-orm/postgresql';
import { Member } from './member.entity';

export const REMINDER_KINDS = ['30_days', '7_days'] as const;

/**
 * One renewal reminder, claimed before it is sent: the unique key (member, kind, expiry) means each
 * reminder goes out once, however many instances run the job at the same moment.
 */
const RenewalReminderSchema = defineEntity({
  name: 'RenewalReminder',
  tableName: 'renewal_reminders',
  uniques: [{ properties: ['member', 'kind', 'expiryDate'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    kind: p.enum(REMINDER_KINDS),
    expiryDate: p.date(),
    sentAt: p.datetime().onCreate(() => new Date()),
  },
});
export class RenewalReminder extends RenewalReminderSchema.class {}
RenewalReminderSchema.setClass(RenewalReminder);
