import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { DIVISION_LABELS, ENTRY_PAYMENT_LABELS, type EntryPaymentState } from '../../../shared/entries';
import type { MemberRegistration } from '../../../shared/events.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { CalendarLink } from './calendar-link';
import { CancelEntryButton } from './cancel-entry';
import type { EntryDue } from './entry-dialogs';
import { formatClubDateTime } from './event-text';
import { useRefreshEntries } from './use-refresh-entries';

const PAYMENT_COLOURS: Record<EntryPaymentState, string> = {
  free: 'gray',
  unpaid: 'orange',
  pay_at_sign_on: 'blue',
  paid: 'green',
  refunded: 'gray',
};

/** The registration: the event, the entrant when it is someone else, and the fee's state. */
function RegisteredEventDetails({ registration, someoneElse }: { registration: MemberRegistration; someoneElse: boolean }) {
  const state = registration.paymentState;
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
      <Group gap="xs">
        <Title order={4} style={{ overflowWrap: 'anywhere' }}>
          {registration.name}
        </Title>
        <Badge color="green" variant="light">
          Registered
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {registration.location}
      </Text>
      <Text size="sm">{formatClubDateTime(registration.eventDate)}</Text>
      {someoneElse && (
        <Text size="sm">
          Entrant: {registration.memberName}
          {registration.division === 'junior' ? ` · ${DIVISION_LABELS.junior} division` : ''}
        </Text>
      )}
      {state && state !== 'free' && registration.fee && (
        <Group gap="xs">
          <Text size="sm">Entry fee ${registration.fee}</Text>
          <Badge color={PAYMENT_COLOURS[state]} variant="light" data-testid="entry-payment-state">
            {ENTRY_PAYMENT_LABELS[state]}
          </Badge>
        </Group>
      )}
      <CalendarLink id={registration.eventId} />
    </Stack>
  );
}

export function RegisteredEvent({
  registration,
  ownId,
  onPay,
}: {
  registration: MemberRegistration;
  ownId: string | undefined;
  onPay: (due: EntryDue) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshEntries();
  const cancel = useMutation(
    trpc.events.cancel.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Success', message);
        void refresh();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to cancel registration. Please try again.'),
    }),
  );
  const state = registration.paymentState;
  const someoneElse = registration.memberId !== undefined && ownId !== undefined && registration.memberId !== ownId;
  return (
    <Card withBorder radius="md" padding="md" data-testid="registered-event">
      <Group justify="space-between" align="flex-start" gap="sm">
        <RegisteredEventDetails registration={registration} someoneElse={someoneElse} />
        <Stack gap="xs" style={{ flex: '0 0 auto' }}>
          {(state === 'unpaid' || state === 'pay_at_sign_on') && registration.canCancel && registration.fee && (
            <Button
              mih={44}
              color="teal"
              onClick={() => onPay({ eventId: registration.eventId, eventName: registration.name, amount: registration.fee! })}
            >
              Pay ${registration.fee} online
            </Button>
          )}
          {/* The server says whether it may still be cancelled (not once the event has started). */}
          {registration.canCancel && (
            <CancelEntryButton
              registration={registration}
              entrant={someoneElse ? (registration.memberName ?? null) : null}
              label={someoneElse ? `Cancel ${registration.memberName}` : 'Cancel Registration'}
              pending={cancel.isPending}
              onCancel={() => cancel.mutate({ id: registration.eventId, ...(someoneElse ? { memberId: registration.memberId } : {}) })}
            />
          )}
          {registration.canCancel && registration.refundOnCancel && (
            <Text size="xs" c="dimmed">
              Cancelling refunds the fee
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
