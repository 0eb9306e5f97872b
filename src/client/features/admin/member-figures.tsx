import { Card, Group, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { AdminOverview } from '../../../shared/reports.schema';

type Filter = 'active' | 'expired' | 'pending';

/** The three figures, each the members list's own status filter: 'Current' is the list's 'Current (paid up)'. */
const FIGURES: { filter: Filter; label: string; colour: string }[] = [
  { filter: 'active', label: 'current', colour: '#1e6b30' },
  { filter: 'expired', label: 'expired', colour: 'red.9' },
  { filter: 'pending', label: 'pending', colour: '#8f4a00' },
];

/**
 * The dashboard's members card: how many the members list holds and, under it, its current / expired / pending
 * figures, counted by the list's own filters (the server's one rule) so they add up to the list; each opens the
 * members tab with that filter.
 */
export function MemberFiguresCard({ overview }: { overview: AdminOverview }) {
  const navigate = useNavigate();
  // Typed loosely: the address's other parameters (the tab) belong to the admin page's route.
  const open = (status?: Filter) => void navigate({ to: '/admin', search: { tab: 'members', ...(status ? { status } : {}) } as never });
  const members = overview.members;
  return (
    <Card withBorder padding="lg" data-testid="member-figures">
      <Text size="sm" c="dimmed">
        Members
      </Text>
      <UnstyledButton
        onClick={() => open()}
        aria-label={`${members?.all ?? overview.totalMembers} members: open the members list`}
        mih={44}
      >
        <Text fz={{ base: 24, sm: 32 }} fw={700} c="blue.8">
          {(members?.all ?? overview.totalMembers).toLocaleString('en-AU')}
        </Text>
      </UnstyledButton>
      {members && (
        <Group gap={4} wrap="wrap">
          {FIGURES.map((f) => (
            <UnstyledButton
              key={f.filter}
              onClick={() => open(f.filter)}
              aria-label={`${members[f.filter === 'active' ? 'current' : f.filter]} ${f.label}: show them in the members list`}
              mih={44}
              px={6}
              style={{ borderRadius: 6, textDecoration: 'underline', textUnderlineOffset: 3 }}
            >
              <Text size="sm" fw={600} c={f.colour} span>
                {members[f.filter === 'active' ? 'current' : f.filter].toLocaleString('en-AU')} {f.label}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Card>
  );
}
