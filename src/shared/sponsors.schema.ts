import { imageAddressMessage, isImageAddress } from './image-address';
import { z } from 'zod';
import { emailSchema, optionalText, text } from './auth.schema';
import { isIsoDate } from './dates';
import { phoneSchema } from './members.schema';
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHODS } from './payments';
import { INVOICE_STATUSES, isSeason, SPONSOR_STATUSES, SPONSORSHIP_TYPES } from './sponsors';

export {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  isSeason,
  nextSeason,
  seasonEnd,
  seasonOf,
  seasonStart,
  SPONSOR_PACKAGES,
  SPONSOR_STATUSES,
  SPONSOR_TYPE_NAMES,
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  SPONSORSHIP_TYPES,
  type InvoiceStatus,
  type Season,
  type SponsorshipType,
  type SponsorStatus,
} from './sponsors';

/** POST /api/sponsors/register. */
export const sponsorApplicationInput = z.object({
  companyName: text('Company name').trim().min(1, 'Company name is required.').max(120, 'Company name must be at most 120 characters.'),
  contactPerson: text('Contact person')
    .trim()
    .min(1, 'Contact person is required.')
    .max(120, 'Contact person must be at most 120 characters.'),
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

/** One season's invoice of a sponsor, as the committee sees it. */
export const sponsorInvoice = z.object({
  id: z.string(),
  /** E.g. '2026-27' (1 July to 30 June). */
  season: z.string(),
  /** Dollars with cents, e.g. '500.00'. */
  amount: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** YYYY-MM-DD (club date) the money arrived; null until paid. */
  paidOn: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  /** Dollars returned to the sponsor so far, e.g. '0.00'. */
  refunded: z.string(),
  createdAt: z.string(),
});
export type SponsorInvoice = z.infer<typeof sponsorInvoice>;

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
  /** Whether the applicant proved the contact address; until then invoices wait and mail to it names nobody. */
  addressConfirmed: z.boolean(),
  /** Newest season first, void ones included. */
  invoices: z.array(sponsorInvoice),
});
export type AdminSponsor = z.infer<typeof adminSponsor>;

const optionalAddress = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text.` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null));

const webUrl = (label: string) =>
  optionalAddress(label).refine(
    (v) => !v || (v.length <= 500 && /^(https?:\/\/|\/)/i.test(v)),
    `${label} must be a web address starting with https://.`,
  );

/** A logo is shown on the site's pages: the image address rule. */
const imageUrl = (label: string) => optionalAddress(label).refine((v) => !v || isImageAddress(v), imageAddressMessage(label));

/** The committee's review: status, logo, website and end date. Fields left out stay as they are. */
export const sponsorReviewInput = z.object({
  id: z.uuid({ error: 'That is not a valid sponsor id.' }),
  status: z.enum(SPONSOR_STATUSES, { error: 'Status must be pending, active or declined.' }).optional(),
  logoUrl: imageUrl('The logo'),
  websiteUrl: webUrl('Website'),
  endDate: z
    .union([z.string(), z.null()], { error: 'End date must be a date.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine((v) => !v || isIsoDate(v), 'End date must be a date (YYYY-MM-DD).'),
});
export type SponsorReviewInput = z.input<typeof sponsorReviewInput>;
export type SponsorReview = z.output<typeof sponsorReviewInput>;

const uuid = (what: string) => z.uuid({ error: `That is not a valid ${what} id.` });
const isoDay = (label: string) =>
  text(label)
    .trim()
    .refine((v) => isIsoDate(v), `${label} must be a date (YYYY-MM-DD).`);

/** The committee records money that came outside the site: cash, a bank transfer, a card at the desk, a cheque. */
export const recordSponsorPaymentInput = z.object({
  invoiceId: uuid('invoice'),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose how the money came: cash, bank transfer, card or cheque.' }),
  /** The club day the money arrived; not in the future. */
  paidOn: isoDay('Paid on'),
  reference: optionalText('Reference', 120),
});
export type RecordSponsorPaymentInput = z.input<typeof recordSponsorPaymentInput>;
/** The committee's payment form: the input, and no day after the club's today as the screen knows it. */
export const recordSponsorPaymentForm = (today: string) =>
  recordSponsorPaymentInput.refine((v) => v.paidOn <= today, { message: 'Paid on cannot be in the future.', path: ['paidOn'] });
export type RecordSponsorPayment = z.output<typeof recordSponsorPaymentInput>;

/** Invoices an active sponsor for a season: the next one unless another is named (this season or the next). */
export const renewSponsorInput = z.object({
  id: uuid('sponsor'),
  season: text('Season').trim().refine(isSeason, 'Season must look like 2027-28.').optional(),
});
export type RenewSponsorInput = z.input<typeof renewSponsorInput>;

/** A fresh pay link for an unpaid invoice; the old link stops working. */
export const sponsorInvoiceIdInput = z.object({ invoiceId: uuid('invoice') });

/** The secret of a pay link, as it arrives from the sponsor's browser. */
const payToken = text('Pay link')
  .trim()
  .min(1, 'The pay link is incomplete. Please open the link from your e-mail again.')
  .max(200, 'The pay link is incomplete. Please open the link from your e-mail again.');

export const payLinkInput = z.object({ token: payToken });

/** The secret of the link that proves a sponsor's contact address. */
export const sponsorAddressInput = z.object({
  token: text('Confirmation link')
    .trim()
    .min(1, 'The confirmation link is incomplete. Please open the link from your e-mail again.')
    .max(200, 'The confirmation link is incomplete. Please open the link from your e-mail again.'),
});
export const payLinkCaptureInput = z.object({
  token: payToken,
  orderId: text('Order id')
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'That is not a valid order id.'),
});

/** What the pay page shows: the invoice behind a pay link. */
export const payLinkInvoice = z.object({
  companyName: z.string(),
  sponsorshipType: z.enum(SPONSORSHIP_TYPES),
  packageLabel: z.string(),
  season: z.string(),
  /** Dollars with cents, e.g. '1000.00'. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidOn: z.string().nullable(),
  /** How it can be paid online here: PayPal, the demo provider, or not at all (pay the committee directly). */
  payOnline: z.enum(['paypal', 'demo']).nullable(),
});
export type PayLinkInvoice = z.infer<typeof payLinkInvoice>;
