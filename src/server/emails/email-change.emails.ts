import { AUTH_LIMITS } from '../../shared/auth.constants';
import { CLUB } from '../../shared/club';
import { renderEmail } from './layout';

/** To the new address: the link that confirms it (single use, 24 hours). */
export const confirmEmailChangeMessage = (d: { firstName: string; newEmail: string; url: string }) =>
  renderEmail({
    subject: `Confirm your new e-mail address for ${CLUB.name}`,
    preview: 'One click and this becomes the address you sign in with.',
    greeting: `G'day ${d.firstName},`,
    paragraphs: [
      `Your club record is about to change to this e-mail address (${d.newEmail}). Please confirm that it is yours.`,
      'Once it is confirmed, this is the address you sign in with and where the club writes to you. Until then nothing changes.',
    ],
    button: { label: 'Confirm my new address', url: d.url },
    footnote: `This link is valid for ${AUTH_LIMITS.verificationLinkHours} hours and can be used once. If you did not expect it, you can ignore this e-mail and nothing will change.`,
  });

/** To the old address, once the change is made: so a change nobody asked for does not go unnoticed. */
export const emailChangedNoticeMessage = (d: { firstName: string; newEmail: string; contactEmail: string; signInUrl: string }) =>
  renderEmail({
    subject: `Your e-mail address for ${CLUB.name} was changed`,
    preview: `From now on the club writes to ${d.newEmail}.`,
    greeting: `G'day ${d.firstName},`,
    paragraphs: [
      `The e-mail address of your club record was changed to ${d.newEmail}, and the change was confirmed from that address.`,
      'From now on you sign in with the new address, and receipts, reminders and club news go there. This address no longer signs you in.',
      `If you did not ask for this, please tell the committee straight away at ${d.contactEmail}.`,
    ],
    button: { label: 'Open the club website', url: d.signInUrl },
  });
