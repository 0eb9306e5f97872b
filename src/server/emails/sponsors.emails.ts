import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import type { PaymentMethod } from '../../shared/payments';
import { SPONSOR_ADDRESS_LINK_DAYS } from '../../shared/sponsors';
import { seasonEnd, seasonStart, SPONSORSHIP_LABELS, type SponsorshipType } from '../../shared/sponsors.schema';
import { clubSignature, renderEmail } from './layout';

interface Application {
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string | null;
  comments: string | null;
  sponsorshipType: SponsorshipType;
  amountCents: number;
}

const packageLine = (a: Pick<Application, 'sponsorshipType' | 'amountCents'>) =>
  `${SPONSORSHIP_LABELS[a.sponsorshipType]} (${formatAud(a.amountCents)} a year)`;

/**
 * To the applicant: we have it, when they will hear from us (within 2 business days), and the link that proves the
 * address is theirs (`confirmUrl`), after which the club's e-mails to it may name their business.
 */
export const sponsorAcknowledgementMessage = (
  club: ClubProfile,
  a: Pick<Application, 'sponsorshipType' | 'amountCents'> & { confirmUrl: string },
) =>
  renderEmail(club, {
    subject: `Thank you for offering to sponsor ${club.name}`,
    preview: 'We will contact you within 2 business days.',
    // Anyone can type any address into the form: nothing they typed is sent to it, only the club's own words.
    greeting: 'Hello,',
    paragraphs: [
      `Thank you for applying to sponsor ${club.name}. If you did not apply, someone typed your address by mistake: you can ignore this e-mail.`,
      `Package: ${packageLine(a)}.`,
      'A member of our committee will contact you within 2 business days to talk through the details and arrange your logo.',
      'Please confirm that this is your address with the button below: we send your invoice and receipts here only once it is confirmed.',
      `Questions in the meantime? Reply to this e-mail or write to ${club.contactEmail}.`,
    ],
    button: { label: 'Confirm my address', url: a.confirmUrl },
    footnote: `The button works for ${SPONSOR_ADDRESS_LINK_DAYS} days. ${clubSignature(club)}`,
  });

/**
 * To an address nobody has proved yet, when the committee accepts, renews or sends a pay link: the club's words only
 * and a link to confirm it; the invoice follows once it is confirmed.
 */
export const sponsorConfirmAddressMessage = (club: ClubProfile, d: { confirmUrl: string; contactEmail: string }) =>
  renderEmail(club, {
    subject: `Please confirm your address for your ${club.name} sponsorship`,
    preview: 'Your invoice is ready: confirm this address to receive it.',
    greeting: 'Hello,',
    paragraphs: [
      `The committee of ${club.name} has an invoice ready for a sponsorship applied for with this e-mail address. Before we send it, please confirm that this address is yours with the button below.`,
      'If you did not apply to sponsor the club, someone typed your address by mistake: you can ignore this e-mail, and we send nothing more.',
      `Questions? Write to ${d.contactEmail}.`,
    ],
    button: { label: 'Confirm my address', url: d.confirmUrl },
    footnote: `The button works for ${SPONSOR_ADDRESS_LINK_DAYS} days. ${clubSignature(club)}`,
  });

/** To the club's contact address: a new application to review. */
export const sponsorNoticeMessage = (club: ClubProfile, a: Application, reviewUrl: string) =>
  renderEmail(club, {
    subject: `New sponsor application: ${a.companyName}`,
    preview: packageLine(a),
    greeting: 'Hello committee,',
    paragraphs: [
      `${a.companyName} has applied for the ${packageLine(a)}.`,
      `Contact: ${a.contactPerson}, ${a.email}, ${a.phone}${a.address ? `, ${a.address}` : ''}.`,
      a.comments ? `Comments: ${a.comments}` : 'No comments were added.',
      'They have been told to expect a reply within 2 business days.',
    ],
    button: { label: 'Review sponsor applications', url: reviewUrl },
    footnote: club.name,
  });

export interface SponsorInvoiceDetails {
  companyName: string;
  contactPerson: string;
  sponsorshipType: SponsorshipType;
  amountCents: number;
  season: string;
  /** `${publicUrl}/sponsor/pay?token=…` */
  payUrl: string;
  /** Where to write to pay by bank transfer instead. */
  contactEmail: string;
  /** Why the invoice is sent: the committee accepted the sponsor, renewed them, or asked for a new link. */
  occasion: 'accepted' | 'renewed' | 'resent';
  /** Whether the site takes online payments (PayPal); otherwise the link only shows the invoice. */
  payOnline: boolean;
}

