import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import { renderEmail } from './layout';

export const renewalReminderMessage = (
  club: ClubProfile,
  d: {
    firstName: string;
    expiryDate: string;
    daysLeft: number;
    feeCents: number;
    renewUrl: string;
  },
) =>
  renderEmail(club, {
    subject:
      d.daysLeft < 0
        ? `Your ${club.name} membership ended on ${formatAuDate(d.expiryDate)}`
        : d.daysLeft <= 7
          ? `Your ${club.name} membership ends in ${d.daysLeft} day${d.daysLeft === 1 ? '' : 's'}`
          : `Time to renew your ${club.name} membership`,
    preview: `Your membership ${d.daysLeft < 0 ? 'ended' : 'ends'} on ${formatAuDate(d.expiryDate)}.`,
    greeting: `Hello ${d.firstName},`,
    paragraphs: [
      `Your membership ${d.daysLeft < 0 ? 'ended' : 'ends'} on ${formatAuDate(d.expiryDate)}.`,
      `Renewing takes a minute online (${formatAud(d.feeCents)} for your household) and keeps your competition entries, catch log and champion points going without a break. A renewal adds a full year from the day your current membership ends.`,
    ],
    button: { label: 'Renew my membership', url: d.renewUrl },
    footnote: `Already renewed? Thank you, and please ignore this e-mail. ${club.name}`,
  });
