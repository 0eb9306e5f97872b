import { Badge, Button, Card, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { documentList, requiredDocuments, withClubFacts, type ClubDocument } from '../../shared/documents';
import { useClubDocuments, useClubFacts } from '../lib/club-documents';

/** One document's text, in the club's words, in a scrollable panel with Close. */
function DocumentPanel({ doc, onClose, zIndex }: { doc: ClubDocument | null; onClose: () => void; zIndex?: number }) {
  const facts = useClubFacts();
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={doc && withClubFacts(doc.title, facts)}
      size="lg"
      zIndex={zIndex}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        {doc &&
          withClubFacts(doc.content, facts)
            .split(/\n+/)
            .map((paragraph, i) => <Text key={i}>{paragraph}</Text>)}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}

export interface ClubDocumentsProps {
  /** The registration variant: only the required documents, each with an accept toggle. */
  registration?: boolean;
  /** Document id → accepted (the registration variant is controlled by its form). */
  accepted?: Record<string, boolean>;
  onToggle?: (id: ClubDocument['id']) => void;
  /** Told when a document's text opens and closes (a dialog around the documents then leaves Escape to it). */
  onPanelChange?: (open: boolean) => void;
}

/**
 * The club's documents at their current versions, in its words and facts: a card grid, or — `registration` — only the required ones with an
 * 'Accept Required' / 'Accepted' toggle per document.
 */
export function ClubDocuments({ registration = false, accepted = {}, onToggle, onPanelChange }: ClubDocumentsProps) {
  const [open, setOpen] = useState<ClubDocument | null>(null);
  const facts = useClubFacts();
  const documents = useClubDocuments();
  const docs = registration ? requiredDocuments(documents) : documentList(documents);
  const panelOpen = open !== null;
  useEffect(() => {
    onPanelChange?.(panelOpen);
    return () => onPanelChange?.(false);
  }, [panelOpen, onPanelChange]);
  return (
    <Stack gap="md">
      {!registration && <Title order={2}>Club Documents</Title>}
      <SimpleGrid cols={registration ? 1 : { base: 1, sm: 2 }} spacing="md">
        {docs.map((doc) => {
          const titleId = `club-document-${registration ? 'registration-' : ''}${doc.id}`;
          return (
            <Card key={doc.id} withBorder radius="md" padding="md">
              <Stack gap="xs" h="100%">
                <Group gap="xs">
                  <Badge variant="light">{doc.type}</Badge>
                  {doc.required && (
                    <Badge color="red" variant="light">
                      Required
                    </Badge>
                  )}
                </Group>
                <Text fw={600} id={titleId}>
                  {withClubFacts(doc.title, facts)}
                </Text>
                <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                  {withClubFacts(doc.description, facts)}
                </Text>
                <Group gap="xs">
                  <Button variant="light" onClick={() => setOpen(doc)} aria-describedby={titleId}>
                    {registration ? 'Read Document' : 'View Document'}
                  </Button>
                  {registration && (
                    <Button
                      color={accepted[doc.id] ? 'green' : undefined}
                      variant={accepted[doc.id] ? 'filled' : 'default'}
                      onClick={() => onToggle?.(doc.id)}
                      aria-pressed={Boolean(accepted[doc.id])}
                      aria-describedby={titleId}
                    >
                      {accepted[doc.id] ? 'Accepted' : 'Accept Required'}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {/* Over the join dialog (as the code of conduct is). */}
      <DocumentPanel doc={open} onClose={() => setOpen(null)} zIndex={registration ? 400 : undefined} />
    </Stack>
  );
}
