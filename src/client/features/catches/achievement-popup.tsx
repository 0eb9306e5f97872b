import { Badge, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import type { Achievement } from '../../../shared/catches';

const RARITY_COLOR = { common: 'gray', rare: 'blue', epic: 'grape', legendary: 'yellow' } as const;
export const ACHIEVEMENT_SHOW_MS = 4000;
const FADE_MS = 500;

/** The achievement celebration (SPEC §4): centred, visible for 4 s, then it fades and closes half a second later. */
export function AchievementPopup({ achievement, onClose }: { achievement: Achievement | null; onClose: () => void }) {
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

  // The parts of a Modal, so the dialog itself (not its wrapper) carries the name: it has no title bar.
  return (
    <Modal.Root opened={achievement !== null} onClose={onClose} centered size="sm">
      <Modal.Overlay />
      <Modal.Content aria-label="Achievement unlocked">
        <Modal.Body>
          {achievement && (
            <Stack
              align="center"
              ta="center"
              gap="xs"
              py="md"
              style={{ opacity: fading ? 0 : 1, transition: `opacity ${FADE_MS}ms ease` }}
              data-testid="achievement-popup"
            >
              <Text fz={56} lh={1} aria-hidden>
                {achievement.icon}
              </Text>
              <Title order={3}>{achievement.title}</Title>
              <Text>{achievement.description}</Text>
              <Text fw={700}>+{achievement.points} points</Text>
              <Badge color={RARITY_COLOR[achievement.rarity]} variant="filled" tt="capitalize">
                {achievement.rarity}
              </Badge>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
