import { AUTH_LIMITS } from '../../shared/auth.constants';
import type { ClubProfile } from '../../shared/club-profile';
import { renderEmail } from './layout';

interface Person {
  firstName: string;
}

export const verifyEmailMessage = (club: ClubProfile, person: Person, url: string) =>
  renderEmail(club, {
    subject: `Verify your email for ${club.name}`,
    preview: 'One click to confirm your address and finish signing up.',
    greeting: `G'day ${person.firstName},`,
    paragraphs: [
      `Thanks for signing up with ${club.name}. Please confirm that this is your e-mail address.`,
      'Once it is verified you will be signed in and can join the club, register for events and log your catches.',
    ],
    button: { label: 'Verify my email', url },
    footnote: `This link is valid for ${AUTH_LIMITS.verificationLinkHours} hours and can be used once. If you did not sign up, you can ignore this e-mail.`,
  });

export const signInLinkMessage = (club: ClubProfile, person: Person, url: string) =>
  renderEmail(club, {
    subject: `Your sign-in link for ${club.name}`,
    preview: `Sign in without a password. The link works for ${AUTH_LIMITS.signInLinkMinutes} minutes.`,
    greeting: `G'day ${person.firstName},`,
    paragraphs: ['Someone asked to sign in to your club account with this e-mail address. If it was you, use the button below.'],
    button: { label: 'Sign me in', url },
    footnote: `This link is valid for ${AUTH_LIMITS.signInLinkMinutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.`,
  });

export const alreadyRegisteredMessage = (club: ClubProfile, person: Person, url: string) =>
  renderEmail(club, {
    subject: `You already have an account with ${club.name}`,
    preview: 'Someone tried to sign up again with your address.',
    greeting: `G'day ${person.firstName},`,
    paragraphs: [
      'Someone tried to sign up with this e-mail address, but you already have an account with us.',
      'If it was you, you can sign in with the button below.',
    ],
    button: { label: 'Sign me in', url },
    footnote: `This link is valid for ${AUTH_LIMITS.signInLinkMinutes} minutes and can be used once. If it was not you, you can ignore this e-mail.`,
  });

export const passwordChangedMessage = (club: ClubProfile, person: Person, url: string) =>
  renderEmail(club, {
    subject: `Your ${club.name} password was changed`,
    preview: 'Your password was set or changed.',
    greeting: `G'day ${person.firstName},`,
    paragraphs: [
      'The password of your club account was just set or changed, and every other device was signed out.',
      'If this was not you, sign in with an e-mail link and set a new password straight away, then let the committee know.',
    ],
    button: { label: 'Open the club website', url },
  });
