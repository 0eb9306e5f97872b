import { CLUB } from '../../shared/club';

const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone: CLUB.timeZone });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: CLUB.timeZone });

/** '4:52 pm' in Sydney time. */
export function formatTime(date: Date | string): string {
  return timeFormat.format(typeof date === 'string' ? new Date(date) : date);
}

/** '21 Nov 2026, 4:52 pm' in Sydney time. */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormat.format(typeof date === 'string' ? new Date(date) : date);
}
