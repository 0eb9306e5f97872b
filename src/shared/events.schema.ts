import { z } from 'zod';
import { optionalText, text } from './auth.schema';
import { isIsoDate } from './dates';
import { EVENT_STATUSES } from './events';

export { EVENT_STATUSES, type EventStatus, UPCOMING_LIMIT } from './events';

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
   * Fishing hours on the event's day, 'HH:mm' club time. Left out, a new event gets the club's 07:00 to 14:00
   * and an edit keeps the event's own.
   */
  fishingStart: fishingTime('Fishing start'),
  fishingEnd: fishingTime('Fishing end'),
});
/** The admin event form (SPEC §5): blank fee → '0', blank maximum → null, blank description/rules → null. */
export const eventInput = eventFields.refine((v) => !v.fishingStart || !v.fishingEnd || v.fishingEnd > v.fishingStart, {
  message: FISHING_END_BEFORE_START,
  path: ['fishingEnd'],
});
export type EventInput = z.input<typeof eventInput>;
export type EventData = z.output<typeof eventInput>;

export const eventIdInput = z.object({ id: z.uuid({ error: 'That is not a valid event id.' }) });

/** The committee enters a member in an event on the day (sign-on at the ramp). */
export const addEntrantInput = eventIdInput.extend({ memberId: z.uuid({ error: 'Please choose the member.' }) });

/** An event as members and visitors see it (SPEC §3). */
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
  /** Registration is open: active, not started, not full. */
  isOpen: z.boolean(),
  /** Today (club time) is the event's day, so catches can be logged for it (`acceptsCatchesOn`). */
  acceptsCatchesToday: z.boolean(),
  /** Fishing hours on the event's day, 'HH:mm' club time: catches are logged between them (`isWithinFishingHours`). */
  fishingStart: z.string(),
  fishingEnd: z.string(),
});
export type EventView = z.infer<typeof eventView>;

export const adminEventView = eventView.extend({
  /** 'YYYY-MM-DDTHH:mm' on the club's clocks, for the edit form. */
  eventDateLocal: z.string(),
  clubCode: z.string().nullable(),
  /** Results, prizes and champion points per division (Juniors and Open); false: one Open division. */
  divisions: z.boolean().optional(),
});
export type AdminEventView = z.infer<typeof adminEventView>;

/** A member's registration, with the event for the portal (SPEC §7 GET /api/members/events). */
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
});
export type MemberRegistration = z.infer<typeof memberRegistration>;
