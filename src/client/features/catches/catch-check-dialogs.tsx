import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { guestDocuments, withClubFacts } from '../../../shared/documents';
import { useClubDocuments, useClubFacts } from '../../lib/club-documents';
import { useClub } from '../../lib/club-profile';

const WAIVER_KEY = 'tcac.waiverAccepted';

/** True once this phone has accepted the competition rules and waiver. */
export const waiverAccepted = () => localStorage.getItem(WAIVER_KEY) === 'true';

/** The competition rules and waiver, asked once per phone before the first catch. */
export function WaiverDialog({ opened, onCancel, onAccept }: { opened: boolean; onCancel: () => void; onAccept: () => void }) {
  const facts = useClubFacts();
  // The same two documents a guest accepts before entering.
  const waiverText = guestDocuments(useClubDocuments());
  return (
    <Modal opened={opened} onClose={onCancel} title="Competition Rules & Waiver" centered size="lg">
      <Stack gap="sm">
        <ScrollArea.Autosize
          mah="50vh"
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Competition rules and waiver' }}
        >
          {waiverText.map((doc) => (
            <Stack key={doc.id} gap={4} mb="sm">
              <Text fw={700}>{withClubFacts(doc.title, facts)}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {withClubFacts(doc.content, facts)}
              </Text>
            </Stack>
          ))}
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color="teal"
            onClick={() => {
              localStorage.setItem(WAIVER_KEY, 'true');
              onAccept();
            }}
          >
            Accept &amp; Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A kept fish under the legal minimum: release it, check the size, or submit anyway. */
export function UndersizeDialog({
  limit,
  fishType,
  sizeCm,
  onBack,
  onSubmitAnyway,
}: {
  /** The minimum length in cm; the dialog is open while it is set. */
  limit: number | null;
  fishType: string;
  sizeCm: number;
  onBack: () => void;
  onSubmitAnyway: () => void;
}) {
  const club = useClub();
  return (
    <Modal opened={limit !== null} onClose={onBack} title="Under the Legal Minimum Length" centered>
      <Stack gap="sm">
        <Text size="sm">
          A kept {fishType.toLowerCase()} must be at least {limit} cm in {club.state}. This one is {sizeCm} cm: please release it, or check
          the size.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Go Back
          </Button>
          <Button color="orange" onClick={onSubmitAnyway}>
            Submit Anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
