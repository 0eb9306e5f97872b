import type { ClubProfile } from '../../shared/club-profile';
import { formatAuDate, formatClubDateTime } from '../../shared/dates';
import { formatAud } from '../../shared/membership';
import { renderEmail } from './layout';

interface EventFacts {
  eventName: string;
  location: string;
  start: Date;
}

/** The confirmation of an entry (the calendar file goes with it): who is entered and how their fee stands. */
export const entryConfirmationMessage = (
  club: ClubProfile,
  d: EventFacts & {
    firstName: string;
    names: string[];
    /** The total fee, and what is still to pay online (0 when free or when paid at sign-on). */
    feeCents: number;
    dueOnlineCents: number;
    payAtSignOn: boolean;
    portalUrl: string;
  },
) =>
  renderEmail(club, {
    subject: `You're registered: ${d.eventName}`,
    preview: `${formatClubDateTime(d.start)} at ${d.location}`,
    greeting: `See you there, ${d.firstName}!`,
    paragraphs: [
      d.names.length > 1 ? `You entered ${d.names.join(', ')} in ${d.eventName}.` : `You are registered for ${d.eventName}.`,
      `When: ${formatClubDateTime(d.start)}`,
      `Where: ${d.location}`,
      d.feeCents === 0
        ? 'Entry: free for members.'
        : d.dueOnlineCents > 0
          ? `Entry fee: ${formatAud(d.feeCents)}, not paid yet. Pay it online from the member portal (View my events).`
          : d.payAtSignOn
            ? `Entry fee: ${formatAud(d.feeCents)}, payable on the day.`
            : `Entry fee: ${formatAud(d.feeCents)}.`,
      'The attached calendar file adds the event to your phone or computer calendar.',
    ],
    button: { label: 'View my events', url: d.portalUrl },
    footnote: `Can't make it? Cancel your registration in the member portal so someone else can take your place. ${club.name}`,
  });

/** The receipt for entry fees; for a guest it carries the single-use link that signs them in to log catches. */
export const entryReceiptMessage = (
  club: ClubProfile,
  d: EventFacts & {
    firstName: string;
    names: string[];
    amountCents: number;
    reference: string;
    paidOn: string;
    /** A guest's sign-in link (single use), or the member portal. */
    url: string;
    guest: boolean;
    linkExpires?: Date;
  },
) =>
  renderEmail(club, {
    subject: `Receipt: ${d.eventName} entry ${formatAud(d.amountCents)}`,
    preview: `${formatClubDateTime(d.start)} at ${d.location}`,
    greeting: `Thanks ${d.firstName}, you're in!`,
    paragraphs: [
      `We have received your entry fee for ${d.eventName}.`,
      `Amount paid: ${formatAud(d.amountCents)} AUD`,
      `Entrant${d.names.length > 1 ? 's' : ''}: ${d.names.join(', ')}`,
      `When: ${formatClubDateTime(d.start)}. Sign on at the desk from the start; bring your brag mat.`,
      `Where: ${d.location}`,
      `Paid on ${formatAuDate(d.paidOn)}, receipt reference ${d.reference}.`,
      ...(d.guest
        ? [
            'On the day, log your catches from your phone: the button below signs you in for this competition (it works once; open it on the phone you will fish with).',
          ]
        : []),
    ],
    button: d.guest ? { label: 'Sign in to log my catches', url: d.url } : { label: 'View my events', url: d.url },
    footnote: `${d.guest && d.linkExpires ? `The link works once, until ${formatClubDateTime(d.linkExpires)}. Lost it? Ask for a new one on the event at ${club.name}'s website. ` : ''}Keep this e-mail as your receipt.`,
  });

/** A guest's new sign-in link (asked for again, or after the desk took their fee). */
export const guestLinkMessage = (club: ClubProfile, d: EventFacts & { firstName: string; url: string; expires: Date }) =>
  renderEmail(club, {
    subject: `Your sign-in link for ${d.eventName}`,
    preview: 'Log your catches from your phone.',
    greeting: `Hello ${d.firstName},`,
    paragraphs: [
      `You are entered in ${d.eventName} (${formatClubDateTime(d.start)}, ${d.location}) as a guest.`,
      'The button signs you in on this phone for this competition, so you can log your catches. It works once; any earlier link no longer does.',
    ],
    button: { label: 'Sign in to log my catches', url: d.url },
    footnote: `The link works until ${formatClubDateTime(d.expires)}. If you did not ask for it, you can ignore this e-mail.`,
  });

