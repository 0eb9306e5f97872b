import type { Achievement, Rarity } from '../../../shared/catches';

/** Achievements live on this device only: a list in localStorage. */
export const ACHIEVEMENTS_KEY = 'tcac.achievements';

export type EarnedAchievement = Achievement & { earnedAt: string };

export function deviceAchievements(): EarnedAchievement[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(ACHIEVEMENTS_KEY) ?? '[]');
    return Array.isArray(list) ? (list as EarnedAchievement[]) : [];
  } catch {
    return [];
  }
}

export function saveAchievement(achievement: Achievement, earnedAt = new Date()) {
  try {
    localStorage.setItem(ACHIEVEMENTS_KEY, JSON.stringify([...deviceAchievements(), { ...achievement, earnedAt: earnedAt.toISOString() }]));
  } catch (error) {
    console.error('Could not keep the achievement on this device', error);
  }
}

/** Rising arpeggios, longer and brighter the rarer the achievement (C major, in Hz). */
const NOTES: Record<Rarity, number[]> = {
  common: [523.25, 659.25],
  rare: [523.25, 659.25, 783.99],
  epic: [523.25, 659.25, 783.99, 1046.5],
  legendary: [392, 523.25, 659.25, 783.99, 1046.5, 1318.5],
};

/** A short chime by rarity, synthesised with the Web Audio API (no audio files); failures are silent. */
export function playAchievementSound(rarity: Rarity) {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const notes = NOTES[rarity];
    const step = 0.12;
    notes.forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = rarity === 'legendary' ? 'triangle' : 'sine';
      oscillator.frequency.value = frequency;
      const start = context.currentTime + i * step;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + step * 1.8);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + step * 2);
    });
    setTimeout(() => void context.close().catch(() => {}), (notes.length * step + 0.5) * 1000);
  } catch (error) {
    console.error('Could not play the achievement sound', error);
  }
}
