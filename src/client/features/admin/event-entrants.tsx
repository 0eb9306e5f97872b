import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatClubDateTime, formatClubTime } from '../../../shared/dates';
import {
  DIVISION_LABELS,
  ENTRY_PAYMENT_LABELS,
  type DeskEntrant,
  type DeskView,
  type EntryPaymentState,
} from '../../../shared/entries.schema';
import { RowAction, RowButton } from '../../components/admin-row-actions';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { DownloadButton } from './period-picker';
import { RemoveEntrantDialog } from './remove-entrant-dialog';

const PAYMENT_COLOURS: Record<EntryPaymentState, string> = {
  paid: 'green',
  free: 'gray',
  unpaid: 'orange',
  pay_at_sign_on: 'orange',
  refunded: 'gray',
};

function EntrantsList({ view }: { view: DeskView }) {
  const { counts } = view;
  const [removing, setRemoving] = useState<DeskEntrant | null>(null);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {formatClubDateTime(view.eventDate)} · {counts.entered} entered
        {view.maxParticipants !== null ? ` of ${view.maxParticipants}` : ''} · {counts.paid} paid · {counts.checkedIn} checked in
        {view.waiting.length ? ` · ${view.waiting.length} waiting` : ''}
      </Text>
      <Group>
        <DownloadButton href={`/api/admin/events/${encodeURIComponent(view.eventId)}/entrants.csv`}>Download CSV</DownloadButton>
      </Group>
      {view.entrants.length === 0 ? (
        <Text c="dimmed">Nobody has entered yet.</Text>
      ) : (
        <Stack gap={0} component="ul" aria-label="Entrants" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {view.entrants.map((e) => (
            <Group
              key={e.registrationId}
              component="li"
              justify="space-between"
              align="flex-start"
              gap="xs"
              py="xs"
              wrap="nowrap"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              data-testid="entrant"
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.kind === 'guest' ? 'Guest' : 'Member'}, {DIVISION_LABELS[e.division]}
                  {e.division === 'junior' ? ` (${e.age})` : ''}
                  {e.disqualified ? ' · disqualified' : ''}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flex: '0 0 auto' }}>
                <Badge color={PAYMENT_COLOURS[e.paymentState]} variant="light">
                  {ENTRY_PAYMENT_LABELS[e.paymentState]}
                  {e.paidBy ? ` · ${e.paidBy}` : ''}
                </Badge>
                <Text size="xs" c={e.checkedInAt ? '#1e6b30' : 'dimmed'}>
                  {e.checkedInAt ? `Checked in ${formatClubTime(e.checkedInAt)}` : 'Not checked in'}
                </Text>
              </Stack>
              <RowAction icon="delete" color="red" label={`Remove ${e.name}`} onClick={() => setRemoving(e)} />
            </Group>
          ))}
        </Stack>
      )}
      <RemoveEntrantDialog eventId={view.eventId} eventName={view.eventName} entrant={removing} onClose={() => setRemoving(null)} />
      {view.waiting.length > 0 && (
        <div>
          <Title order={3} fz="md" mb={4}>
            Waiting list
          </Title>
          <Table.ScrollContainer minWidth={280} type="native">
            <Table aria-label="Waiting list">
              <Table.Tbody>
                {view.waiting.map((w) => (
                  <Table.Tr key={w.memberId}>
                    <Table.Td w={40}>{w.position}</Table.Td>
                    <Table.Td>{w.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatClubDateTime(w.addedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
    </Stack>
  );
}

/** The event's entrants (from the sign-on desk's own list) in a dialog: who, division, paid and checked in, waiting. */
export function EventEntrants({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const view = useQuery(trpc.admin.signOn.list.queryOptions({ id: eventId }));
  return (
    <Modal opened onClose={onClose} title={view.data ? `Entrants: ${view.data.eventName}` : 'Entrants'} size="lg" fullScreen={phone}>
      <QueryState query={view} loading="Loading entrants..." failure="Could not load the entrants. Please try again later.">
        {(data) => <EntrantsList view={data} />}
      </QueryState>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

/** The events tab's 'Entrants' button and its dialog. */
export function EntrantsButton({ event }: { event: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton label="Entrants" spoken="Entrants of" name={event.name} variant="default" onClick={() => setOpen(true)} />
      {open && <EventEntrants eventId={event.id} onClose={() => setOpen(false)} />}
    </>
  );
}