const seasonDates = (season: string) => `${formatAuDate(seasonStart(season))} to ${formatAuDate(seasonEnd(season))}`;

/** The sponsor's invoice for a season, with their pay link (sent on acceptance, on renewal and on request). */
export const sponsorInvoiceMessage = (club: ClubProfile, d: SponsorInvoiceDetails) =>
  renderEmail(club, {
    subject:
      d.occasion === 'accepted'
        ? `Welcome aboard: ${d.companyName} is now a sponsor of ${club.name}`
        : d.occasion === 'renewed'
          ? `Your ${club.name} sponsorship for ${d.season}`
          : `Your pay link for the ${club.name} sponsorship ${d.season}`,
    preview: `${SPONSORSHIP_LABELS[d.sponsorshipType]}, season ${d.season}: ${formatAud(d.amountCents)}`,
    greeting: `Hello ${d.contactPerson},`,
    paragraphs: [
      d.occasion === 'accepted'
        ? `Thank you! The committee has accepted ${d.companyName} as a sponsor of ${club.name}. Your logo goes up on our website now.`
        : d.occasion === 'renewed'
          ? `Thank you for sponsoring ${club.name} again. The committee has renewed ${d.companyName} for the ${d.season} season.`
          : `Here is a new pay link for your sponsorship of ${club.name}. Any earlier link for this invoice no longer works.`,
      `Package: ${SPONSORSHIP_LABELS[d.sponsorshipType]}`,
      `Season: ${d.season} (${seasonDates(d.season)})`,
      `Amount: ${formatAud(d.amountCents)} AUD`,
      d.payOnline
        ? 'You can pay online with the button below (PayPal or card).'
        : 'The button below shows your invoice; online payment is not available yet, so please pay by bank transfer.',
      `Prefer a bank transfer? Write to ${d.contactEmail} and the committee will send you the club's bank details; they record your payment when it arrives. Cash and cheques are welcome at club meetings too.`,
    ],
    button: { label: d.payOnline ? `Pay ${formatAud(d.amountCents)}` : 'View your invoice', url: d.payUrl },
    footnote: `Anyone with this link can see and pay this invoice, so please keep it within your business. We e-mail a receipt as soon as your payment arrives. ${clubSignature(club)}`,
  });

export interface SponsorReceiptDetails {
  /** Null, with the contact person, while the applicant has not proved the address: the receipt then names nobody. */
  companyName: string | null;
  contactPerson: string | null;
  sponsorshipType: SponsorshipType;
  amountCents: number;
  season: string;
  paidOn: string;
  method: PaymentMethod | null;
  reference: string;
  /** The last day the sponsor is shown on the site; null: no end date. */
  shownUntil: string | null;
}

const PAID_BY: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  demo: 'demo payment',
  cash: 'cash',
  bank_transfer: 'bank transfer',
  card: 'card',
  cheque: 'cheque',
};

/** The sponsor's receipt, once the season's money has arrived (online or recorded by the committee). */
export const sponsorReceiptMessage = (club: ClubProfile, d: SponsorReceiptDetails) =>
  renderEmail(club, {
    subject: `Receipt: ${club.name} sponsorship ${d.season} ${formatAud(d.amountCents)}`,
    preview: `Thank you for sponsoring ${club.name} for the ${d.season} season.`,
    greeting: d.contactPerson ? `Thank you, ${d.contactPerson}!` : 'Thank you!',
    paragraphs: [
      `We have received ${d.companyName ? `${d.companyName}'s` : 'your'} payment for the ${SPONSORSHIP_LABELS[d.sponsorshipType]}, season ${d.season} (${seasonDates(d.season)}).`,
      `Amount paid: ${formatAud(d.amountCents)} AUD`,
      `Paid on ${formatAuDate(d.paidOn)}${d.method ? ` by ${PAID_BY[d.method]}` : ''}, receipt reference ${d.reference}.`,
      d.shownUntil ? `Your logo is shown on our website until ${formatAuDate(d.shownUntil)}.` : 'Your logo is shown on our website.',
    ],
    footnote: `Keep this e-mail as your receipt. Questions? Just reply to the club committee. ${clubSignature(club)}`,
  });
