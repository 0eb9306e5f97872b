import type { MembershipRules } from './membership';
/** Plain event constants and rules, kept apart from the zod schemas so the page bundle needs no zod. */
import { clubLocalToInstant, clubToday, formatClubTime, type IsoDate } from './dates';

export const EVENT_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** A registration can be cancelled until its event starts; from then on it stands. */
export const registrationCancellable = (eventDate: Date, now: Date): boolean => eventDate.getTime() > now.getTime();

/** Catches are logged for an event on its own day on the club's clocks (`day` as `clubToday` gives it). */
export const acceptsCatchesOn = (eventDate: Date, day: IsoDate): boolean => clubToday(eventDate) === day;

/**
 * Who may enter an event by age, on its day: anyone, juniors only (as the divisions count it) or adults only. The
 * committee sets it; the server refuses anyone else with `ageLimitMessages`.
 */
export const EVENT_AGE_LIMITS = ['anyone', 'juniors', 'adults'] as const;
export type EventAgeLimit = (typeof EVENT_AGE_LIMITS)[number];

type JuniorAge = Pick<MembershipRules, 'juniorUnder'>;

/** The admin form's choices. */
export const eventAgeLimitLabels = ({ juniorUnder }: JuniorAge): Record<EventAgeLimit, string> => ({
  anyone: 'Anyone',
  juniors: `Juniors only (under ${juniorUnder} on the day)`,
  adults: `Adults only (${juniorUnder} and over on the day)`,
});

/** The sentence an entrant outside the event's ages is refused with. */
export const ageLimitMessages = ({ juniorUnder }: JuniorAge): Record<Exclude<EventAgeLimit, 'anyone'>, string> => ({
  juniors: `This event is for juniors under ${juniorUnder} on the day.`,
  adults: `This event is for adults (${juniorUnder} and over on the day).`,
});

/** The sentence a guest (a non-member) is refused with where the committee takes members only. */
export const MEMBERS_ONLY_MESSAGE = 'This event is for club members only: guests cannot enter it.';

/** What an event card says of its limits ('Juniors under 16', 'Members only'), nothing for an event open to all. */
export function eventLimitBadges(rules: JuniorAge, event: { ageLimit?: EventAgeLimit; membersOnly?: boolean }): string[] {
  const badges: string[] = [];
  if (event.ageLimit === 'juniors') badges.push(`Juniors under ${rules.juniorUnder}`);
  if (event.ageLimit === 'adults') badges.push(`Adults ${rules.juniorUnder} and over`);
  if (event.membersOnly) badges.push('Members only');
  return badges;
}

/** Landing page and member home show at most this many upcoming events. */
export const UPCOMING_LIMIT = 4;

/** What an event's fishing hours are read from: its start (which gives the day) and its hours, 'HH:mm' club time. */
export interface FishingHours {
  eventDate: Date | string;
  fishingStart: string;
  fishingEnd: string;
}

/** When fishing opens and closes on the event's day (club time). */
export function fishingWindow(event: FishingHours): { opens: Date; closes: Date } {
  const day = clubToday(new Date(event.eventDate));
  return { opens: clubLocalToInstant(`${day}T${event.fishingStart}`), closes: clubLocalToInstant(`${day}T${event.fishingEnd}`) };
}

/** When fishing closes on an event's day: its catch photos (brag mat and the day's code) may be shown from then. */
export const fishingCloses = (event: FishingHours): Date => fishingWindow(event).closes;

/**
 * The instant falls within the event's fishing hours, read to the minute as a clock shows it (with hours to
 * 2:00 pm, a catch at 2:00 pm and 30 seconds counts; the sentence that refuses one would say "2:00 pm" too).
 */
export function isWithinFishingHours(event: FishingHours, instant: Date): boolean {
  const { opens, closes } = fishingWindow(event);
  const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
  return minute >= opens.getTime() && minute <= closes.getTime();
}

/** '7:00 am to 2:00 pm': an event's fishing hours as people read them. */
export function fishingHoursText(event: FishingHours): string {
  const { opens, closes } = fishingWindow(event);
  return `${formatClubTime(opens)} to ${formatClubTime(closes)}`;
}

/** The sentence the phone and the server refuse a catch logged outside the event's fishing hours with. */
export function outsideFishingHoursMessage(event: FishingHours & { name: string }, loggedAt: Date): string {
  return `Fishing for ${event.name} runs ${fishingHoursText(event)}. This catch was logged at ${formatClubTime(loggedAt)}, outside those hours.`;
}
