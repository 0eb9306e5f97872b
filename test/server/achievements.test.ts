import { describe, expect, it } from 'vitest';
import { achievementFor } from '../../src/shared/catches';

describe('achievement rules', () => {
  it.each([
    [{ fishType: 'Flathead', sizeCm: 50, fate: 'kept' }, 'Monster Catch!', 'legendary', 100],
    [{ fishType: 'Flathead', sizeCm: 49.9, fate: 'released' }, 'Big Fish!', 'epic', 50],
    [{ fishType: 'Bream', sizeCm: 40, fate: 'kept' }, 'Big Fish!', 'epic', 50],
    [{ fishType: 'Bream', sizeCm: 30, fate: 'released' }, 'Keeper Size!', 'rare', 25],
    [{ fishType: 'Bream', sizeCm: 20, fate: 'kept', weightKg: 5 }, 'Heavy Hitter!', 'epic', 75],
    [{ fishType: 'Mulloway', sizeCm: 45, fate: 'kept' }, 'Big Fish!', 'epic', 50],
    [{ fishType: 'Whiting', sizeCm: 29.9, fate: 'released' }, 'Conservationist!', 'rare', 30],
    [{ fishType: 'Whiting', sizeCm: 22, fate: 'kept' }, 'Nice Catch!', 'common', 10],
  ] as const)('%j → %s', (facts, title, rarity, points) => {
    expect(achievementFor(facts)).toMatchObject({ title, rarity, points, fishType: facts.fishType, size: facts.sizeCm });
  });

  it("never awards 'Jewfish Master!': a mulloway of 45 cm or more is caught by the 40 cm rule first", () => {
    for (let size = 0; size <= 200; size += 0.5) {
      for (const fate of ['kept', 'released'] as const)
        expect(achievementFor({ fishType: 'Mulloway', sizeCm: size, fate }).title).not.toBe('Jewfish Master!');
    }
  });
});
