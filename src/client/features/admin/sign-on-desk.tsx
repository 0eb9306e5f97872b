import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatClubDateTime, formatClubTime } from '../../../shared/dates';
import { DIVISION_LABELS, ENTRY_PAYMENT_LABELS, entriesCloseText, type EntryPaymentState } from '../../../shared/entries';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';
import { RowAction } from '../../components/admin-row-actions';
import { CatchLinkDialog, offersCatchLink } from './catch-link-dialog';
import { isPending } from './desk-queue';
import { DeskHoldBadge } from './desk-hold-badge';
import { DeskQueueCard } from './desk-queue-card';
import { TakePaymentDialog } from './desk-payment-dialog';
import { AddWalkUpDialog } from './desk-walk-up-dialog';
import { DeskWaitingList } from './desk-waiting-list';
import { deskWithTaps, type ShownDesk, type ShownEntrant } from './desk-with-taps';
import { newRequestKey } from './refund-dialog';
import { RemoveEntrantDialog } from './remove-entrant-dialog';
import { useDeskList } from './use-desk-list';
import { useDeskQueue, type DeskQueue } from './use-desk-queue';

const STATE_COLOURS: Record<EntryPaymentState, string> = {
  free: 'gray',
  unpaid: 'orange',
  pay_at_sign_on: 'orange',
  paid: 'green',
  refunded: 'gray',
};
/** Every control on the desk is at least this tall: it is used standing at the ramp, often on a phone. */
const TARGET = 44;

/**
 * The sign-on desk for one event (admin Events tab → Sign-on, or /admin?signon=<event id>): who has entered and paid,
 * one-tap check-in, the fee taken in cash or by card, walk-up members and guests, and the list as a PDF. Usable on a
 * 360 px phone.
 */
export function SignOnDesk({ eventId, onBack }: { eventId: string; onBack: () => void }) {
  const trpc = useTRPC();
  const list = useDeskList(eventId);
  const queue = useDeskQueue(eventId);
  // The members a walk-up is chosen from, read now so that they are on the device when the signal goes.
  useQuery(trpc.members.list.queryOptions());
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<DeskEntrant | null>(null);
  const [removing, setRemoving] = useState<ShownEntrant | null>(null);
  const [linking, setLinking] = useState<DeskEntrant | null>(null);
  const [adding, setAdding] = useState<'member' | 'guest' | null>(null);
  // On a phone the admin page's figures come first: the desk is brought into view when it opens.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => top.current?.scrollIntoView?.({ block: 'start' }), []);
  const view = list.view && deskWithTaps(list.view, queue.queued);

  return (
    <Stack gap="md" data-testid="sign-on-desk" ref={top}>
      <Group justify="space-between" gap="xs">
        <Button variant="default" mih={TARGET} onClick={onBack}>
          ← Events
        </Button>
        <Button component="a" href={`/api/admin/events/${encodeURIComponent(eventId)}/entrants.pdf`} variant="light" mih={TARGET}>
          Print list (PDF)
        </Button>
      </Group>
      {list.savedAt && (
        <Alert color="yellow" title="The list kept on this device" data-testid="desk-kept-list">
          As it was at {formatClubTime(list.savedAt)}: the club cannot be reached right now. What you do here is kept on this device and
          sent once, by itself, when the signal returns.
        </Alert>
      )}
      <DeskQueueCard queued={queue.queued} onSendNow={() => void queue.sendNow()} onDismiss={(key) => void queue.forget(key)} />
      {view ? (
        <DeskBody
          view={view}
          search={search}
          onSearch={setSearch}
          queue={queue}
          actions={{ pay: setPaying, remove: setRemoving, catchLink: setLinking }}
          onAdd={setAdding}
        />
      ) : (
        <QueryState query={list.query} loading="Loading the entrants..." failure="Could not load the entrants. Please try again.">
          {() => null}
        </QueryState>
      )}
      <TakePaymentDialog queue={queue} entrant={paying} onClose={() => setPaying(null)} />
      <CatchLinkDialog entrant={linking} onClose={() => setLinking(null)} />
      <RemoveEntrantDialog
        eventId={eventId}
        eventName={view?.eventName ?? ''}
        entrant={removing}
        queue={queue}
        onClose={() => setRemoving(null)}
      />
      <AddWalkUpDialog queue={queue} view={view} members={list.members} kind={adding} onClose={() => setAdding(null)} />
    </Stack>
  );
}

