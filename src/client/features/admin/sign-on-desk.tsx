import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatClubDateTime, formatClubTime } from '../../../shared/dates';
import { DIVISION_LABELS, ENTRY_PAYMENT_LABELS, entriesCloseText, type EntryPaymentState } from '../../../shared/entries';
import type { DeskEntrant, DeskView } from '../../../shared/entries.schema';
import { MANUAL_METHOD_OPTIONS, type ManualPaymentMethod } from '../../../shared/payments';
import { QueryState } from '../../components/query-state';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { RowAction } from '../../components/admin-row-actions';
import { AddEntrantForm } from './add-entrant-form';
import { CatchLinkDialog, offersCatchLink } from './catch-link-dialog';
import { DeskWaitingList, WaitingFirstNotice } from './desk-waiting-list';
import { newRequestKey } from './refund-dialog';
import { RemoveEntrantDialog } from './remove-entrant-dialog';
import { useRefreshDesk } from './use-refresh-desk';
import { DateField } from '../../components/forms/date-field';

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
  const desk = useQuery(trpc.admin.signOn.list.queryOptions({ id: eventId }));
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<DeskEntrant | null>(null);
  const [removing, setRemoving] = useState<DeskEntrant | null>(null);
  const [linking, setLinking] = useState<DeskEntrant | null>(null);
  const [adding, setAdding] = useState<'member' | 'guest' | null>(null);
  // On a phone the admin page's figures come first: the desk is brought into view when it opens.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => top.current?.scrollIntoView?.({ block: 'start' }), []);

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
      <QueryState query={desk} loading="Loading the entrants..." failure="Could not load the entrants. Please try again.">
        {(view) => (
          <DeskBody
            view={view}
            search={search}
            onSearch={setSearch}
            actions={{ pay: setPaying, remove: setRemoving, catchLink: setLinking }}
            onAdd={setAdding}
          />
        )}
      </QueryState>
      <TakePaymentDialog eventId={eventId} entrant={paying} onClose={() => setPaying(null)} />
      <CatchLinkDialog entrant={linking} onClose={() => setLinking(null)} />
      <RemoveEntrantDialog eventId={eventId} eventName={desk.data?.eventName ?? ''} entrant={removing} onClose={() => setRemoving(null)} />
      <AddWalkUpDialog
        eventId={eventId}
        eventName={desk.data?.eventName ?? ''}
        waiting={desk.data?.waiting ?? []}
        kind={adding}
        onClose={() => setAdding(null)}
      />
    </Stack>
  );
}

