import { clubToday, formatAuDate } from '../../../shared/dates';
import { formatAud } from '../../../shared/membership';
import type { AdminSponsor, SponsorInvoice, SponsorStatus } from '../../../shared/sponsors.schema';

/** A sponsor's status as the committee reads it. */
export const STATUS_LABELS: Record<SponsorStatus, string> = { pending: 'Pending', active: 'Active', declined: 'Declined' };

/** The day an application came in, in the club's time zone. */
export const appliedOn = (iso: string) => formatAuDate(clubToday(new Date(iso)));
/** An amount as the server gives it ('250.00') in dollars. */
export const dollars = (amount: string) => formatAud(Math.round(Number(amount) * 100));

/** An address the applicant has not proved gets no invoice, only a link to confirm it (the server's rule). */
export const UNCONFIRMED = '(not confirmed yet: invoices wait until the sponsor confirms it)';
/** What a renewal or a new pay link sends to an address not confirmed yet. */
export const confirmFirst = (email: string) =>
  `${email} is not confirmed yet: a link to confirm it is on its way, and the invoice follows once the sponsor confirms it.`;

/** What the committee can do to a sponsor's invoices from the list. */
export type InvoiceAction =
  | { kind: 'record'; sponsor: AdminSponsor; invoice: SponsorInvoice }
  | { kind: 'resend'; sponsor: AdminSponsor; invoice: SponsorInvoice }
  | { kind: 'renew'; sponsor: AdminSponsor; season: string };
