import { z } from 'zod';
import { emailSchema, optionalText, text } from './auth.schema';
import { isIsoDate } from './dates';
import { phoneSchema } from './members.schema';
import { SPONSOR_STATUSES, SPONSORSHIP_TYPES } from './sponsors';

export {
  SPONSOR_PACKAGES,
  SPONSOR_STATUSES,
  SPONSOR_TYPE_NAMES,
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  SPONSORSHIP_TYPES,
  type SponsorshipType,
  type SponsorStatus,
} from './sponsors';

/** POST /api/sponsors/register (SPEC §3, §5). */
export const sponsorApplicationInput = z.object({
  companyName: text('Company name').trim().min(1, 'Company name is required.').max(120, 'Company name must be at most 120 characters.'),
  contactPerson: text('Contact person').trim().min(1, 'Contact person is required.').max(120, 'Contact person must be at most 120 characters.'),
  email: emailSchema,
  phone: phoneSchema,
  address: optionalText('Address', 300),
  sponsorshipType: z.enum(SPONSORSHIP_TYPES, { error: 'Please choose a sponsorship type.' }),
  comments: optionalText('Comments', 2000),
});
export type SponsorApplicationInput = z.input<typeof sponsorApplicationInput>;
export type SponsorApplication = z.output<typeof sponsorApplicationInput>;

/** GET /api/sponsors/active: what visitors see. */
export const publicSponsor = z.object({
  id: z.string(),
  companyName: z.string(),
  sponsorshipType: z.enum(SPONSORSHIP_TYPES),
  /** Dollars with cents, e.g. '1000.00'. */
  amount: z.string(),
  logoUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
});
export type PublicSponsor = z.infer<typeof publicSponsor>;

export const adminSponsor = publicSponsor.extend({
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  comments: z.string().nullable(),
  status: z.enum(SPONSOR_STATUSES),
  /** YYYY-MM-DD: the last day the sponsor is shown; null = open-ended. */
  endDate: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminSponsor = z.infer<typeof adminSponsor>;

const webUrl = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text.` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine((v) => !v || (v.length <= 500 && /^(https?:\/\/|\/)/i.test(v)), `${label} must be a web address starting with https://.`);

/** The committee's review: status, logo, website and end date. Fields left out stay as they are. */
export const sponsorReviewInput = z.object({
  id: z.uuid({ error: 'That is not a valid sponsor id.' }),
  status: z.enum(SPONSOR_STATUSES, { error: 'Status must be pending, active or declined.' }).optional(),
  logoUrl: webUrl('Logo'),
  websiteUrl: webUrl('Website'),
  endDate: z
    .union([z.string(), z.null()], { error: 'End date must be a date.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine((v) => !v || isIsoDate(v), 'End date must be a date (YYYY-MM-DD).'),
});
export type SponsorReviewInput = z.input<typeof sponsorReviewInput>;
export type SponsorReview = z.output<typeof sponsorReviewInput>;