function DeskBody({
  view,
  search,
  onSearch,
  actions,
  onAdd,
}: {
  view: DeskView;
  search: string;
  onSearch: (value: string) => void;
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
        <EntrantCard key={entrant.registrationId} eventId={view.eventId} entrant={entrant} actions={actions} />
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
  remove: (entrant: DeskEntrant) => void;
  catchLink: (entrant: DeskEntrant) => void;
}

function EntrantCard({ eventId, entrant, actions }: { eventId: string; entrant: DeskEntrant; actions: EntrantActions }) {
  const trpc = useTRPC();
  const refresh = useRefreshDesk(eventId);
  const checkIn = useMutation(
    trpc.admin.signOn.checkIn.mutationOptions({
      onSuccess: () => void refresh(),
      onError: (error) => toast.error('Check-in not saved', serverMessage(error)),
    }),
  );
  const checked = Boolean(entrant.checkedInAt);
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
        <Group gap={6}>
          <Badge variant="light" color={entrant.kind === 'guest' ? 'grape' : 'blue'}>
            {entrant.kind === 'guest' ? 'Guest' : 'Member'}
          </Badge>
          <Badge variant="light" color={entrant.division === 'junior' ? 'cyan' : 'gray'}>
            {DIVISION_LABELS[entrant.division]} · {entrant.age}
          </Badge>
          <Badge variant="light" color={STATE_COLOURS[entrant.paymentState]} data-testid="desk-payment">
            {ENTRY_PAYMENT_LABELS[entrant.paymentState]}
            {entrant.paidBy ? ` · ${entrant.paidBy}` : ''}
          </Badge>
          {entrant.disqualified && (
            <Badge variant="filled" color="red">
              Disqualified
            </Badge>
          )}
        </Group>
        {entrant.juniorCare && <JuniorCare care={entrant.juniorCare} />}
        <Group gap="xs" grow>
          <Button
            mih={TARGET}
            color={checked ? 'green' : 'teal'}
            variant={checked ? 'light' : 'filled'}
            loading={checkIn.isPending}
            aria-pressed={checked}
            aria-label={checked ? `${entrant.name} checked in; tap to undo` : `Check in ${entrant.name}`}
            onClick={() => checkIn.mutate({ registrationId: entrant.registrationId, checkedIn: !checked })}
          >
            {checked ? `✓ In ${formatClubTime(entrant.checkedInAt!)}` : 'Check in'}
          </Button>
          {toPay && (
            <Button
              mih={TARGET}
              variant="light"
              color="orange"
              onClick={() => actions.pay(entrant)}
              aria-label={`Take payment from ${entrant.name}`}
            >
              Take ${entrant.fee}
            </Button>
          )}
          {offersCatchLink(entrant) && (
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

/** Cash or a card at the desk for one entrant: the amount is always the server's; a double tap records once. */
function TakePaymentDialog({ eventId, entrant, onClose }: { eventId: string; entrant: DeskEntrant | null; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const refresh = useRefreshDesk(eventId);
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const record = useMutation(
    trpc.admin.signOn.recordPayment.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Payment recorded', message);
        void refresh();
        setRequestKey(newRequestKey());
        setReference('');
        onClose();
      },
    }),
  );
  return (
    <GuardedModal opened={entrant !== null} onClose={onClose} title="Take payment" fullScreen={phone} dirty={reference.trim() !== ''}>
      {entrant && (
        <Stack gap="sm">
          <Text>
            Entry fee for {entrant.name}:{' '}
            <Text span fw={700} fz="lg">
              ${entrant.fee}
            </Text>
          </Text>
          <SegmentedControl
            fullWidth
            size="lg"
            value={method}
            onChange={(v) => setMethod(v as ManualPaymentMethod)}
            data={MANUAL_METHOD_OPTIONS.filter((o) => o.value === 'cash' || o.value === 'card').map((o) => ({
              value: o.value,
              label: o.value === 'card' ? 'Card' : o.label,
            }))}
          />
          <TextInput
            size="lg"
            label="Reference (optional)"
            placeholder="Receipt book number"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          {record.error && <Alert color="red">{serverMessage(record.error) ?? 'Not recorded. Please try again.'}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={TARGET} onClick={onClose} disabled={record.isPending}>
              Cancel
            </Button>
            <Button
              mih={TARGET}
              loading={record.isPending}
              onClick={() => record.mutate({ registrationId: entrant.registrationId, method, reference, requestKey })}
            >
              Record ${entrant.fee}
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}

const BLANK_GUEST = { firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' };

/** A walk-up entrant: a current member (Add Entrant, past the close and the capacity) or a non-member guest. */
function AddWalkUpDialog({
  eventId,
  eventName,
  waiting,
  kind,
  onClose,
}: {
  eventId: string;
  eventName: string;
  waiting: DeskView['waiting'];
  kind: 'member' | 'guest' | null;
  onClose: () => void;
}) {
  const [passOverWaiting, setPassOverWaiting] = useState(false);
  // Each opening asks afresh whether to pass over the waiting list.
  if (kind === null && passOverWaiting) setPassOverWaiting(false);
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const refresh = useRefreshDesk(eventId);
  const [guest, setGuest] = useState(BLANK_GUEST);
  const addGuest = useMutation(
    trpc.admin.signOn.addGuest.mutationOptions({
      onSuccess: (entrant) => {
        toast.success('Guest added', `${entrant.name} is entered; take their $${entrant.fee}.`);
        setGuest(BLANK_GUEST);
        void refresh();
        onClose();
      },
    }),
  );
  const errors = fieldErrorsOf(addGuest.error);
  const set = (field: keyof typeof BLANK_GUEST) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setGuest((g) => ({ ...g, [field]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    addGuest.mutate({ eventId, ...guest, passOverWaiting });
  };
  return (
    <GuardedModal
      opened={kind !== null}
      onClose={onClose}
      title={kind === 'guest' ? 'Add a guest' : 'Add a member'}
      fullScreen={phone}
      dirty={kind === 'guest' && Object.values(guest).some((v) => v.trim() !== '')}
    >
      {kind !== null && (
        <WaitingFirstNotice
          eventId={eventId}
          waiting={waiting}
          passOver={passOverWaiting}
          onPassOver={setPassOverWaiting}
          onEntered={onClose}
        />
      )}
      {kind === 'member' && (
        <AddEntrantForm
          event={{ id: eventId, name: eventName }}
          passOverWaiting={passOverWaiting}
          onCancel={onClose}
          onDone={() => {
            void refresh();
            onClose();
          }}
        />
      )}
      {kind === 'guest' && (
        <form onSubmit={submit} noValidate aria-label="Add a guest">
          <Stack gap="sm">
            <Text size="sm">
              A non-member pays the non-member fee. With an e-mail address, paying sends them the link for logging catches.
            </Text>
            <TextInput size="lg" label="First name" required value={guest.firstName} onChange={set('firstName')} error={errors.firstName} />
            <TextInput size="lg" label="Last name" required value={guest.lastName} onChange={set('lastName')} error={errors.lastName} />
            <DateField
              size="lg"
              label="Date of birth"
              required
              value={guest.dateOfBirth}
              onChange={set('dateOfBirth')}
              error={errors.dateOfBirth}
            />
            <TextInput size="lg" label="Email (optional)" type="email" value={guest.email} onChange={set('email')} error={errors.email} />
            <TextInput size="lg" label="Phone (optional)" type="tel" value={guest.phone} onChange={set('phone')} error={errors.phone} />
            {addGuest.error && <Alert color="red">{serverMessage(addGuest.error) ?? 'Not added. Please try again.'}</Alert>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" mih={TARGET} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" mih={TARGET} loading={addGuest.isPending}>
                Add guest
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
