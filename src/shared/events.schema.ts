import { z } from 'zod';
import { optionalText, text } from './auth.schema';
import { isIsoDate } from './dates';
import { DIVISIONS, ENTRY_PAYMENT_STATES } from './entries';
import { EVENT_AGE_LIMITS, EVENT_STATUSES } from './events';

export { EVENT_AGE_LIMITS, EVENT_STATUSES, type EventAgeLimit, type EventStatus, UPCOMING_LIMIT } from './events';

/** A time of day on the club's clocks for the fishing hours; blank or left out means "not given". */
const fishingTime = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a time of day (HH:mm), such as 07:00.` })
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
      `${label} must be a time of day from 00:00 to 23:59 (HH:mm), such as 07:00.`,
    );

/** An entry price: left out or blank means "not given" (undefined); otherwise dollars with at most 2 decimals. */
const entryFee = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be an amount.` })
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim()))
    .refine(
      (v) => v === undefined || /^\d{1,5}(\.\d{1,2})?$/.test(v),
      `${label} must be an amount in dollars with at most 2 decimals, such as 15.00.`,
    );

/** The fishing hours are on one day: the end comes after the start. */
export const FISHING_END_BEFORE_START = 'Fishing end must be after fishing start.';

const eventFields = z.object({
  name: text('Event name').trim().min(1, 'Event name is required.').max(120, 'Event name must be at most 120 characters.'),
  description: optionalText('Description', 4000),
  location: text('Location').trim().min(1, 'Location is required.').max(200, 'Location must be at most 200 characters.'),
  /** Date and time on the club's clocks (Australia/Sydney), 'YYYY-MM-DDTHH:mm'. */
  eventDate: text('Event date')
    .trim()
    .min(1, 'Event date is required.')
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/, 'Event date must be a date and time (YYYY-MM-DDTHH:mm).')
    .refine((v) => isIsoDate(v.slice(0, 10)), 'Event date must be a date and time (YYYY-MM-DDTHH:mm).')
    .transform((v) => v.slice(0, 16)),
  rules: optionalText('Rules', 8000),
  prizes: optionalText('Prizes', 4000),
  /** The member price (memberFee's older name); blank, null or left out is free, as the published API has it. */
  registrationFee: z
    .union([z.string(), z.number(), z.null()], { error: 'Registration fee must be an amount.' })
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? '0' : String(v).trim()))
    .refine(
      (v) => /^\d{1,5}(\.\d{1,2})?$/.test(v),
      'Registration fee must be an amount in dollars with at most 2 decimals, such as 10.00.',
    ),
  maxParticipants: z
    .union([z.string(), z.number(), z.null()], { error: 'Maximum participants must be a whole number.' })
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v)))
    .refine(
      (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 10000),
      'Maximum participants must be a whole number from 1 to 10,000, or blank for no limit.',
    ),
  status: z.enum(EVENT_STATUSES, { error: 'Status must be active, cancelled or completed.' }).optional(),
  /** The competition's code word for the brag mat (letters and digits). */
  /** Left out, an edit keeps the current code; blank clears it. */
  clubCode: z
    .union([z.string(), z.null()], { error: 'Club code must be text.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine(
      (v) => !v || (v.length <= 40 && /^[A-Za-z0-9 -]+$/.test(v)),
      'Club code may contain letters, digits, spaces and hyphens only (at most 40).',
    ),
  /** Results per division (Juniors and Open); left out, yes for a new event and unchanged for an edit. */
  divisions: z.boolean({ error: 'Divisions must be true or false.' }).optional(),
  /**
   * Fishing hours on the event's day, 'HH:mm' club time. Left out, a new event gets the club's (its competition
   * rules) and an edit keeps the event's own.
   */
  fishingStart: fishingTime('Fishing start'),
  fishingEnd: fishingTime('Fishing end'),
  /** What a member pays to enter; left out, the registration fee (its older name) is the member price. */
  memberFee: entryFee('Member entry fee'),
  /** What a non-member (a guest) pays; left out, the club's fee for a new event and unchanged for an edit. */
  nonMemberFee: entryFee('Non-member entry fee'),
  /** A junior's price; blank (or null) means juniors pay the member price, left out keeps it. */
  juniorFee: z
    .union([z.string(), z.number(), z.null()], { error: 'Junior entry fee must be an amount.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || String(v).trim() === '' ? null : String(v).trim()))
    .refine(
      (v) => v === undefined || v === null || /^\d{1,5}(\.\d{1,2})?$/.test(v),
      'Junior entry fee must be an amount in dollars with at most 2 decimals, such as 5.00, or blank for the member price.',
    ),
  /**
   * When entries close, 'YYYY-MM-DDTHH:mm' on the club's clocks; blank (or null) means at the end of sign-on (the
   * club's sign-on hours after the start), left out keeps the event's own.
   */
  entriesCloseAt: z
    .union([z.string(), z.null()], { error: 'Entries close must be a date and time (YYYY-MM-DDTHH:mm).' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine(
      (v) =>
        v === undefined ||
        v === null ||
        (/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/.test(v) && isIsoDate(v.slice(0, 10))),
      'Entries close must be a date and time (YYYY-MM-DDTHH:mm), or blank for the end of sign-on.',
    )
    .transform((v) => (typeof v === 'string' ? v.slice(0, 16) : v)),
  /** Members may enter now and pay at the sign-on desk; left out, yes for a new event and unchanged for an edit. */
  payAtSignOn: z.boolean({ error: 'Pay at sign-on must be true or false.' }).optional(),
  /** Only entrants checked in at the sign-on desk may log catches; left out, no for a new event and unchanged for an edit. */
  requireCheckIn: z.boolean({ error: 'Require check-in must be true or false.' }).optional(),
  /** Who may enter by age on the day; left out, anyone for a new event and unchanged for an edit. */
  ageLimit: z.enum(EVENT_AGE_LIMITS, { error: 'Who may enter must be anyone, juniors only or adults only.' }).optional(),
  /** Club members only (no guests); left out, guests welcome for a new event and unchanged for an edit. */
  membersOnly: z.boolean({ error: 'Members only must be true or false.' }).optional(),
});
const fishingHoursOnly = eventFields.pick({ fishingStart: true, fishingEnd: true });
/** The admin event form: blank fee → '0', blank maximum → null, blank description/rules → null. */
export const eventInput = eventFields.refine((v) => !v.fishingStart || !v.fishingEnd || v.fishingEnd > v.fishingStart, {
  message: FISHING_END_BEFORE_START,
  path: ['fishingEnd'],
  // Checked with the other fields' messages, not after them: a form shows every mistake at once.
  when: (payload) => fishingHoursOnly.safeParse(payload.value).success,
});
export type EventInput = z.input<typeof eventInput>;
export type EventData = z.output<typeof eventInput>;

export const eventIdInput = z.object({ id: z.uuid({ error: 'That is not a valid event id.' }) });

/** The committee enters a member in an event on the day (sign-on at the ramp). */
export const addEntrantInput = eventIdInput.extend({
  memberId: z.uuid({ error: 'Please choose the member.' }),
  /** The committee chose to add them although others are waiting for a place (they are named in the refusal otherwise). */
  passOverWaiting: z.boolean().optional(),
  /** Names one 'Add' at the desk: sent again after a lost reply, it enters the member once and says so. */
  requestKey: z.uuid({ error: 'The request key must be a UUID; please reload the page and try again.' }).optional(),
});
export type AddEntrantInput = z.input<typeof addEntrantInput>;

/** The entry fees a new event's form starts with: the committee's settings, as amounts ('10.00'). */

/** An event as members and visitors see it. */
export const eventView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  /** ISO instant. */
  eventDate: z.string(),
  /** The same instant, for the dashboard that reads `date`. */
  date: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  rules: z.string().nullable(),
  prizes: z.string().nullable(),
  registrationFee: z.string(),
  maxParticipants: z.number().nullable(),
  status: z.enum(EVENT_STATUSES),
  registeredCount: z.number(),
  isFull: z.boolean(),
  /** Registration is open: active, entries not closed (`entriesCloseAt`), not full. */
  isOpen: z.boolean(),
  /** Today (club time) is the event's day, so catches can be logged for it (`acceptsCatchesOn`). */
  acceptsCatchesToday: z.boolean(),
  /** Fishing hours on the event's day, 'HH:mm' club time: catches are logged between them (`isWithinFishingHours`). */
  fishingStart: z.string(),
  fishingEnd: z.string(),
  // Entries (shared/entries.ts). Always sent by the server; optional so that older answers still read.
  /** What a member pays to enter (the same amount as registrationFee). */
  memberFee: z.string().optional(),
  /** A junior's price; null: juniors pay the member price. */
  juniorFee: z.string().nullable().optional(),
  /** What a non-member (a guest) pays to enter. */
  nonMemberFee: z.string().optional(),
  /** ISO instant: entries are taken until then (the committee still signs people on at the desk). */
  entriesCloseAt: z.string().optional(),
  /** Members may enter now and pay at the sign-on desk. */
  payAtSignOn: z.boolean().optional(),
  /** Catches count only for entrants checked in at the sign-on desk. */
  requireCheckIn: z.boolean().optional(),
  /** Who may enter by age on the event's day (`ageLimitRefusal`); left out by an older server: anyone. */
  ageLimit: z.enum(EVENT_AGE_LIMITS).optional(),
  /** Club members only: no guest entries. */
  membersOnly: z.boolean().optional(),
});
export type EventView = z.infer<typeof eventView>;

export const adminEventView = eventView.extend({
  /** 'YYYY-MM-DDTHH:mm' on the club's clocks, for the edit form. */
  eventDateLocal: z.string(),
  clubCode: z.string().nullable(),
  /** Results, prizes and champion points per division (Juniors and Open); false: one Open division. */
  divisions: z.boolean().optional(),
  /** The committee's own close of entries ('YYYY-MM-DDTHH:mm', club time) for the edit form; null: the end of sign-on. */
  entriesCloseLocal: z.string().nullable().optional(),
});
export type AdminEventView = z.infer<typeof adminEventView>;

/** A member's registration, with the event for the portal (GET /api/members/events). */
export const memberRegistration = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  location: z.string(),
  eventDate: z.string(),
  date: z.string(),
  registeredAt: z.string(),
  /** The event has not started, so the member may still cancel (`registrationCancellable`). */
  canCancel: z.boolean(),
  /** Today (club time) is the event's day (`acceptsCatchesOn`). */
  acceptsCatchesToday: z.boolean(),
  // Entries (shared/entries.ts); always sent by the server.
  /** Who is entered: the member, or a junior of their household they entered. */
  memberId: z.string().optional(),
  memberName: z.string().optional(),
  /** The fee priced for this entrant ('0.00' when free) and how it stands. */
  fee: z.string().optional(),
  paymentState: z.enum(ENTRY_PAYMENT_STATES).optional(),
  /** Cancelling now returns the fee paid online (before entries close). */
  refundOnCancel: z.boolean().optional(),
  checkedIn: z.boolean().optional(),
  /** The entrant's division on the event's day: Juniors under the club's junior age, Open from it. */
  division: z.enum(DIVISIONS).optional(),
});
export type MemberRegistration = z.infer<typeof memberRegistration>;
