import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../shared/payments';
import { clubSignature, renderEmail } from './layout';

export interface RefundNoticeDetails {
  /** Null: the payer's name may not be mailed to this address (a sponsor's address nobody proved). */
  firstName: string | null;
  /** The refund's own number ('CN-20261205-1A2B3C4D'). */
  creditNote: string;
  /** The receipt it corrects: its number (as on the PDF receipt) and the reference the e-mailed receipt gave. */
  receiptNumber: string;
  reference: string;
  paidOn: string;
  refundedOn: string;
  /** What the payment was for, and who it covered ('Ben, Lachlan and Mia Taylor'; null: no one by name). */
  description: string;
  covering: string | null;
  paidCents: number;
  refundedCents: number;
  /** What is left of the payment after this refund (and any earlier ones). */
  leftCents: number;
  provider: 'paypal' | 'demo' | 'manual';
  method: PaymentMethod | null;
}

/** How the money reaches the payer: PayPal returns it itself; money taken by hand the club returns. */
function howReturned(d: RefundNoticeDetails): string {
  if (d.provider === 'paypal') return 'PayPal returns the money to the account or card you paid with; it usually shows within a few days.';
  if (d.provider === 'demo') return 'This was a demo payment: no money moved either way.';
  const method = PAYMENT_METHOD_LABELS[d.method ?? 'cash'].toLowerCase();
  return `You paid by ${method}, so the club returns the money to you directly.`;
}

/** The credit note a payer gets when the club returns money on one of their payments. */
export const refundNoticeMessage = (club: ClubProfile, d: RefundNoticeDetails) =>
  renderEmail(club, {
    subject: `Refund of ${formatAud(d.refundedCents)}: credit note for receipt ${d.reference}`,
    preview: `${club.name} has refunded ${formatAud(d.refundedCents)} of your payment of ${formatAud(d.paidCents)}.`,
    greeting: d.firstName ? `Hello ${d.firstName},` : 'Hello,',
    paragraphs: [
      `We have refunded ${formatAud(d.refundedCents)} AUD of your payment to ${club.name}. This e-mail is your credit note: keep it with your receipt.`,
      `Credit note ${d.creditNote}, issued ${formatAuDate(d.refundedOn)}`,
      `For receipt ${d.receiptNumber} (receipt reference ${d.reference}), paid ${formatAuDate(d.paidOn)}: ${formatAud(d.paidCents)} AUD`,
      `Paid for: ${d.description}`,
      ...(d.covering ? [`Covering: ${d.covering}`] : []),
      `Amount refunded: ${formatAud(d.refundedCents)} AUD`,
      d.leftCents > 0
        ? `Amount left on this payment: ${formatAud(d.leftCents)} AUD`
        : `Amount left on this payment: ${formatAud(0)} AUD (refunded in full)`,
      howReturned(d),
    ],
    footnote: `Questions about this refund? Just reply to this e-mail to reach the club committee. ${clubSignature(club)}`,
  });
