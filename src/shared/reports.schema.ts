import { z } from 'zod';
import { isIsoDate } from './dates';
import { MEMBER_STATUSES, MEMBERSHIP_TYPES } from './membership';

/** The Australian financial year (1 July – 30 June) that holds `day` (YYYY-MM-DD, club time). */
export function financialYearOf(day: string): { start: string; end: string; label: string } {
  const year = Number(day.slice(0, 4));
  const startYear = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return { start: `${startYear}-07-01`, end: `${startYear + 1}-06-30`, label: `FY ${startYear}–${String(startYear + 1).slice(2)}` };
}

export const REVENUE_KINDS = ['membership', 'event', 'sponsorship'] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];
export const REVENUE_LABELS: Record<RevenueKind, string> = {
  membership: 'Membership fees',
  event: 'Event registrations',
  sponsorship: 'Sponsorships',
};

const isoDay = (label: string) => z.string({ error: `${label} is required.` }).refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`);

/** A reporting period, both days included (club time); defaults to the current financial year. */
export const periodInput = z
  .object({ from: isoDay('From').optional(), to: isoDay('To').optional() })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'The period must end on or after its first day.', path: ['to'] });
export type PeriodInput = z.input<typeof periodInput>;

export const moneyByKind = z.object({ membership: z.number(), event: z.number(), sponsorship: z.number(), total: z.number() });

/** Figures in cents. */
export const financialSummary = z.object({
  from: z.string(),
  to: z.string(),
  totals: moneyByKind,
  months: z.array(moneyByKind.extend({ month: z.string() })),
  payments: z.number(),
});
export type FinancialSummary = z.infer<typeof financialSummary>;

export const adminOverview = z.object({
  /** Current and expired members (everyone who has paid): the list's Current and Expired filters together. */
  totalMembers: z.number(),
  /** What each of the members list's status filters shows; `all` is the list without a filter (guests are not members). */
  members: z.object({ all: z.number(), current: z.number(), expired: z.number(), pending: z.number() }).optional(),
  activeEvents: z.number(),
  /** Captured payments in the current financial year, in cents. */
  revenueYtdCents: z.number(),
  financialYear: z.string(),
  sponsors: z.number(),
  /** Members active at the end of each of the last 12 months, by type. */
  membersByType: z.array(z.object({ month: z.string(), adult: z.number(), junior: z.number(), family: z.number() })),
  revenueByMonth: z.array(moneyByKind.extend({ month: z.string() })),
  catchesBySpecies: z.array(z.object({ species: z.string(), count: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverview>;

export const membershipReport = z.object({
  from: z.string(),
  to: z.string(),
  byTypeAndStatus: z.array(z.object({ membershipType: z.enum(MEMBERSHIP_TYPES), status: z.enum(MEMBER_STATUSES), count: z.number() })),
  joined: z.number(),
  renewed: z.number(),
  expiringSoon: z.array(
    z.object({ name: z.string(), email: z.string().nullable(), membershipType: z.enum(MEMBERSHIP_TYPES), expiryDate: z.string() }),
  ),
});
export type MembershipReport = z.infer<typeof membershipReport>;
