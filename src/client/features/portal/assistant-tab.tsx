import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { CLUB } from '../../../shared/club';

/** SPEC §2.9 chat tab: the assistant arrives in a later release. */
export function AssistantTab() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Text>
          G&apos;day! I&apos;m the {CLUB.shortName} assistant. Ask me about club events, competition rules, bag and size limits or fishing spots around the
          Tweed.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-label="Message" placeholder="Type your question…" disabled style={{ flexGrow: 1 }} />
          <Button disabled>Send</Button>
        </Group>
        <Alert variant="light">AI assistant functionality will be available soon!</Alert>
      </Stack>
    </Card>
  );
}
