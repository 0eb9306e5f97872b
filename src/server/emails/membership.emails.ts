import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate } from '../../shared/dates';
import { formatAud, membershipLabels, type MembershipRules, type MembershipType } from '../../shared/membership';
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
  /** The portal, or a single-use link that signs the reader in there. */
  portalUrl: string;
  /** Set when portalUrl is a sign-in link: how many days it works. */
  signInLinkDays?: number;
}

/** The receipt of a membership payment; `rules`: the club's membership rules, which name its types. */
export const membershipReceiptMessage = (club: ClubProfile, rules: MembershipRules, d: ReceiptDetails) =>
  renderEmail(club, {
    subject: `Receipt: ${club.name} membership ${d.renewal ? 'renewal' : 'fee'} ${formatAud(d.amountCents)}`,
    preview: `Your membership is active until ${formatAuDate(d.expiryDate)}.`,
    greeting: `Thanks ${d.firstName}, you're all set!`,
    paragraphs: [
      d.renewal
        ? 'We have received your renewal payment. Your membership has been extended.'
        : `We have received your payment and your membership is now active. Welcome to ${club.name}!`,
      `Amount paid: ${formatAud(d.amountCents)} AUD`,
      `Membership type: ${membershipLabels(rules)[d.membershipType]}`,
      `Member${d.memberNames.length > 1 ? 's' : ''}: ${d.memberNames.join(', ')}`,
      `Membership valid until: ${formatAuDate(d.expiryDate)}`,
      `Paid on ${formatAuDate(d.paidOn)}, receipt reference ${d.reference}.`,
    ],
    button: { label: d.signInLinkDays ? 'Sign in to the member portal' : 'Open the member portal', url: d.portalUrl },
    footnote: `${d.signInLinkDays ? `The button signs you in once, within ${d.signInLinkDays} days; after that, use Login with this e-mail address. ` : ''}Keep this e-mail as your receipt. Questions about your membership? Just reply to the club committee.`,
  });

/** To the owner of an address someone typed into the join form, when that address already has a record. */
export const joinAddressUsedMessage = (
  club: ClubProfile,
  d: {
    firstName: string;
    state: 'current' | 'registered' | 'lapsed';
    expiryDate: string | null;
    signInUrl: string;
  },
) =>
  renderEmail(club, {
    subject: `Your e-mail address was used to join ${club.name}`,
    preview: 'Someone filled in our join form with this address.',
    greeting: `Hello ${d.firstName},`,
    paragraphs: [
      `Someone filled in the ${club.name} join form with this e-mail address. If that was you:`,
      d.state === 'current'
        ? `You are already a member, paid until ${formatAuDate(d.expiryDate!)}, so there is nothing to pay. Sign in to see your membership; renewal opens 60 days before it ends.`
        : d.state === 'lapsed'
          ? 'Your membership has lapsed. Sign in and use Renew Membership to renew it with your details as they are.'
          : 'You registered before and have not paid yet. Sign in and use Complete payment to finish joining.',
      'The new form was kept apart from your record: nothing on your membership has changed. If it was not you, you can ignore this e-mail.',
    ],
    button: { label: 'Sign in', url: d.signInUrl },
    footnote: 'The button signs you in once. Questions? Just reply to the club committee.',
  });
