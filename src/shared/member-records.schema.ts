import { z } from 'zod';
import { AUTH_LIMITS } from './auth.constants';
import { emailSchema, text } from './auth.schema';
import { memberPersonFields } from './members.schema';
import { MEMBER_STATUSES, MEMBERSHIP_TYPES, SHIRT_SIZES } from './membership';

// The committee's member records beyond the list (admin.schema.ts): one member's whole record, households, e-mail
// changes waiting for confirmation, renewal reminders and the shirt order.

const memberId = z.uuid({ error: 'That is not a valid member id.' });

export const memberIdInput = z.object({ memberId });

/** One person of a household, as the committee's edit form lists them. */
export const householdPerson = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  status: z.enum(MEMBER_STATUSES),
  isPrimary: z.boolean(),
  email: z.string().nullable(),
});
export type HouseholdPerson = z.infer<typeof householdPerson>;

/** An e-mail change that waits for the new address to be confirmed. */
export const pendingEmailChange = z.object({
  newEmail: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** identity: the link to the current address (proving it is the member) is out; new_address: the one to the new. */
  step: z.enum(['identity', 'new_address']),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;

export const REMINDER_KIND_LABELS = { '30_days': '30 days before', '7_days': '7 days before', manual: 'Sent by hand' } as const;

/** A renewal reminder that went out to the member's household. */
export const sentReminder = z.object({
  id: z.number(),
  kind: z.enum(['30_days', '7_days', 'manual']),
  sentAt: z.string(),
  /** The membership end the reminder was about. */
  expiryDate: z.string(),
  email: z.string().nullable(),
  /** Who sent it by hand: the committee member's name; null for the renewal job. */
  sentBy: z.string().nullable(),
});
export type SentReminder = z.infer<typeof sentReminder>;

/** Everything the committee's edit form shows and changes of one member. */
export const memberRecord = memberPersonFields.extend({
  isPrimary: z.boolean(),
  hasAccount: z.boolean(),
  household: z.object({ id: z.string(), membershipType: z.enum(MEMBERSHIP_TYPES), people: z.array(householdPerson) }),
  emailChange: pendingEmailChange.nullable(),
  reminders: z.array(sentReminder),
  /** Where a reminder sent now would go (the household's primary member), or why none can be sent. */
  reminder: z.object({ to: z.string().nullable(), refusal: z.string().nullable() }),
});
export type MemberRecord = z.infer<typeof memberRecord>;

/** Moves between households: make this member the primary, take them out into a household of their own, or move them. */
export const householdChangeInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('makePrimary'), memberId }),
    z.object({ action: z.literal('leave'), memberId }),
    z.object({ action: z.literal('move'), memberId, intoMemberId: z.uuid({ error: 'Choose a member of the household to move into.' }) }),
  ],
  { error: 'Action must be makePrimary, leave or move.' },
);
export type HouseholdChangeInput = z.infer<typeof householdChangeInput>;

/** `currentPassword`: asked when the change is of the caller's own login and they have a password. */
export const emailChangeInput = z.object({
  memberId,
  email: emailSchema,
  currentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
});
export type EmailChangeInput = z.infer<typeof emailChangeInput>;

export const emailChangeResult = z.object({ message: z.string(), pending: pendingEmailChange.nullable() });
export type EmailChangeResult = z.infer<typeof emailChangeResult>;

/** The token of the link e-mailed to the new address (32 random bytes, base64url). */
export const emailChangeConfirmInput = z.object({
  token: text('The link token')
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid. Please ask for a new one.'),
});

/** What opening a link of an e-mail change did: `changed` false when it proved the member and the next link went out. */
export const emailChangeConfirmResult = z.object({ message: z.string(), email: z.string(), changed: z.boolean() });
export type EmailChangeConfirmResult = z.infer<typeof emailChangeConfirmResult>;

/** What the old address's undo link did. */
export const emailChangeUndoResult = z.object({ message: z.string(), email: z.string() });
export type EmailChangeUndoResult = z.infer<typeof emailChangeUndoResult>;

/** 'Send again': `requestKey` names one press of the button, so a double click or a retried request sends once. */
export const resendReminderInput = z.object({ memberId, requestKey: z.uuid({ error: 'requestKey must be a UUID.' }) });

/** Shirt sizes of the current members, for the shirt order (the club gives every member a shirt with its sponsors' logos). */
export const shirtReport = z.object({
  /** The club day the report is for. */
  day: z.string(),
  sizes: z.array(z.object({ size: z.enum(SHIRT_SIZES), count: z.number() })),
  /** Current members without a size on record. */
  missing: z.number(),
  total: z.number(),
  people: z.array(
    z.object({
      name: z.string(),
      shirtSize: z.enum(SHIRT_SIZES).nullable(),
      membershipType: z.enum(MEMBERSHIP_TYPES),
      email: z.string().nullable(),
    }),
  ),
});
export type ShirtReport = z.infer<typeof shirtReport>;
