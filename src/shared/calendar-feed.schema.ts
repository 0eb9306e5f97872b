import { z } from 'zod';

/** The member's private calendar address, in the two forms calendar apps take. */
export const calendarFeedView = z.object({
  /** webcal://…/api/calendar/<token>.ics: a phone's calendar subscribes when it is tapped. */
  webcalUrl: z.string(),
  /** The same over https, for Google Calendar's 'From URL' and Outlook's 'Subscribe from web'. */
  httpsUrl: z.string(),
  /** When this address was made or last reset. */
  issuedAt: z.string(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedView>;

/** Where the calendar feed is served; `<token>.ics`. */
export const CALENDAR_FEED_PREFIX = '/api/calendar/';