/** A place came free on a full event: the next person on the waiting list is now entered. */
export const waitlistPromotedMessage = (
  club: ClubProfile,
  d: EventFacts & { firstName: string; name: string; feeCents: number; payNow: boolean; url: string },
) =>
  renderEmail(club, {
    subject: `A place came up: ${d.eventName}`,
    preview: `${d.name} is now entered.`,
    greeting: `Good news, ${d.firstName}!`,
    paragraphs: [
      `A place came free in ${d.eventName} and ${d.name} is now entered from the waiting list.`,
      `When: ${formatClubDateTime(d.start)}`,
      `Where: ${d.location}`,
      d.feeCents === 0
        ? 'Entry: free for members.'
        : d.payNow
          ? `Entry fee: ${formatAud(d.feeCents)}, not paid yet. Please pay it online now (the button below), or cancel the entry if you can no longer come so the next person gets the place.`
          : `Entry fee: ${formatAud(d.feeCents)}, payable at the sign-on desk on the day.`,
    ],
    button: { label: d.payNow ? 'Pay my entry fee' : 'View my events', url: d.url },
    footnote: `Can't make it now? Cancel the entry in the member portal so the next person on the list gets the place. ${club.name}`,
  });

/**
 * A place came free on a full event and the guest first on its waiting list is now entered: the non-member fee is paid
 * at the sign-on desk (which then gives the catch link); a free entry carries the sign-in link at once.
 */
export const guestWaitlistPromotedMessage = (
  club: ClubProfile,
  d: EventFacts & {
    firstName: string;
    name: string;
    feeCents: number;
    eventUrl: string;
    contact: string;
    link?: { url: string; expires: Date };
  },
) =>
  renderEmail(club, {
    subject: `A place came up: ${d.eventName}`,
    preview: `${d.name} is now entered as a guest.`,
    greeting: `Good news, ${d.firstName}!`,
    paragraphs: [
      `A place came free in ${d.eventName} and ${d.name} is now entered as a guest from the waiting list.`,
      `When: ${formatClubDateTime(d.start)}`,
      `Where: ${d.location}`,
      d.link
        ? 'Entry: free. On the day, log your catches from your phone: the button below signs you in for this competition (it works once; open it on the phone you will fish with).'
        : `Non-member entry fee: ${formatAud(d.feeCents)}, payable at the sign-on desk on the day. Once it is paid, the desk gives you the link for logging your catches.`,
    ],
    button: d.link ? { label: 'Sign in to log my catches', url: d.link.url } : { label: 'About the event', url: d.eventUrl },
    footnote: `${d.link ? `The link works once, until ${formatClubDateTime(d.link.expires)}. ` : ''}Can't make it now? Please tell the club at ${d.contact} so the next person on the list gets the place. ${club.name}`,
  });

/** Why an entry fee went back: the entrant cancelled, the committee cancelled the event, or took the entrant off it. */
export type EntryRefundReason = 'cancelled_entry' | 'cancelled_event' | 'removed_entry';

const REFUND_OPENINGS: Record<EntryRefundReason, (d: EventFacts & { name: string }) => string> = {
  cancelled_event: (d) =>
    `The committee has cancelled ${d.eventName} (${formatClubDateTime(d.start)}). We are sorry for the change of plans.`,
  cancelled_entry: (d) => `${d.name}'s entry in ${d.eventName} is cancelled, as asked.`,
  removed_entry: (d) => `The committee has taken ${d.name} off the entrants of ${d.eventName} (${formatClubDateTime(d.start)}).`,
};

/**
 * An entry fee returned: the entry was cancelled before entries closed, the committee cancelled the event or took the
 * entrant off it. Money paid online goes back to its account; money taken by hand was handed back (`handedBack`).
 */
export const entryRefundMessage = (
  club: ClubProfile,
  d: EventFacts & { firstName: string; name: string; amountCents: number; reason: EntryRefundReason; handedBack?: boolean },
) =>
  renderEmail(club, {
    subject: `Refund: ${d.eventName} entry ${formatAud(d.amountCents)}`,
    preview: d.reason === 'cancelled_event' ? `${d.eventName} was cancelled.` : `${d.name}'s entry was cancelled.`,
    greeting: `Hello ${d.firstName},`,
    paragraphs: [
      REFUND_OPENINGS[d.reason](d),
      d.handedBack
        ? `The entry fee of ${formatAud(d.amountCents)} was handed back to you by the committee, and is recorded as refunded.`
        : `We have refunded the entry fee of ${formatAud(d.amountCents)} to the account you paid from. It may take a few days to show, depending on your bank.`,
    ],
    footnote: `Questions? Just reply to the club committee. ${club.name}`,
  });
