import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { stateFishing } from '../../../shared/state-fishing';
import { useClub } from '../../lib/club-profile';

/** The state's Resources tab: the club's state's licence notice and the fisheries pages every angler needs, licence first. */
export function ResourcesTab() {
  const { licenceNotice, resources } = stateFishing(useClub().state);
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" title="Legal notice">
        {licenceNotice}
      </Alert>
      <Text size="sm">
        Club rules and forms are under{' '}
        <Anchor component={Link} to="/member" search={{ tab: 'documents' } as never}>
          Club Documents
        </Anchor>
        .
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {resources.map((r) => (
          <Card key={r.title} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor href={r.url} target="_blank" rel="noopener noreferrer" fw={600}>
                {r.title}
              </Anchor>
              {/* The title wraps; the badge keeps its whole word. */}
              {r.required && (
                <Badge color="red" style={{ flexShrink: 0, overflow: 'visible' }}>
                  REQUIRED
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {r.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
