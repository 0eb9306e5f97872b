import { useSyncExternalStore } from 'react';
import { clubToday } from '../../shared/dates';

const MINUTE_MS = 60_000;
/** How often a screen that shows the time of day checks the clock (it re-renders only when what it reads changes). */
const CHECK_MS = 15_000;

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, CHECK_MS);
  return () => clearInterval(timer);
}

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
const currentClubDay = () => clubToday(new Date());

/**
 * The time now (ms since the epoch) to the minute, read through React's store API so render stays pure,
 * and kept current while the screen is open (an event that starts while it is shown counts as started).
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, currentMinute);
}

/** Today in the club's time zone (YYYY-MM-DD); a screen left open past midnight moves on to the new day. */
export function useClubToday(): string {
  return useSyncExternalStore(subscribe, currentClubDay);
}
