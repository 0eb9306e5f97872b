import { createContext, useContext, useSyncExternalStore } from 'react';
import { clubToday } from '../../shared/dates';

const MINUTE_MS = 60_000;
/** How often a screen that shows the time of day checks the clock (it re-renders only when what it reads changes). */
const CHECK_MS = 15_000;

/**
 * When the page's first screen was drawn on the server (ms since the epoch): that drawing and the app taking it over
 * read the same time (the app then moves on to its own clock), so a minute or a day turning over between the two
 * changes nothing. None for a page the app draws itself.
 */
export const DrawnAt = createContext<number | undefined>(undefined);

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, CHECK_MS);
  return () => clearInterval(timer);
}

const toMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
const currentMinute = () => toMinute(Date.now());
const currentClubDay = () => clubToday(new Date());

/** The minute the page's first screen was drawn at, where it was drawn on the server (else now). */
const drawnMinute = (drawnAt: number | undefined) => toMinute(drawnAt ?? Date.now());

/**
 * The time now (ms since the epoch) to the minute, read through React's store API so render stays pure,
 * and kept current while the screen is open (an event that starts while it is shown counts as started).
 */
export function useNow(): number {
  const drawnAt = useContext(DrawnAt);
  return useSyncExternalStore(subscribe, currentMinute, () => drawnMinute(drawnAt));
}

/** Today in the club's time zone (YYYY-MM-DD); a screen left open past midnight moves on to the new day. */
export function useClubToday(): string {
  const drawnAt = useContext(DrawnAt);
  return useSyncExternalStore(subscribe, currentClubDay, () => clubToday(new Date(drawnMinute(drawnAt))));
}
