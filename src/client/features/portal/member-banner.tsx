import { Badge, Button, Card, Group, Stack, Text, Title, useMatches } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import type { MemberProfile } from '../../../shared/members.schema';
import type { CurrentUser } from '../../../shared/auth.schema';
import { useJoinDialog } from '../membership/join-dialog';

/** The portal's welcome banner (SPEC §2.9): names, member since, expiry, status badge and renewal. */
export function MemberBanner({ user, profile }: { user: CurrentUser; profile: MemberProfile | null }) {
  const { openJoin, openPayment } = useJoinDialog();
  const active = profile?.status === 'active';
  // Beside the greeting on wide screens (right-aligned), under it on phones (left-aligned).
  const actionsAlign = useMatches({ base: 'flex-start', sm: 'flex-end' });
  return (
    <Card withBorder radius="md" padding="lg" style={{ background: 'linear-gradient(135deg, var(--mantine-color-blue-0), var(--mantine-color-teal-0))' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Welcome, {profile ? `${profile.firstName} ${profile.lastName}` : `${user.firstName} ${user.lastName}`}
          </Title>
          {profile ? (
            <Text c="dimmed">
              Member since {profile.memberSince ? profile.memberSince.slice(0, 4) : 'N/A'} · Expires {profile.expiryDate ? formatAuDate(profile.expiryDate) : 'N/A'}
            </Text>
          ) : (
            <Text c="dimmed">You are not a member of the club yet. Join to register for competitions and log your catches.</Text>
          )}
        </Stack>
        <Stack gap="xs" align={actionsAlign}>
          {profile && (
            <Badge size="lg" color={active ? 'green' : 'gray'} variant={active ? 'filled' : 'light'}>
              {active ? 'Active Member' : 'Inactive'}
            </Badge>
          )}
          {profile ? (
            <Button
              variant={active ? 'light' : 'filled'}
              onClick={() =>
                openPayment({
                  names: profile.household.map((m) => `${m.firstName} ${m.lastName}`),
                  membershipType: profile.membershipType,
                  amount: profile.renewalAmount,
                })
              }
            >
              Renew Membership
            </Button>
          ) : (
            <Button color="teal" onClick={() => openJoin()}>
              Join the Club
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
