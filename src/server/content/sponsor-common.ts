import { centsToAmount } from '../../shared/membership';
import type { AdminSponsor, PublicSponsor, SponsorInvoice } from '../../shared/sponsors.schema';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { Sponsor } from '../db/entities';
import type { SponsorInvoiceDetails } from '../emails/sponsors.emails';
import type { Mailer } from '../integrations/mailer';
import type { PaymentProvider } from '../integrations/payments';
import type { PaymentsService } from '../payments/payments.service';
import type { Actor } from '../platform/actor';
import type { ContentCache } from '../platform/content-cache';
import type { RateRules } from '../platform/rate-limit.service';
import type { CmsService } from './cms.service';
import { addressConfirmed } from './sponsor-address';

export interface SponsorsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  cache: ContentCache;
  cms: CmsService;
  club: Pick<ClubSettingsService, 'profile'>;
  log: { error(obj: object, msg: string): void };
  /** The online payment provider; null: sponsors pay the committee directly. */
  payments: PaymentProvider | null;
  /** Orders, captures and settling go the way of every other payment (receipts and audit included). */
  paymentsService: Pick<PaymentsService, 'sendOrder' | 'settle' | 'captureAndSettle'>;
}

export const NO_SUCH_LINK =
  'This pay link is not valid. It may have been replaced by a newer one: please use the link in the latest e-mail from the club, or contact the club.';
export const ALREADY_PAID = 'This invoice has already been paid. Thank you!';
export const CANCELLED =
  'This invoice was cancelled by the club, so it cannot be paid. Please contact the club if you think this is a mistake.';
export const IN_PROGRESS =
  'PayPal is still processing a payment for this invoice, so there is nothing more to pay. We will e-mail your receipt when PayPal releases it.';
export const NEEDS_REVIEW = "This invoice needs the committee's attention before it can be paid. Please contact the club.";
export const NO_ONLINE_PAYMENT =
  'Online payment is not available right now. Please pay by bank transfer (see the e-mail with your invoice) or contact the club.';
export const WRONG_ORDER = 'That payment is not for this invoice. Please start the payment again.';
export const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';

export type By = { actor: Actor['user']; label: string };
/** An invoice's e-mail; to an address its applicant has not proved, the link that confirms it instead (sponsor-address.ts). */
export type InvoiceMail = (Omit<SponsorInvoiceDetails, 'contactEmail' | 'payOnline'> & { to: string }) | { to: string; confirmUrl: string };

/** Every field of a sponsor, as the audit log keeps it before and after the committee's change. */
export function reviewFields(s: Sponsor) {
  return {
    companyName: s.companyName,
    contactPerson: s.contactPerson,
    email: s.email,
    phone: s.phone,
    address: s.address ?? null,
    comments: s.comments ?? null,
    sponsorshipType: s.sponsorshipType,
    amountCents: s.amountCents,
    status: s.status,
    logoUrl: s.logoUrl ?? null,
    websiteUrl: s.websiteUrl ?? null,
    endDate: s.endDate ?? null,
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
  };
}

/** A sponsor as the site shows it. */
export function publicView(s: Sponsor): PublicSponsor {
  return {
    id: s.id,
    companyName: s.companyName,
    sponsorshipType: s.sponsorshipType,
    amount: centsToAmount(s.amountCents),
    logoUrl: s.logoUrl ?? null,
    websiteUrl: s.websiteUrl ?? null,
  };
}

/** A sponsor as the committee sees it, with its invoices. */
export function adminView(s: Sponsor, invoices: SponsorInvoice[]): AdminSponsor {
  return {
    ...publicView(s),
    contactPerson: s.contactPerson,
    email: s.email,
    phone: s.phone,
    address: s.address ?? null,
    comments: s.comments ?? null,
    status: s.status,
    endDate: s.endDate ?? null,
    createdAt: s.createdAt.toISOString(),
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
    addressConfirmed: addressConfirmed(s),
    invoices,
  };
}
