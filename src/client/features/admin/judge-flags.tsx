import { Badge, Group } from '@mantine/core';
import { CATCH_FLAG_LABELS, CATCH_FLAGS } from '../../../shared/catches';
import type { CatchFlag } from '../../../shared/catches.schema';

/** How much each automatic flag matters, as the colour of its badge. */
const FLAG_COLORS: Record<CatchFlag, string> = {
  no_gps: 'yellow',
  phone_outside_area: 'red',
  photo_outside_area: 'red',
  photo_far_from_phone: 'orange',
  no_photo_location: 'yellow',
  duplicate_photo: 'red',
  no_camera_metadata: 'orange',
  photo_time_outside_hours: 'orange',
  photo_time_differs: 'orange',
  sent_late: 'gray',
  kept_under_minimum: 'orange',
};

/** The judge's plain-English reading of each automatic flag (from src/shared), with its colour. */
export const FLAG_LABELS = Object.fromEntries(
  CATCH_FLAGS.map((flag) => [flag, { label: CATCH_FLAG_LABELS[flag], color: FLAG_COLORS[flag] }]),
) as Record<CatchFlag, { label: string; color: string }>;

/** Plain-case labels that wrap on a phone instead of being cut off. */
const FLAG_BADGE_STYLES = {
  root: { textTransform: 'none', height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal' },
} as const;

/** A catch's automatic flags as coloured badges, or a green 'No flags'. */
export function JudgeFlags({ flags }: { flags: readonly CatchFlag[] }) {
  if (flags.length === 0) {
    return (
      <Group gap={6}>
        <Badge color="green" variant="light" styles={FLAG_BADGE_STYLES}>
          No flags
        </Badge>
      </Group>
    );
  }
  return (
    <Group gap={6} aria-label="Flags">
      {flags.map((flag) => (
        <Badge key={flag} color={FLAG_LABELS[flag].color} variant="light" styles={FLAG_BADGE_STYLES}>
          {FLAG_LABELS[flag].label}
        </Badge>
      ))}
    </Group>
  );
}
