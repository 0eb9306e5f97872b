import { useState } from 'react';
import type { Achievement } from '../../../shared/catches';
import { playAchievementSound, saveAchievement } from './device-achievements';

/** What follows a logged catch: the achievement, kept on the phone, with its sound and a note beside the form. */
export function useCatchCelebration() {
  const [achievement, setAchievement] = useState<Achievement | null>(null);

  const celebrate = (earned: Achievement) => {
    saveAchievement(earned);
    setAchievement(earned);
    playAchievementSound(earned.rarity);
  };

  return { achievement, celebrate, closeAchievement: () => setAchievement(null) };
}
