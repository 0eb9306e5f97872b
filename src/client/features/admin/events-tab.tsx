import { Badge, Box, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { GuardedModal } from '../../components/guarded-modal';
import { RowButton } from '../../components/admin-row-actions';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEventView, EventInput } from '../../../shared/events.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { eventLimitBadges, fishingHoursText } from '../../../shared/events';
import { QueryState } from '../../components/query-state';
import { SectionLoader } from '../../components/full-screen-loader';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';
import { EventImage } from '../../components/event-image';
import { entriesCloseLine, entryPricesLine } from '../../../shared/entries';
import { AddEntrantForm } from './add-entrant-form';
import { SignOnDesk } from './sign-on-desk';
import { EventForm } from './event-form';
import { EventImageUpload } from './event-image-upload';
import { MysteryFishButton } from './mystery-fish-dialog';
import { EntrantsButton } from './event-entrants';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create'; key: number }
  | { kind: 'edit'; event: AdminEventView }
  | { kind: 'image'; event: AdminEventView }
  | { kind: 'entrant'; event: AdminEventView };

function useRefreshAdminEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.events.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.events.upcoming.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
    ]);
}

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
          {eventLimitBadges(event).length > 0 && <Text size="sm">For: {eventLimitBadges(event).join(' · ')}</Text>}
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

/** The events tab: list, create, edit, image upload, and entrants signed on at the ramp. */
export function AdminEventsTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery(trpc.admin.events.list.queryOptions());
  const refresh = useRefreshAdminEvents();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // The sign-on desk of one event, also opened straight from /admin?signon=<event id> (a bookmark on the desk's phone).
  const [signOnId, setSignOnId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('signon'));
  const close = () => setDialog({ kind: 'none' });
  // A new event starts with the club's fees (the committee's settings); without an answer, with the built-in ones.
  const fees = useQuery({ ...trpc.admin.events.feeDefaults.queryOptions(), enabled: dialog.kind === 'create' });

  // A refusal stays in the form: its fields marked, or the server's sentence above the buttons.
  const create = useMutation(
    trpc.admin.events.create.mutationOptions({
      onSuccess: () => {
        toast.success('Event created successfully');
        close();
        void refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.admin.events.update.mutationOptions({
      onSuccess: () => {
        toast.success('Event updated successfully');
        close();
        void refresh();
      },
    }),
  );

  const events = list.data ?? [];
  const formOpen = dialog.kind === 'create' || dialog.kind === 'edit';
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

      {/* With unsaved changes, a click outside, Escape or the close button asks first. */}
      <GuardedModal
        opened={formOpen}
        onClose={close}
        title={dialog.kind === 'edit' ? 'Edit Event' : 'Create New Event'}
        size="lg"
        fullScreen={phone}
      >
        {dialog.kind === 'create' && fees.isPending && <SectionLoader label="Loading the club's fees..." />}
        {dialog.kind === 'create' && !fees.isPending && (
          <EventForm
            key={dialog.key}
            initial={null}
            fees={fees.data}
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
        {dialog.kind === 'image' && (
          <EventImageUpload
            event={dialog.event}
            onDone={() => {
              close();
              void refresh();
            }}
          />
        )}
      </Modal>
      <Modal opened={dialog.kind === 'entrant'} onClose={close} title="Add Entrant" fullScreen={phone}>
        {dialog.kind === 'entrant' && (
          <AddEntrantForm
            event={dialog.event}
            onCancel={close}
            onDone={() => {
              close();
              void refresh();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
