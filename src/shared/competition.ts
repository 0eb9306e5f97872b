/** The mystery fish and the fish picture of the month: plain constants and rules, kept apart from the zod schemas. */
import { clubLocalToInstant, clubToday } from './dates';
import { MONTHS_LONG } from './club-clock';

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's competition rules. */
export const COMPETITION_RULES_ID = 'club-competition';

/** A prize: its value and what it is paid in ('$100 voucher'). */
export interface Prize {
  cents: number;
  text: string;
}

/**
 * The club's competition rules (checked by `competitionRulesSchema` in competition-rules.ts; read through the club's
 * settings): entry fees, the day's times, prizes and champion points per place, the mystery fish and the picture of
 * the month.
 */
export interface CompetitionRules {
  entryFeesCents: { member: number; nonMember: number; junior: number | null };
  times: { signOnHours: number; fishingStart: string; fishingEnd: string; presentation: string };
  /** 1st, 2nd, 3rd… in each category of each division. */
  placePrizes: Prize[];
  /** The season ladder's points for 1st, 2nd, 3rd… in a category. */
  championPoints: number[];
  mysteryFishPrize: Prize;
  pictureOfMonthPrize: Prize;
  /** Whether anglers may fish offshore; the fishing area is drawn to match (the sea in or out). */
  offshoreAllowed: boolean;
}

/** The committee's mystery fish: a species and an exact length or a range of lengths (cm, to a tenth). */
export type MysteryLength = { kind: 'exact'; lengthCm: number } | { kind: 'range'; minCm: number; maxCm: number };
export interface MysteryFish {
  /** One of the club's species when sealed. */
  species: string;
  length: MysteryLength;
}

/** Where a mystery fish stands: none set, set and sealed, or revealed at the presentation. */
export const MYSTERY_FISH_STATES = ['none', 'sealed', 'revealed'] as const;
export type MysteryFishState = (typeof MYSTERY_FISH_STATES)[number];

/** '42 cm', '42.5 cm'. */
export const formatCm = (cm: number) => `${Number(cm.toFixed(1))} cm`;

/** '42 cm' (exact) or '35–40 cm' (a range), as the presentation says it. */
export function mysteryLengthText(length: MysteryLength): string {
  return length.kind === 'exact' ? formatCm(length.lengthCm) : `${Number(length.minCm.toFixed(1))}–${formatCm(length.maxCm)}`;
}

/** A verified catch as the mystery fish rule reads it. */
export interface MysteryCandidate {
  id: string;
  species: string;
  sizeCm: number;
  caughtAt: Date | string;
}

/**
 * The club's rule for the mystery fish winner among an event's verified catches: a catch of the species; for an
 * exact length the closest length wins, for a range a catch within it (ends included) closest to its middle; the
 * earlier catch breaks a tie. Null: no catch qualifies ('No winner').
 */
export function mysteryFishWinner<C extends MysteryCandidate>(fish: MysteryFish, catches: readonly C[]): C | null {
  // In tenths of a cm, doubled so that a range's middle is whole too: no floating-point ties or near-misses.
  const tenths = (cm: number) => Math.round(cm * 10);
  const distance = (size: number): number | null => {
    const s = tenths(size);
    if (fish.length.kind === 'exact') return 2 * Math.abs(s - tenths(fish.length.lengthCm));
    const min = tenths(fish.length.minCm);
    const max = tenths(fish.length.maxCm);
    return s < min || s > max ? null : Math.abs(2 * s - (min + max));
  };
  let best: { c: C; d: number; at: number } | null = null;
  for (const c of catches) {
    if (c.species !== fish.species) continue;
    const d = distance(Number(c.sizeCm));
    if (d === null) continue;
    const at = new Date(c.caughtAt).getTime();
    if (!best || d < best.d || (d === best.d && (at < best.at || (at === best.at && c.id < best.c.id)))) best = { c, d, at };
  }
  return best?.c ?? null;
}

/** A calendar month as 'YYYY-MM'. */
export type YearMonth = string;
export const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month (club time) an instant falls in. */
export const monthOf = (instant: Date): YearMonth => clubToday(instant).slice(0, 7);

/** The month `by` months after (or, negative, before) this one. */
export function addMonths(month: YearMonth, by: number): YearMonth {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** When a month starts and the next one starts, on the club's clocks. */
export function monthBounds(month: YearMonth): { start: Date; end: Date } {
  return { start: clubLocalToInstant(`${month}-01T00:00`), end: clubLocalToInstant(`${addMonths(month, 1)}-01T00:00`) };
}

/** 'November 2026'. */
export function monthLabel(month: YearMonth): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS_LONG[m - 1]} ${y}`;
}
