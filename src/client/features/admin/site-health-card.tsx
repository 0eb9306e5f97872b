import { Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BACKUP_KEY_COMMAND } from '../../../shared/site-health.schema';
import { useTRPC } from '../../trpc';

const ENCRYPTION_LABELS = { 'age key': "Encrypted (committee's key)", passphrase: 'Encrypted (passphrase)' } as const;

/** The admin dashboard's site health card: whether backups are encrypted, and how to set a key when they are not. */
export function SiteHealthCard() {
  const trpc = useTRPC();
  const health = useQuery(trpc.admin.siteHealth.queryOptions());
  if (!health.data) return null;
  const { backups } = health.data;
  return (
    <Card withBorder padding="lg" data-testid="site-health">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Site health
        </Title>
        <Group gap="xs">
          <Text fw={500}>Backups</Text>
          <Badge color={backups.encryption ? 'green' : 'red'} variant="light">
            {backups.encryption ? ENCRYPTION_LABELS[backups.encryption] : 'Not encrypted'}
          </Badge>
        </Group>
        <Text size="sm">{backups.message}</Text>
        {!backups.encryption && (
          <Text size="sm">
            On the server: <Code>{BACKUP_KEY_COMMAND}</Code>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
