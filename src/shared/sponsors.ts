/** Plain sponsorship constants, kept apart from the zod schemas so the page bundle needs no zod. */
export const SPONSORSHIP_TYPES = ['shirt', 'website', 'both'] as const;
export type SponsorshipType = (typeof SPONSORSHIP_TYPES)[number];

/** SPEC §9: shirt $1,000; website $500; both $1,500. */
export const SPONSORSHIP_PRICES_CENTS: Record<SponsorshipType, number> = { shirt: 100_000, website: 50_000, both: 150_000 };

export const SPONSORSHIP_LABELS: Record<SponsorshipType, string> = {
  shirt: 'Shirt Sponsorship',
  website: 'Website Sponsorship',
  both: 'Shirt & Website Sponsorship',
};
/** '{type} Sponsor' on the current-sponsors grid (SPEC §2.12). */
export const SPONSOR_TYPE_NAMES: Record<SponsorshipType, string> = { shirt: 'Shirt', website: 'Website', both: 'Shirt & Website' };

/** The two package cards of SPEC §2.12. */
export const SPONSOR_PACKAGES: { type: Exclude<SponsorshipType, 'both'>; title: string; benefits: string[] }[] = [
  { type: 'shirt', title: 'Shirt Sponsorship', benefits: ['Logo on all member shirts', 'Event merchandise branding', 'Annual recognition ceremony'] },
  { type: 'website', title: 'Website Sponsorship', benefits: ['Homepage logo placement', 'E-mail newsletter inclusion', 'Social media mentions'] },
];

export const SPONSOR_STATUSES = ['pending', 'active', 'declined'] as const;
export type SponsorStatus = (typeof SPONSOR_STATUSES)[number];
