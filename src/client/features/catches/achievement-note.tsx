import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import type { Achievement } from '../../../shared/catches';

const RARITY_COLOR = { common: 'gray', rare: 'blue', epic: 'grape', legendary: 'yellow' } as const;
export const ACHIEVEMENT_SHOW_MS = 4000;
const FADE_MS = 500;

/**
 * The achievement celebration: a small note under Submit, visible for 4 s, then it fades and goes half a
 * second later. It sits in the page, not over it: nothing on the form is covered or blocked while the next fish is
 * logged, and a screen reader hears it as a status.
 */
export function AchievementNote({ achievement, onClose }: { achievement: Achievement | null; onClose: () => void }) {
  // The achievement whose fade has begun: a new achievement starts fully visible.
  const [fadingFor, setFadingFor] = useState<Achievement | null>(null);
  const fading = achievement !== null && fadingFor === achievement;
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!achievement) return;
    const fade = setTimeout(() => setFadingFor(achievement), ACHIEVEMENT_SHOW_MS);
    const done = setTimeout(() => close(), ACHIEVEMENT_SHOW_MS + FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [achievement]);

  return (
    <div role="status" aria-label="Achievement unlocked">
      {achievement && (
        <Paper
          withBorder
          radius="md"
          p="xs"
          data-testid="achievement-note"
          style={{ opacity: fading ? 0 : 1, transition: `opacity ${FADE_MS}ms ease` }}
        >
          <Group gap="sm" wrap="nowrap" align="center">
            <Text fz={32} lh={1} aria-hidden>
              {achievement.icon}
            </Text>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700}>{achievement.title}</Text>
              <Text size="sm">{achievement.description}</Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={700} size="sm">
                +{achievement.points} points
              </Text>
              <Badge color={RARITY_COLOR[achievement.rarity]} variant="filled" tt="capitalize" size="sm">
                {achievement.rarity}
              </Badge>
            </Stack>
          </Group>
        </Paper>
      )}
    </div>
  );
}
