import { Button, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { CLUB } from '../../../shared/club';
import { CODE_OF_CONDUCT_RULES } from '../../../shared/documents';

/** The full code of conduct with the association's registration number. */
export function CodeOfConductDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Code of Conduct" size="lg" zIndex={400} scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {CLUB.name} · Incorporated association {CLUB.associationNumber}
        </Text>
        <List type="ordered" spacing="sm">
          {CODE_OF_CONDUCT_RULES.map((rule) => (
            <List.Item key={rule.title}>
              <Text fw={600} span>
                {rule.title}.
              </Text>{' '}
              <Text span>{rule.text}</Text>
            </List.Item>
          ))}
        </List>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
