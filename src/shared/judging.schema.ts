import { z } from 'zod';
import { text } from './auth.schema';
import { CATCH_FLAGS } from './catches';
import { judgeCatchView } from './catches.schema';
import { addYears, formatAuDate, isIsoDate, type IsoDate } from './dates';

// Looking back on the judges' decisions, and the club's sanctions for breaking the rules (photo tampering means
// disqualification and up to 12 months' suspension): the inputs the committee's screens and the server share.

/** The committee's reason for reopening a decision, disqualifying or suspending: trimmed, this many characters. */
export const FAIR_PLAY_REASON_LENGTH = { min: 3, max: 300 } as const;

const reason = (message: string) =>
  text('Reason')
    .trim()
    .min(FAIR_PLAY_REASON_LENGTH.min, message)
    .max(FAIR_PLAY_REASON_LENGTH.max, `The reason must be at most ${FAIR_PLAY_REASON_LENGTH.max} characters.`);

/** 'To judge': the catches waiting, of one event or (no event) of all. */
export const judgeQueueInput = z.object({ eventId: z.uuid({ error: 'That is not a valid event id.' }).optional() }).optional();
export type JudgeQueueInput = z.output<typeof judgeQueueInput>;

/** The events to choose from in 'To judge': those with catches waiting, and `include` (the one chosen) whatever it has. */
export const waitingEventsInput = z.object({ include: z.uuid({ error: 'That is not a valid event id.' }).optional() }).optional();
export type WaitingEventsInput = z.output<typeof waitingEventsInput>;

/** An event in the judges' choice: how many of its catches wait, and whether it is on today (club time). */
export const waitingEvent = z.object({
  id: z.string(),
  name: z.string(),
  eventDate: z.string(),
  waiting: z.number(),
  today: z.boolean(),
});
export type WaitingEvent = z.infer<typeof waitingEvent>;

/** The decisions the Judged list shows (a catch's status once judged). */
export const JUDGED_STATUSES = ['verified', 'rejected'] as const;
export const JUDGED_PAGE_SIZE = 20;

/** The Judged list: newest decision first, filtered by event, verdict and automatic flag, a page at a time. */
export const judgedSearchInput = z.object({
  eventId: z.uuid({ error: 'That is not a valid event id.' }).optional(),
  status: z.enum(JUDGED_STATUSES, { error: "Status must be 'verified' or 'rejected'." }).optional(),
  flag: z.enum(CATCH_FLAGS, { error: 'That is not a flag the judges see.' }).optional(),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100, 'At most 100 catches per page.').optional().default(JUDGED_PAGE_SIZE),
});
export type JudgedSearchInput = z.input<typeof judgedSearchInput>;
export type JudgedSearch = z.output<typeof judgedSearchInput>;

/** A decided catch as the judges look back on it: the judge card's facts, who decided and when, and what followed. */
export const judgedCatchView = judgeCatchView.extend({
  /** The judge who decided, by name (null when their account is gone). */
  verifiedByName: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** What the angler logged, when the judge corrected it while approving. */
  correctedFrom: z.object({ fishType: z.string(), size: z.number() }).nullable(),
  /** Set when the angler is disqualified from this catch's event. */
  disqualified: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** The last day of the angler's suspension, while it lasts. */
  anglerSuspendedUntil: z.string().nullable(),
});
export type JudgedCatchView = z.infer<typeof judgedCatchView>;

export const judgedPage = z.object({ rows: z.array(judgedCatchView), total: z.number(), page: z.number(), pageSize: z.number() });
export type JudgedPage = z.infer<typeof judgedPage>;

/** Puts a decided catch back in the queue; the reason goes into the audit log. */
export const reopenInput = z.object({
  id: z.uuid({ error: 'That is not a valid catch id.' }),
  reason: reason(`Please say why the decision is reopened (at least ${FAIR_PLAY_REASON_LENGTH.min} characters).`),
});
export type ReopenInput = z.output<typeof reopenInput>;

const entry = {
  eventId: z.uuid({ error: 'That is not a valid event id.' }),
  memberId: z.uuid({ error: 'Please choose the member.' }),
};

/** Disqualifies an angler from one event: the reason is e-mailed to them. */
export const disqualifyInput = z.object({
  ...entry,
  reason: reason(`Please give the angler a reason (at least ${FAIR_PLAY_REASON_LENGTH.min} characters).`),
});
export type DisqualifyInput = z.output<typeof disqualifyInput>;

/** Undoes a disqualification. */
export const reinstateInput = z.object(entry);
export type ReinstateInput = z.output<typeof reinstateInput>;

/** The longest suspension the club's rules allow. */
export const SUSPENSION_MAX_MONTHS = 12;
/** The last day a suspension decided on `today` (club time) may run to. */
export const latestSuspensionEnd = (today: IsoDate): IsoDate => addYears(today, SUSPENSION_MAX_MONTHS / 12);

/** Suspends a member until a day (inclusive, club time), today at the earliest and at most 12 months ahead. */
export const suspendInput = z.object({
  memberId: z.uuid({ error: 'Please choose the member.' }),
  until: text('The last day of the suspension').trim().refine(isIsoDate, 'Please choose the last day of the suspension (YYYY-MM-DD).'),
  reason: reason(`Please give the member a reason (at least ${FAIR_PLAY_REASON_LENGTH.min} characters).`),
});
export type SuspendInput = z.output<typeof suspendInput>;

/** Why a suspension cannot end on `until` when decided on `today`, or null when it can. */
export function suspensionEndProblem(until: IsoDate, today: IsoDate): string | null {
  if (until < today) return 'The suspension cannot end before today.';
  const latest = latestSuspensionEnd(today);
  if (until > latest) return `A suspension is at most ${SUSPENSION_MAX_MONTHS} months: choose a day on or before ${formatAuDate(latest)}.`;
  return null;
}

export const liftSuspensionInput = z.object({ memberId: z.uuid({ error: 'Please choose the member.' }) });

/** A member's suspension as they and the committee see it. */
export const memberSuspension = z.object({ until: z.string(), reason: z.string() });
export type MemberSuspension = z.infer<typeof memberSuspension>;
