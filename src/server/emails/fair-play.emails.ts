import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate, type IsoDate } from '../../shared/dates';
import { renderEmail } from './layout';

const appeal = (club: ClubProfile) => `Think the committee got it wrong? Reply to this e-mail or speak to the committee. ${club.name}`;

/** The committee disqualified the angler from an event (photo tampering, say), with its reason. */
export const disqualificationMessage = (
  club: ClubProfile,
  d: { firstName: string; eventName: string; reason: string; catchesUrl: string },
) =>
  renderEmail(club, {
    subject: `You have been disqualified from ${d.eventName}`,
    preview: d.reason,
    greeting: `Hi ${d.firstName},`,
    paragraphs: [
      `The committee has disqualified you from ${d.eventName}.`,
      `Their reason: ${d.reason}`,
      'Your catches at this event no longer count towards its results or the season ladder, and no more catches can be logged for you in it. Your other events are not affected.',
    ],
    button: { label: 'See my catches', url: d.catchesUrl },
    footnote: appeal(club),
  });

/** The committee undid a disqualification. */
export const reinstatementMessage = (club: ClubProfile, d: { firstName: string; eventName: string; catchesUrl: string }) =>
  renderEmail(club, {
    subject: `You are back in ${d.eventName}`,
    preview: 'The committee has reinstated you.',
    greeting: `Hi ${d.firstName},`,
    paragraphs: [
      `The committee has reinstated you in ${d.eventName}.`,
      'Your verified catches at this event count towards its results and the season ladder again.',
    ],
    button: { label: 'See my catches', url: d.catchesUrl },
    footnote: `Questions? Reply to this e-mail or speak to the committee. ${club.name}`,
  });

/** The committee suspended the member until a day (inclusive), with its reason. */
export const suspensionMessage = (club: ClubProfile, d: { firstName: string; until: IsoDate; reason: string; portalUrl: string }) =>
  renderEmail(club, {
    subject: `Your club membership is suspended until ${formatAuDate(d.until)}`,
    preview: d.reason,
    greeting: `Hi ${d.firstName},`,
    paragraphs: [
      `The committee has suspended your membership of ${club.name} until ${formatAuDate(d.until)} (inclusive).`,
      `Their reason: ${d.reason}`,
      'Until then you cannot enter events or log catches. Your membership itself, and its expiry date, are not changed.',
    ],
    button: { label: 'Open the member portal', url: d.portalUrl },
    footnote: appeal(club),
  });

/** The committee lifted a suspension before its end. */
export const suspensionLiftedMessage = (club: ClubProfile, d: { firstName: string; portalUrl: string }) =>
  renderEmail(club, {
    subject: 'Your club membership is no longer suspended',
    preview: 'You can enter events and log catches again.',
    greeting: `Hi ${d.firstName},`,
    paragraphs: [
      `The committee has lifted the suspension of your membership of ${club.name}.`,
      'You can enter events and log catches again.',
    ],
    button: { label: 'Open the member portal', url: d.portalUrl },
    footnote: `Questions? Reply to this e-mail or speak to the committee. ${club.name}`,
  });
