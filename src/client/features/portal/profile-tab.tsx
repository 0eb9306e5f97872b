import { Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MEMBERSHIP_LABELS } from '../../../shared/membership';
import type { MemberProfile } from '../../../shared/members.schema';

/** SPEC §2.9 profile tab: read-only. */
export function ProfileTab({ profile, loading }: { profile: MemberProfile | null | undefined; loading: boolean }) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (!profile) return <Text c="dimmed">No profile information available.</Text>;
  const rows: [string, string][] = [
    ['First Name', profile.firstName],
    ['Last Name', profile.lastName],
    ['Email', profile.email ?? '—'],
    ['Phone', profile.phone ?? '—'],
    ['Membership Type', MEMBERSHIP_LABELS[profile.membershipType]],
    ['Shirt Size', profile.shirtSize ?? '—'],
    ['Address', profile.address ?? '—'],
  ];
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      {profile.household.length > 1 && (
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="xs">
            Your household
          </Title>
          {profile.household.map((m) => (
            <Text key={m.id}>
              {m.firstName} {m.lastName}
            </Text>
          ))}
        </Card>
      )}
      <Text size="sm" c="dimmed">
        To change these details, contact the club committee.
      </Text>
    </Stack>
  );
}
