/**
 * Who is the same person at an event: the one rule the sign-on desk asks before adding a walk-up (on the server with
 * signal, on the device's kept list without it) and the waiting list asks before listing a guest.
 */
import { clubToday, formatAuDate, formatClubTime } from './dates';

/** What tells one person from another: their member record, their e-mail address, their name and date of birth. */
export interface PersonMarks {
  /** Their member record; a guest's is made afresh at each entry, so it says nothing on its own. */
  memberId?: string | null;
  guest: boolean;
  firstName: string;
  lastName: string;
  email?: string | null;
  dateOfBirth?: string | null;
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * The same person: the same member record; or, where either is a guest, the same e-mail address or the same name and
 * date of birth (any case, spaces around ignored). Two member records are two people (a household may share one
 * address), whatever their names.
 */
export function samePerson(a: PersonMarks, b: PersonMarks): boolean {
  if (a.memberId && a.memberId === b.memberId) return true;
  if (!a.guest && !b.guest) return false;
  if (sameText(a.email, b.email)) return true;
  return (
    sameText(a.firstName, b.firstName) && sameText(a.lastName, b.lastName) && Boolean(a.dateOfBirth) && a.dateOfBirth === b.dateOfBirth
  );
}

/**
 * The sentence the desk is told before adding someone already entered: who, as what, and since when (a time today, a
 * date before).
 */
export function alreadyEnteredMessage(
  entrant: { name: string; guest: boolean; enteredAt: Date | string },
  eventName: string,
  now: Date,
): string {
  const day = clubToday(new Date(entrant.enteredAt));
  const since = day === clubToday(now) ? formatClubTime(entrant.enteredAt) : formatAuDate(day);
  return `${entrant.name} is already entered in ${eventName} (as ${entrant.guest ? 'a guest' : 'a member'}, since ${since}). Nothing was added.`;
}