function DeskBody({
  view,
  search,
  onSearch,
  queue,
  actions,
  onAdd,
}: {
  view: ShownDesk;
  search: string;
  onSearch: (value: string) => void;
  queue: DeskQueue;
  actions: EntrantActions;
  onAdd: (kind: 'member' | 'guest') => void;
}) {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = view.entrants.filter((e) => words.every((w) => e.name.toLowerCase().includes(w)));
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          Sign-on: {view.eventName}
        </Title>
        <Text size="sm" c="dimmed">
          {view.location} · {formatClubDateTime(view.eventDate)} · entries close {entriesCloseText(view)}
        </Text>
        {view.requireCheckIn && (
          <Text size="sm" fw={500}>
            Only checked-in entrants can log catches.
          </Text>
        )}
        {(view.limits ?? []).length > 0 && (
          <Text size="sm" fw={500}>
            For: {view.limits!.join(' · ')}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        <Count label="Entered" value={view.counts.entered} />
        <Count label="Checked in" value={view.counts.checkedIn} />
        <Count label="Paid" value={view.counts.paid} />
        <Count label="To pay" value={view.counts.toPay} />
      </SimpleGrid>
      <Group gap="xs" grow>
        <Button mih={TARGET} variant="light" onClick={() => onAdd('member')}>
          Add member
        </Button>
        {/* No guests where the committee takes members only (the server refuses them too). */}
        {!view.membersOnly && (
          <Button mih={TARGET} variant="light" onClick={() => onAdd('guest')}>
            Add guest
          </Button>
        )}
      </Group>
      <TextInput size="lg" label="Find an entrant" placeholder="Name" value={search} onChange={(e) => onSearch(e.currentTarget.value)} />
      {shown.length === 0 && <Text c="dimmed">{view.entrants.length ? 'Nobody by that name.' : 'Nobody has entered yet.'}</Text>}
      {shown.map((entrant) => (
        <EntrantCard key={entrant.registrationId} queue={queue} entrant={entrant} actions={actions} />
      ))}
      <DeskWaitingList eventId={view.eventId} waiting={view.waiting} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="xs" ta="center">
      <Text fz={24} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}

/** What the desk does for one entrant beyond checking them in, each in a dialog of its own. */
interface EntrantActions {
  pay: (entrant: DeskEntrant) => void;
  remove: (entrant: ShownEntrant) => void;
  catchLink: (entrant: DeskEntrant) => void;
}

/** One tap of the check-in button: kept on the device and sent once; undoing a check-in not yet sent just takes it back. */
function useCheckIn(queue: DeskQueue, entrant: ShownEntrant) {
  const [busy, setBusy] = useState(false);
  const checked = Boolean(entrant.checkedInAt);
  const unsent = queue.queued.find(
    (q) => q.tap.kind === 'checkIn' && q.tap.input.registrationId === entrant.registrationId && q.state === 'waiting',
  );
  const tap = async () => {
    if (checked && unsent?.tap.kind === 'checkIn' && unsent.tap.input.checkedIn) return queue.forget(unsent.key);
    setBusy(true);
    const input = {
      registrationId: entrant.registrationId,
      checkedIn: !checked,
      requestKey: newRequestKey(),
      at: new Date().toISOString(),
      seenCheckedInAt: entrant.checkedInAt,
    };
    const result = await queue.perform({ kind: 'checkIn', input }, `${checked ? 'Undo the check-in of' : 'Check in'} ${entrant.name}`);
    setBusy(false);
    if (result.kind === 'refused') toast.error('Check-in not saved', result.message);
    else if (result.kind === 'sent' && result.note) toast.info('Done at another desk', result.note);
  };
  return { checked, busy, tap };
}

/** What the desk needs to see of an entrant at a glance: member or guest, division and age, payment, holds. */
function EntrantBadges({ entrant }: { entrant: ShownEntrant }) {
  return (
    <Group gap={6}>
      <Badge variant="light" color={entrant.kind === 'guest' ? 'grape' : 'blue'}>
        {entrant.kind === 'guest' ? 'Guest' : 'Member'}
      </Badge>
      <Badge variant="light" color={entrant.division === 'junior' ? 'cyan' : 'gray'}>
        {DIVISION_LABELS[entrant.division]}
        {entrant.age >= 0 ? ` · ${entrant.age}` : ''}
      </Badge>
      <Badge variant="light" color={STATE_COLOURS[entrant.paymentState]} data-testid="desk-payment">
        {ENTRY_PAYMENT_LABELS[entrant.paymentState]}
        {entrant.paidBy ? ` · ${entrant.paidBy}` : ''}
      </Badge>
      <DeskHoldBadge heldUntil={entrant.heldUntil} />
      {entrant.waiting && (
        <Badge variant="outline" color="dark">
          Waiting to send
        </Badge>
      )}
      {entrant.disqualified && (
        <Badge variant="filled" color="red">
          Disqualified
        </Badge>
      )}
    </Group>
  );
}

function EntrantCard({ queue, entrant, actions }: { queue: DeskQueue; entrant: ShownEntrant; actions: EntrantActions }) {
  const checkIn = useCheckIn(queue, entrant);
  const checked = checkIn.checked;
  const toPay = entrant.paymentState === 'unpaid' || entrant.paymentState === 'pay_at_sign_on';
  return (
    <Card withBorder padding="sm" data-testid="desk-entrant">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entrant.name}
          </Text>
          <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
            ${entrant.fee}
          </Text>
        </Group>
        <EntrantBadges entrant={entrant} />
        {entrant.juniorCare && <JuniorCare care={entrant.juniorCare} />}
        <Group gap="xs" grow>
          <Button
            mih={TARGET}
            color={checked ? 'green' : 'teal'}
            variant={checked ? 'light' : 'filled'}
            loading={checkIn.busy}
            aria-pressed={checked}
            aria-label={
              checked ? `In ${formatClubTime(entrant.checkedInAt!)}: ${entrant.name} checked in; tap to undo` : `Check in ${entrant.name}`
            }
            onClick={() => void checkIn.tap()}
          >
            {checked ? (
              <>
                <span aria-hidden="true">✓&nbsp;</span>In {formatClubTime(entrant.checkedInAt!)}
              </>
            ) : (
              'Check in'
            )}
          </Button>
          {toPay && (
            <Button
              mih={TARGET}
              variant="light"
              color="orange"
              onClick={() => actions.pay(entrant)}
              aria-label={`Take $${entrant.fee} from ${entrant.name}`}
            >
              Take ${entrant.fee}
            </Button>
          )}
          {offersCatchLink(entrant) && !isPending(entrant.registrationId) && (
            <Button mih={TARGET} variant="light" onClick={() => actions.catchLink(entrant)} aria-label={`Catch link for ${entrant.name}`}>
              Catch link
            </Button>
          )}
          <div style={{ flexGrow: 0 }}>
            <RowAction icon="delete" color="red" label={`Remove ${entrant.name}`} onClick={() => actions.remove(entrant)} />
          </div>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the desk needs to know of a junior on the day: whom to call, and any medical notes from their household. */
function JuniorCare({ care }: { care: NonNullable<DeskEntrant['juniorCare']> }) {
  const contact = care.emergencyContact;
  return (
    <Stack gap={2} data-testid="junior-care">
      {contact ? (
        <Text size="sm">
          Emergency: {contact.name} ({contact.relationship}),{' '}
          <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} size="sm">
            {contact.phone}
          </Anchor>
        </Text>
      ) : (
        <Text size="sm" c="red.9">
          No emergency contact on file
        </Text>
      )}
      {care.medicalNotes && (
        <Text size="sm" c="red.9" fw={500} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          Medical: {care.medicalNotes}
        </Text>
      )}
    </Stack>
  );
}
