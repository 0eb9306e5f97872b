import { AUTH_LIMITS } from '../../shared/auth.constants';
import type { ClubProfile } from '../../shared/club-profile';
import { renderEmail } from './layout';

/** To the new address: the link that confirms it (single use, 24 hours). */
export const confirmEmailChangeMessage = (club: ClubProfile, d: { firstName: string; newEmail: string; url: string }) =>
  renderEmail(club, {
    subject: `Confirm your new e-mail address for ${club.name}`,
    preview: 'One click and this becomes the address you sign in with.',
    greeting: `G'day ${d.firstName},`,
    paragraphs: [
      `Your club record is about to change to this e-mail address (${d.newEmail}). Please confirm that it is yours.`,
      'Once it is confirmed, this is the address you sign in with and where the club writes to you. Until then nothing changes.',
    ],
    button: { label: 'Confirm my new address', url: d.url },
    footnote: `This link is valid for ${AUTH_LIMITS.verificationLinkHours} hours and can be used once. If you did not expect it, you can ignore this e-mail and nothing will change.`,
  });

/** To the current address of someone without a password: proof that it is them asking, before the new address hears. */
export const confirmItIsYouMessage = (club: ClubProfile, d: { firstName: string; newEmail: string; url: string }) =>
  renderEmail(club, {
    subject: `Is it you changing your e-mail address for ${club.name}?`,
    preview: `Someone asked to move your sign-in to ${d.newEmail}.`,
    greeting: `G'day ${d.firstName},`,
    paragraphs: [
      `Someone signed in to your club account asked to change its e-mail address to ${d.newEmail}.`,
      'If it was you, press the button: we then send a link to the new address, and the change is made once it is opened there.',
    ],
    button: { label: 'Yes, it is me', url: d.url },
    footnote: `This link is valid for ${AUTH_LIMITS.verificationLinkHours} hours and can be used once. If it was not you, ignore this e-mail: nothing changes, and you may want to sign out everywhere from Settings.`,
  });

/** To the old address, once the change is made: so a change nobody asked for does not go unnoticed, and can be undone. */
export const emailChangedNoticeMessage = (
  club: ClubProfile,
  d: { firstName: string; newEmail: string; contactEmail: string; undoUrl: string },
) =>
  renderEmail(club, {
    subject: `Your e-mail address for ${club.name} was changed`,
    preview: `From now on the club writes to ${d.newEmail}.`,
    greeting: `G'day ${d.firstName},`,
    paragraphs: [
      `The e-mail address of your club record was changed to ${d.newEmail}, and the change was confirmed from that address. Every device that was signed in to your account has been signed out.`,
      'From now on you sign in with the new address, and receipts, reminders and club news go there. This address no longer signs you in.',
      `If you did not ask for this, press the button to undo it: your record goes back to this address and everyone signed in is signed out. You can also tell the committee at ${d.contactEmail}.`,
    ],
    button: { label: 'Undo this change', url: d.undoUrl },
    footnote: `The undo link works for ${AUTH_LIMITS.emailChangeUndoDays} days, even if the address is changed again in the meantime.`,
  });
