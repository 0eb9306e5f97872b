import { Button, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { numberedRules, withClubFacts } from '../../../shared/documents';
import { useClubDocuments, useClubFacts } from '../../lib/club-documents';

/** The club's code of conduct, rule by rule, under the club's name, with the association's registration number when it has one. */
export function CodeOfConductDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const facts = useClubFacts();
  const { club } = facts;
  const conduct = useClubDocuments().code_of_conduct;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={withClubFacts(conduct.title, facts)}
      size="lg"
      zIndex={400}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {club.associationNumber ? `${club.name} · Incorporated association ${club.associationNumber}` : club.name}
        </Text>
        <List type="ordered" spacing="sm">
          {numberedRules(withClubFacts(conduct.content, facts)).map((rule, i) => (
            <List.Item key={i}>
              {rule.title && (
                <>
                  <Text fw={600} span>
                    {rule.title}.
                  </Text>{' '}
                </>
              )}
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
