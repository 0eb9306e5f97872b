import type { ClubProfile } from '../../shared/club-profile';
import { formatClubDateTime } from '../../shared/dates';
import { renderEmail } from './layout';

export const eventRegistrationMessage = (
  club: ClubProfile,
  d: {
    firstName: string;
    eventName: string;
    location: string;
    start: Date;
    fee: string;
    portalUrl: string;
  },
) =>
  renderEmail(club, {
    subject: `You're registered: ${d.eventName}`,
    preview: `${formatClubDateTime(d.start)} at ${d.location}`,
    greeting: `See you there, ${d.firstName}!`,
    paragraphs: [
      `You are registered for ${d.eventName}.`,
      `When: ${formatClubDateTime(d.start)}`,
      `Where: ${d.location}`,
      d.fee === '0.00' ? 'Entry: free for members.' : `Entry fee: $${d.fee}, payable on the day.`,
      'The attached calendar file adds the event to your phone or computer calendar.',
    ],
    button: { label: 'View my events', url: d.portalUrl },
    footnote: `Can't make it? Cancel your registration in the member portal so someone else can take your place. ${club.name}`,
  });
