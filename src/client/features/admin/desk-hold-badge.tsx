import { Badge } from '@mantine/core';
import { formatClubTime } from '../../../shared/dates';

/** 'Held until 7:42 am — unpaid online': a guest's unpaid online entry keeping its place for a few minutes. */
export function DeskHoldBadge({ heldUntil }: { heldUntil?: string | null }) {
  if (!heldUntil) return null;
  return (
    <Badge variant="outline" color="orange" data-testid="desk-hold">
      Held until {formatClubTime(heldUntil)} — unpaid online
    </Badge>
  );
}
