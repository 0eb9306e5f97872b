import { Badge, Box, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { GuardedModal } from '../../components/guarded-modal';
import { RowButton } from '../../components/admin-row-actions';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminEventView, EventInput } from '../../../shared/events.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { eventLimitBadges, fishingHoursText } from '../../../shared/events';
import { QueryState } from '../../components/query-state';
import { EventImage } from '../../components/event-image';
import { useMembershipRules } from '../../lib/membership-rules';
import { entriesCloseLine, entryPricesLine } from '../../../shared/entries';
import { AddEntrantForm } from './add-entrant-form';
import { SignOnDesk } from './sign-on-desk';
import { EventForm } from './event-form';
import { EventImageUpload } from './event-image-upload';
import { MysteryFishButton } from './mystery-fish-dialog';
import { EntrantsButton } from './event-entrants';
import { useAdminEvents, type AdminEventsState } from './use-admin-events';

function EventRow({
  event,
  onEdit,
  onImage,
  onEntrant,
  onSignOn,
}: {
  event: AdminEventView;
  onEdit: () => void;
  onImage: () => void;
  onEntrant: () => void;
  onSignOn: () => void;
}) {
  const limits = eventLimitBadges(useMembershipRules(), event);
  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-event">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Box style={{ flex: '0 0 auto', width: 140, maxWidth: '100%' }}>
          <EventImage event={event} height={96} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {event.name}
            </Title>
            <Badge color={event.status === 'active' ? 'green' : 'gray'} variant="light">
              {event.status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {event.location}
          </Text>
          <Text size="sm">{formatClubDateTime(event.eventDate)}</Text>
          <Text size="sm">Fishing {fishingHoursText(event)}</Text>
          {limits.length > 0 && <Text size="sm">For: {limits.join(' · ')}</Text>}
          {event.description && (
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {event.description}
            </Text>
          )}
          {entryPricesLine(event) && <Text size="sm">{entryPricesLine(event)}</Text>}
          {entriesCloseLine(event) && (
            <Text size="sm" c="dimmed">
              {entriesCloseLine(event)}
              {event.requireCheckIn ? ' · catches need check-in' : ''}
            </Text>
          )}
          <Text size="sm" fw={500}>
            Registrations: {event.registeredCount} / {event.maxParticipants ?? 'No limit'}
          </Text>
        </Stack>
        <Group gap="xs" style={{ flex: '0 0 auto' }}>
          <RowButton label="Edit" name={event.name} onClick={onEdit} />
          <RowButton label="Upload Image" spoken="Upload image for" name={event.name} variant="default" onClick={onImage} />
          {event.status === 'active' && (
            <RowButton label="Add Entrant" spoken="Add Entrant to" name={event.name} variant="default" onClick={onEntrant} />
          )}
          {event.status !== 'cancelled' && <RowButton label="Sign-on" spoken="Sign-on desk for" name={event.name} onClick={onSignOn} />}
          {event.status !== 'cancelled' && <MysteryFishButton event={event} />}
          <EntrantsButton event={event} />
        </Group>
      </Group>
    </Card>
  );
}

/** The event form (create or edit), the image upload and 'Add Entrant', whichever is open. */
function EventDialogs({ state, phone }: { state: AdminEventsState; phone: boolean | undefined }) {
  const { dialog, close, done, create, update } = state;
  return (
    <>
      {/* With unsaved changes, a click outside, Escape or the close button asks first. */}
      <GuardedModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        onClose={close}
        title={dialog.kind === 'edit' ? 'Edit Event' : 'Create New Event'}
        size="lg"
        fullScreen={phone}
      >
        {dialog.kind === 'create' && (
          <EventForm
            key={dialog.key}
            initial={null}
            submitting={create.isPending}
            onSubmit={(input: EventInput) => create.mutateAsync(input)}
            onCancel={close}
          />
        )}
        {dialog.kind === 'edit' && (
          <EventForm
            key={dialog.event.id}
            initial={dialog.event}
            submitting={update.isPending}
            onSubmit={(input: EventInput) => update.mutateAsync({ id: dialog.event.id, event: input })}
            onCancel={close}
          />
        )}
      </GuardedModal>
      <Modal opened={dialog.kind === 'image'} onClose={close} title="Upload Event Image" fullScreen={phone}>
        {dialog.kind === 'image' && <EventImageUpload event={dialog.event} onDone={done} />}
      </Modal>
      <Modal opened={dialog.kind === 'entrant'} onClose={close} title="Add Entrant" fullScreen={phone}>
        {dialog.kind === 'entrant' && <AddEntrantForm event={dialog.event} onCancel={close} onDone={done} />}
      </Modal>
    </>
  );
}

/** The events tab: list, create, edit, image upload, and entrants signed on at the ramp. */
export function AdminEventsTab() {
  const phone = useMediaQuery('(max-width: 48em)');
  const state = useAdminEvents();
  const { list, setDialog, signOnId, setSignOnId } = state;
  const events = list.data ?? [];
  if (signOnId) return <SignOnDesk eventId={signOnId} onBack={() => setSignOnId(null)} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl">
          Events
        </Title>
        <Button onClick={() => setDialog({ kind: 'create', key: Date.now() })}>Create New Event</Button>
      </Group>
      <QueryState
        query={list}
        loading="Loading events..."
        failure="Could not load the events. Please try again later."
        isEmpty={events.length === 0}
        empty="No events found. Create your first event!"
      >
        {events.map((event) => (
          <EventRow
            key={event.id}
            event={event}
            onEdit={() => setDialog({ kind: 'edit', event })}
            onImage={() => setDialog({ kind: 'image', event })}
            onEntrant={() => setDialog({ kind: 'entrant', event })}
            onSignOn={() => setSignOnId(event.id)}
          />
        ))}
      </QueryState>
      <EventDialogs state={state} phone={phone} />
    </Stack>
  );
}
