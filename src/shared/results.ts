/** Competition results rules shared by the results, the live board and the presentation (no zod: pages import it). */
import { isJuniorOn, type MembershipRules } from './membership';
import type { CompetitionRules } from './competition';
import type { IsoDate } from './dates';

/**
 * The divisions an event's results are split into, in the order they are presented: Juniors (juniors on the
 * event's day, counted as junior membership counts age) and Open (everyone else, and everyone at an event without
 * divisions).
 */
export const RESULT_DIVISIONS = ['junior', 'open'] as const;
export type ResultDivision = (typeof RESULT_DIVISIONS)[number];

export const RESULT_DIVISION_LABELS: Record<ResultDivision, string> = { junior: 'Juniors', open: 'Open' };

/** An angler's division at an event: Juniors while a junior on its day; a member without a date of birth fishes Open. */
export function resultDivisionOn(
  rules: Pick<MembershipRules, 'juniorUnder'>,
  dateOfBirth: IsoDate | null | undefined,
  eventDay: IsoDate,
  eventHasDivisions = true,
): ResultDivision {
  return eventHasDivisions && dateOfBirth && isJuniorOn(rules, dateOfBirth, eventDay) ? 'junior' : 'open';
}

/**
 * What a place (1st, 2nd…) in each species of each division wins by the club's competition rules ('$100 tackle
 * voucher'); null for a place beyond the club's prizes.
 */
export function placePrize(rules: Pick<CompetitionRules, 'placePrizes'>, place: number): string | null {
  return rules.placePrizes[place - 1]?.text ?? null;
}

/**
 * 'Provisional — 3 catches waiting for judging' while catches of an event (or a season's events) wait for the
 * judges, null once every catch is judged: results, ladders and their PDFs say it until judging is done.
 */
export function provisionalText(pending: number | undefined): string | null {
  if (!pending) return null;
  return `Provisional — ${pending} ${pending === 1 ? 'catch' : 'catches'} waiting for judging`;
}

/** Whether an event's results may still change: 'provisional' until fishing has closed and every catch is judged. */
export type ResultsStatus = 'provisional' | 'final';

/** The one rule of 'Provisional' and 'Final' that the results, the boards, the presentation and the exports show. */
export function resultsStatus(fishingClosed: boolean, pending: number): ResultsStatus {
  return fishingClosed && pending === 0 ? 'final' : 'provisional';
}

/**
 * What a provisional result says it waits for: the catches still waiting for the judges, else that fishing is still
 * open; null once the results are final.
 */
export function provisionalNotice(results: { status?: ResultsStatus; pending?: number }): string | null {
  if (results.status === 'final') return null;
  return provisionalText(results.pending) ?? (results.status === 'provisional' ? 'Provisional — fishing is still open' : null);
}

/** The live board of an event as a server-sent event stream (GET, public like the results). */
export const liveBoardStreamPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/live`;
/** The name of the stream's events, each carrying the whole board as JSON. */
export const LIVE_BOARD_EVENT = 'board';
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How often the board is asked for when the stream cannot be used (an old browser, a proxy that buffers). */
export const LIVE_POLL_MS = 5_000;
