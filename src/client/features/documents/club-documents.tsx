import { Badge, Button, Card, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CLUB_DOCUMENTS, type ClubDocument } from '../../../shared/documents';

/** One document's text in a scrollable panel with Close (SPEC §2.11). */
function DocumentPanel({ doc, onClose }: { doc: ClubDocument | null; onClose: () => void }) {
  return (
    <Modal opened={doc !== null} onClose={onClose} title={doc?.title} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        {doc?.content.split(/\n+/).map((paragraph, i) => <Text key={i}>{paragraph}</Text>)}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * The club documents (SPEC §2.11): a card grid, or — `registration` — only the required ones with an
 * 'Accept Required' / 'Accepted' toggle per document.
 */
export function ClubDocuments({ registration = false, accepted = {}, onToggle }: { registration?: boolean; accepted?: Record<string, boolean>; onToggle?: (id: string) => void }) {
  const [open, setOpen] = useState<ClubDocument | null>(null);
  const docs = registration ? CLUB_DOCUMENTS.filter((d) => d.required) : CLUB_DOCUMENTS;
  return (
    <Stack gap="md">
      {!registration && <Title order={2}>Club Documents</Title>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {docs.map((doc) => (
          <Card key={doc.id} withBorder radius="md" padding="md">
            <Stack gap="xs" h="100%">
              <Group gap="xs">
                <Badge variant="light">{doc.type}</Badge>
                {doc.required && <Badge color="red" variant="light">Required</Badge>}
              </Group>
              <Text fw={600}>{doc.title}</Text>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {doc.description}
              </Text>
              <Group gap="xs">
                <Button variant="light" onClick={() => setOpen(doc)}>
                  {registration ? 'Read Document' : 'View Document'}
                </Button>
                {registration && (
                  <Button color={accepted[doc.id] ? 'green' : undefined} variant={accepted[doc.id] ? 'filled' : 'default'} onClick={() => onToggle?.(doc.id)} aria-pressed={Boolean(accepted[doc.id])}>
                    {accepted[doc.id] ? 'Accepted' : 'Accept Required'}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <DocumentPanel doc={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
