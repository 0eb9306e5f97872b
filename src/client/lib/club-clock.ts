import { CLUB_CLOCK_ID, type ZoneOffsets } from '../../shared/club-clock';
import { keepZoneOffsets } from '../../shared/dates';

/** Keeps the club's zone offsets the page came with, so the app reads its dates without Intl (none offline: Intl). */
export function keepClubClock(): void {
  const text = document.getElementById(CLUB_CLOCK_ID)?.textContent;
  if (text) keepZoneOffsets(JSON.parse(text) as ZoneOffsets);
}
