import { Badge, Group } from '@mantine/core';
import { eventLimitBadges } from '../../../shared/events';
import type { EventView } from '../../../shared/events.schema';
import { useMembershipRules } from '../../lib/membership-rules';

/** Who an event is for, when the committee limited it ('Juniors under 16' by the club's junior age, 'Members only'); nothing for an open event. */
export function EventLimitBadges({ event }: { event: Pick<EventView, 'ageLimit' | 'membersOnly'> }) {
  const badges = eventLimitBadges(useMembershipRules(), event);
  if (badges.length === 0) return null;
  return (
    <Group gap={6} data-testid="event-limits">
      {badges.map((label) => (
        <Badge key={label} variant="light" color="grape" style={{ maxWidth: '100%' }}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}
