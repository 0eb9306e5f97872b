import { Button, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { CODE_OF_CONDUCT_RULES, withClubWords } from '../../../shared/documents';
import { useClub } from '../../lib/club-profile';

/** The full code of conduct under the club's name, with the association's registration number when it has one. */
export function CodeOfConductDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const club = useClub();
  return (
    <Modal opened={opened} onClose={onClose} title="Code of Conduct" size="lg" zIndex={400} scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {club.associationNumber ? `${club.name} · Incorporated association ${club.associationNumber}` : club.name}
        </Text>
        <List type="ordered" spacing="sm">
          {CODE_OF_CONDUCT_RULES.map((rule) => (
            <List.Item key={rule.title}>
              <Text fw={600} span>
                {withClubWords(rule.title, club)}.
              </Text>{' '}
              <Text span>{withClubWords(rule.text, club)}</Text>
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
