import type { ClubProfile } from '../../shared/club-profile';
import { formatClubDateTime } from '../../shared/dates';
import { stateFishing } from '../../shared/state-fishing';
import { renderEmail } from './layout';

/**
 * A notification by e-mail, for a member who has no phone or computer taking push notifications: the same title
 * and words the push would have shown, and the link it would have opened.
 */
export const notificationEmail = (
  club: ClubProfile,
  d: {
    firstName: string;
    title: string;
    body: string;
    url: string;
    buttonLabel: string;
    settingsUrl: string;
  },
) =>
  renderEmail(club, {
    subject: d.title,
    preview: d.body,
    greeting: `Hi ${d.firstName},`,
    paragraphs: [d.body],
    button: { label: d.buttonLabel, url: d.url },
    footnote: `This came by e-mail because notifications are not turned on on a phone or computer of yours. Turn them on, or choose what you hear about, in Settings on the club site (${d.settingsUrl}). ${club.name}`,
  });

/**
 * The day-before reminder for one entrant: when and where, the fishing hours, what to bring, and the calendar
 * invitation (attached by the sender). For a junior it goes to the household's primary member, naming the junior.
 */
export const eventTomorrowMessage = (
  club: ClubProfile,
  d: {
    /** Who reads it: the entrant, or the household's primary member for a junior without an address. */
    readerFirstName: string;
    /** The entrant's first name when the reader is someone else (a junior's parent), else null. */
    entrantFirstName: string | null;
    /** The entrant's age on the day, for the licence line. */
    entrantAge: number;
    eventName: string;
    location: string;
    start: Date;
    /** '7:00 am to 2:00 pm'. */
    fishingHours: string;
    portalUrl: string;
  },
) => {
  const who = d.entrantFirstName ?? 'you';
  // What the club's state's law asks an angler of this age to carry.
  const licence = stateFishing(club.state).bringLicence(d.entrantAge, d.entrantFirstName ? `${d.entrantFirstName}'s` : 'your');
  return renderEmail(club, {
    subject: `Tomorrow: ${d.eventName}`,
    preview: `${formatClubDateTime(d.start)} at ${d.location}. Fishing ${d.fishingHours}.`,
    greeting: d.entrantFirstName ? `Hi ${d.readerFirstName},` : `See you tomorrow, ${d.readerFirstName}!`,
    paragraphs: [
      `${d.entrantFirstName ? `${d.entrantFirstName} is` : 'You are'} entered in ${d.eventName}, which is tomorrow.`,
      `When: ${formatClubDateTime(d.start)}`,
      `Where: ${d.location}`,
      `Fishing hours: ${d.fishingHours}. Catches are logged, and their photos taken, between these times.`,
      `What to bring: ${licence}; the brag mat for every catch photo; and a charged phone. The day's code shows on the club site when ${who === 'you' ? 'you sign' : `${who} signs`} on: write it on the brag mat so it is in every photo.`,
      'The attached calendar file adds the event to your phone or computer calendar.',
    ],
    button: { label: 'View my events', url: d.portalUrl },
    footnote: `Can't make it after all? Cancel the entry in the member portal before the start so someone else can take the place. ${club.name}`,
  });
};
