/** Plain sponsorship constants, kept apart from the zod schemas so the page bundle needs no zod. */
export const SPONSORSHIP_TYPES = ['shirt', 'website', 'both'] as const;
export type SponsorshipType = (typeof SPONSORSHIP_TYPES)[number];

/** Shirt $1,000; website $500; both $1,500. */
export const SPONSORSHIP_PRICES_CENTS: Record<SponsorshipType, number> = { shirt: 100_000, website: 50_000, both: 150_000 };

export const SPONSORSHIP_LABELS: Record<SponsorshipType, string> = {
  shirt: 'Shirt Sponsorship',
  website: 'Website Sponsorship',
  both: 'Shirt & Website Sponsorship',
};
/** '{type} Sponsor' on the current-sponsors grid. */
export const SPONSOR_TYPE_NAMES: Record<SponsorshipType, string> = { shirt: 'Shirt', website: 'Website', both: 'Shirt & Website' };

/** The two sponsorship package cards of the sponsor page. */
export const SPONSOR_PACKAGES: { type: Exclude<SponsorshipType, 'both'>; title: string; benefits: string[] }[] = [
  {
    type: 'shirt',
    title: 'Shirt Sponsorship',
    benefits: ['Logo on all member shirts', 'Event merchandise branding', 'Annual recognition ceremony'],
  },
  {
    type: 'website',
    title: 'Website Sponsorship',
    benefits: ['Homepage logo placement', 'E-mail newsletter inclusion', 'Social media mentions'],
  },
];

/** How long a link proving a sponsor's contact address works. */
export const SPONSOR_ADDRESS_LINK_DAYS = 30;

export const SPONSOR_STATUSES = ['pending', 'active', 'declined'] as const;
export type SponsorStatus = (typeof SPONSOR_STATUSES)[number];

/**
 * A sponsorship season: the club's year, which is the Australian financial year (1 July to 30 June),
 * labelled by its two calendar years, e.g. '2026-27'.
 */
export type Season = string;

const SEASON = /^(\d{4})-(\d{2})$/;

/** Whether a text is a season label such as '2026-27' (the second year follows the first). */
export function isSeason(value: string): boolean {
  const match = SEASON.exec(value);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

const startYear = (season: Season) => Number(season.slice(0, 4));
const label = (year: number): Season => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/** The season a day ('YYYY-MM-DD') falls in: 30 June 2026 is in '2025-26', 1 July 2026 in '2026-27'. */
export function seasonOf(day: string): Season {
  const year = Number(day.slice(0, 4));
  return label(Number(day.slice(5, 7)) >= 7 ? year : year - 1);
}

/** 1 July of the season's first year. */
export function seasonStart(season: Season): string {
  return `${startYear(season)}-07-01`;
}

/** 30 June of the season's second year: the last day a sponsor of that season is shown. */
export function seasonEnd(season: Season): string {
  return `${startYear(season) + 1}-06-30`;
}

export function nextSeason(season: Season): Season {
  return label(startYear(season) + 1);
}

/** Where a sponsor's invoice for a season stands, as sponsors and the committee see it. */
export const INVOICE_STATUSES = ['unpaid', 'pending', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { unpaid: 'Unpaid', pending: 'Pending', paid: 'Paid', void: 'Void' };
