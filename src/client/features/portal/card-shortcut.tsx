import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../../trpc';

/**
 * The dashboard's way to the membership card, for anyone whose membership has been paid (the card and its QR code
 * are on their own screen, ?tab=card, which the installed app also opens without signal).
 */
export function CardShortcut() {
  const trpc = useTRPC();
  // The portal's own profile answer (the banner reads it too): the card exists once a membership was paid.
  const profile = useQuery(trpc.members.profile.queryOptions());
  if (!profile.data?.memberSince) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg">
            Membership card
          </Title>
          <Text size="sm" c="dimmed">
            With a QR code the committee scans; works without signal.
          </Text>
        </Stack>
        <Button component={Link} to="/member" search={{ tab: 'card' } as never} mih={44}>
          Show my card
        </Button>
      </Group>
    </Card>
  );
}
