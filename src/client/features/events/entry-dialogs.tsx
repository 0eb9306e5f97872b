import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventView, MemberRegistration } from '../../../shared/events.schema';
import type { MemberProfile } from '../../../shared/members.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import { entryPricesLine } from './event-text';
import { EntryPayment } from './entry-payment';
import { householdEntrants } from './household-entrants';
import { useRefreshEntries } from './use-refresh-entries';

/** What is to be paid online for an event: its id and name, and the amount the server asked for. */
export interface EntryDue {
  eventId: string;
  eventName: string;
  amount: string;
}

/** 'Pay entry fee': one order for the household's unpaid entries in the event, priced by the server. */
export function PayEntryDialog({ due, onClose }: { due: EntryDue | null; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const refresh = useRefreshEntries();
  const createOrder = useMutation(trpc.entries.createOrder.mutationOptions());
  const capture = useMutation(trpc.entries.capture.mutationOptions());
  return (
    <Modal opened={due !== null} onClose={onClose} title="Pay entry fee" fullScreen={phone}>
      {due && (
        <Stack gap="md">
          <EntryPayment
            amount={due.amount}
            what={`Entry fee for ${due.eventName}`}
            createOrder={async () => (await createOrder.mutateAsync({ id: due.eventId })).id}
            capture={(orderId) => capture.mutateAsync({ orderId })}
            onPaid={() => void refresh()}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** A thumb's target on a phone: each person and each way of paying is a 44 px row, the close button 44 px. */
const TOUCH_ROW = { body: { minHeight: 44, alignItems: 'center' } } as const;
const BIG_CLOSE = { 'aria-label': 'Close dialog', size: 'xl' } as const;

/**
 * 'Enter with my juniors': a household adult enters the household's juniors (and themselves, when not entered yet) in
 * one go and chooses to pay online now or at the sign-on desk (where the event allows it). The server prices each
 * person; whoever is offered is ticked to start with.
 */
export function EnterHouseholdDialog({
  event,
  profile,
  registrations,
  onClose,
  onDue,
}: {
  event: EventView | null;
  profile: MemberProfile;
  registrations: MemberRegistration[];
  onClose: () => void;
  onDue: (due: EntryDue) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const rules = useMembershipRules();
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={event ? `Enter ${event.name}` : 'Enter'}
      fullScreen={phone}
      closeButtonProps={BIG_CLOSE}
    >
      {/* Keyed by the event: each opening starts from whom that event offers. */}
      {event && (
        <HouseholdEntryForm
          key={event.id}
          event={event}
          offered={householdEntrants(rules, event, profile, registrations)}
          onClose={onClose}
          onDue={onDue}
        />
      )}
    </Modal>
  );
}

function HouseholdEntryForm({
  event,
  offered,
  onClose,
  onDue,
}: {
  event: EventView;
  offered: ReturnType<typeof householdEntrants>;
  onClose: () => void;
  onDue: (due: EntryDue) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshEntries();
  const people = [...(offered.self ? [offered.self] : []), ...offered.juniors];
  const [chosen, setChosen] = useState<string[]>(() => people.map((p) => p.id));
  const [pay, setPay] = useState<'online' | 'sign_on'>('online');
  const enter = useMutation(
    trpc.entries.enter.mutationOptions({
      onSuccess: (result) => {
        toast.success('Success', result.message);
        void refresh();
        onClose();
        if (Number(result.amountDue) > 0) onDue({ eventId: event.id, eventName: event.name, amount: result.amountDue });
      },
    }),
  );
  return (
    <Stack gap="md">
      {entryPricesLine(event) && <Text size="sm">{entryPricesLine(event)}</Text>}
      <Checkbox.Group label="Who is entering?" value={chosen} onChange={setChosen}>
        <Stack gap="xs" mt="xs">
          {people.map((m) => (
            <Checkbox
              key={m.id}
              size="md"
              styles={TOUCH_ROW}
              value={m.id}
              label={`${m.firstName} ${m.lastName}${m.self ? ' (you)' : ' (junior)'}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {event.payAtSignOn !== false && (
        <Radio.Group label="Paying" value={pay} onChange={(v) => setPay(v as 'online' | 'sign_on')}>
          <Stack gap="xs" mt="xs">
            <Radio size="md" styles={TOUCH_ROW} value="online" label="Pay online now" />
            <Radio size="md" styles={TOUCH_ROW} value="sign_on" label="Pay at the sign-on desk on the day" />
          </Stack>
        </Radio.Group>
      )}
      {enter.error && <Alert color="red">{serverMessage(enter.error) ?? 'Could not enter. Please try again.'}</Alert>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" mih={44} onClick={onClose} disabled={enter.isPending}>
          Cancel
        </Button>
        <Button
          color="teal"
          mih={44}
          disabled={chosen.length === 0}
          loading={enter.isPending}
          onClick={() => enter.mutate({ id: event.id, memberIds: chosen, payAtSignOn: pay === 'sign_on' })}
        >
          Enter {chosen.length === 1 ? '1 person' : `${chosen.length} people`}
        </Button>
      </Group>
    </Stack>
  );
}
