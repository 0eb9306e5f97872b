import { useState } from 'react';
import type { Achievement } from '../../../shared/catches';
import { playAchievementSound, saveAchievement } from './device-achievements';
import { hoursAlreadyAsked } from './fishing-hours-dialog';

/** The event and angler of a submit attempt, for the fishing hours question. */
export interface CatchAttempt {
  eventId: string;
  memberId: string;
}

/** What follows a logged catch: the achievement popup, then the fishing hours question (SPEC §4). */
export function useCatchCelebration(today: string) {
  const [achievement, setAchievement] = useState<Achievement | null>(null);
  const [hoursFor, setHoursFor] = useState<CatchAttempt | null>(null);
  // Asked once the achievement popup has closed.
  const [hoursPending, setHoursPending] = useState<CatchAttempt | null>(null);

  const celebrate = (earned: Achievement) => {
    saveAchievement(earned);
    setAchievement(earned);
    playAchievementSound(earned.rarity);
  };

  /** Once per event and angler a day; after the celebration when there is one. */
  const askHours = (attempt: CatchAttempt, afterCelebration: boolean) => {
    if (hoursAlreadyAsked(attempt, today)) return;
    if (afterCelebration) setHoursPending(attempt);
    else setHoursFor(attempt);
  };

  const closeAchievement = () => {
    setAchievement(null);
    if (hoursPending) setHoursFor(hoursPending);
    setHoursPending(null);
  };

  return { achievement, hoursFor, celebrate, askHours, closeAchievement, closeHours: () => setHoursFor(null) };
}
