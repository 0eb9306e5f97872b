import { CLUB } from '../../shared/club';
import { formatAuDate } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import { renderEmail } from './layout';

export const renewalReminderMessage = (d: {
  firstName: string;
  expiryDate: string;
  daysLeft: number;
  feeCents: number;
  renewUrl: string;
}) =>
  renderEmail({
    subject:
      d.daysLeft < 0
        ? `Your ${CLUB.name} membership ended on ${formatAuDate(d.expiryDate)}`
        : d.daysLeft <= 7
          ? `Your ${CLUB.name} membership ends in ${d.daysLeft} day${d.daysLeft === 1 ? '' : 's'}`
          : `Time to renew your ${CLUB.name} membership`,
    preview: `Your membership ${d.daysLeft < 0 ? 'ended' : 'ends'} on ${formatAuDate(d.expiryDate)}.`,
    greeting: `Hello ${d.firstName},`,
    paragraphs: [
      `Your membership ${d.daysLeft < 0 ? 'ended' : 'ends'} on ${formatAuDate(d.expiryDate)}.`,
      `Renewing takes a minute online (${formatAud(d.feeCents)} for your household) and keeps your competition entries, catch log and champion points going without a break. A renewal adds a full year from the day your current membership ends.`,
    ],
    button: { label: 'Renew my membership', url: d.renewUrl },
    footnote: `Already renewed? Thank you, and please ignore this e-mail. ${CLUB.name}`,
  });
