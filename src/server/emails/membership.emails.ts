import { CLUB } from '../../shared/club';
import { formatAuDate } from '../../shared/dates';
import { formatAud, MEMBERSHIP_LABELS, type MembershipType } from '../../shared/membership';
import { renderEmail } from './layout';

export interface ReceiptDetails {
  firstName: string;
  amountCents: number;
  membershipType: MembershipType;
  memberNames: string[];
  expiryDate: string;
  reference: string;
  paidOn: string;
  renewal: boolean;
  portalUrl: string;
}

export const membershipReceiptMessage = (d: ReceiptDetails) =>
  renderEmail({
    subject: `Receipt: ${CLUB.name} membership ${d.renewal ? 'renewal' : 'fee'} ${formatAud(d.amountCents)}`,
    preview: `Your membership is active until ${formatAuDate(d.expiryDate)}.`,
    greeting: `Thanks ${d.firstName}, you're all set!`,
    paragraphs: [
      d.renewal ? 'We have received your renewal payment. Your membership has been extended.' : `We have received your payment and your membership is now active. Welcome to ${CLUB.name}!`,
      `Amount paid: ${formatAud(d.amountCents)} AUD`,
      `Membership type: ${MEMBERSHIP_LABELS[d.membershipType]}`,
      `Member${d.memberNames.length > 1 ? 's' : ''}: ${d.memberNames.join(', ')}`,
      `Membership valid until: ${formatAuDate(d.expiryDate)}`,
      `Paid on ${formatAuDate(d.paidOn)}, receipt reference ${d.reference}.`,
    ],
    button: { label: 'Open the member portal', url: d.portalUrl },
    footnote: 'Keep this e-mail as your receipt. Questions about your membership? Just reply to the club committee.',
  });
