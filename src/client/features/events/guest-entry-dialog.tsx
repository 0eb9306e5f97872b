import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type GuestEntryResult } from '../../../shared/entries.schema';
import type { EventView } from '../../../shared/events.schema';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { entriesCloseLine } from './event-text';
import { EntryPayment } from './entry-payment';
import { GuestDetailsFields, useGuestDetails } from './guest-details-fields';
import { GuestWaitlistForm } from './guest-waitlist-form';

/**
 * 'Enter as a guest' (non-members): name, e-mail, phone and date of birth, the waiver and the competition rules
 * accepted, then the non-member fee paid online. The club then e-mails a single-use link that signs the guest in
 * to log catches in this event. 'Send me a new link' is for a guest who has lost theirs. On a full event the same
 * details put the guest on its waiting list instead (guest-waitlist-form.tsx).
 */
export function GuestEntryDialog({ event, onClose }: { event: EventView | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  // A full event takes guests on its waiting list instead; decided as the dialog opens, so an entry that takes the
  // last place does not turn into the waiting list while it is being paid.
  const [waitlist] = useState(() => Boolean(event?.isFull));
  const title = !event ? 'Enter as a guest' : waitlist ? `Wait for a place in ${event.name}` : `Enter ${event.name} as a guest`;
  return (
    <Modal opened={event !== null} onClose={onClose} title={title} fullScreen={phone}>
      {event && waitlist && <GuestWaitlistForm key={event.id} event={event} onClose={onClose} />}
      {event && !waitlist && <GuestEntry key={event.id} event={event} onClose={onClose} />}
    </Modal>
  );
}

function GuestEntry({ event, onClose }: { event: EventView; onClose: () => void }) {
  const trpc = useTRPC();
  const details = useGuestDetails();
  const [entered, setEntered] = useState<GuestEntryResult | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const [lostLink, setLostLink] = useState(false);
  const enter = useMutation(trpc.guests.enter.mutationOptions({ onSuccess: setEntered }));
  const createOrder = useMutation(trpc.guests.createOrder.mutationOptions());
  const capture = useMutation(trpc.guests.capture.mutationOptions());
  const errors = fieldErrorsOf(enter.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    enter.mutate({ eventId: event.id, ...details.values, documentsAccepted: details.documentsAccepted });
  };

  if (paid)
    return (
      <YoureIn
        message={paid}
        note="On the day, open the link in that e-mail on the phone you will fish with to log your catches."
        onClose={onClose}
      />
    );
  if (entered && Number(entered.amount) > 0) {
    return (
      <Stack gap="md">
        <Text>{entered.message}</Text>
        <EntryPayment
          amount={entered.amount}
          what={`Non-member entry fee for ${entered.name}`}
          otherwise="Please pay at the sign-on desk on the day."
          createOrder={async () => (await createOrder.mutateAsync()).id}
          capture={(orderId) => capture.mutateAsync({ orderId })}
          onPaid={(result) => setPaid(result.message)}
        />
      </Stack>
    );
  }
  if (entered) return <YoureIn message={entered.message} onClose={onClose} />;
  if (lostLink) return <NewLink event={event} onBack={() => setLostLink(false)} />;

  return (
    <form onSubmit={submit} noValidate aria-label="Enter as a guest">
      <Stack gap="sm">
        <Text size="sm">
          Not a member? Enter this competition as a guest for the non-member fee of ${event.nonMemberFee ?? '15.00'}.{' '}
          {entriesCloseLine(event) ?? ''}
        </Text>
        <GuestDetailsFields details={details} errors={errors} emailDescription="Your receipt and the link for logging catches go here" />
        {enter.error && (
          <Alert color="red" title="Not entered yet">
            {serverMessage(enter.error) ?? 'Something went wrong. Please try again.'}
          </Alert>
        )}
        <Button type="submit" size="lg" color="teal" loading={enter.isPending}>
          Continue to payment
        </Button>
        <Group justify="space-between" gap="sm">
          <Anchor component="button" type="button" size="sm" mih={44} onClick={() => setLostLink(true)}>
            Already entered? Send me a new link
          </Anchor>
          <Button variant="default" mih={44} onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The guest is entered (paid, or free): what the club said, and what to do on the day. */
function YoureIn({ message, note, onClose }: { message: string; note?: string; onClose: () => void }) {
  return (
    <Stack gap="md" data-testid="guest-entered">
      <Alert color="green" title="You're in!">
        {message}
      </Alert>
      {note && <Text size="sm">{note}</Text>}
      <Button mih={44} onClick={onClose}>
        Done
      </Button>
    </Stack>
  );
}

/** A paid guest who lost their link asks for a new one (the same answer whoever asks). */
function NewLink({ event, onBack }: { event: EventView; onBack: () => void }) {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const send = useMutation(trpc.guests.sendLink.mutationOptions());
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({ eventId: event.id, email });
      }}
    >
      <Stack gap="sm">
        <TextInput
          size="lg"
          label="The email you entered with"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {send.data && <Alert color="green">{send.data.message}</Alert>}
        {send.error && <Alert color="red">{serverMessage(send.error) ?? 'Please try again.'}</Alert>}
        <Group justify="space-between">
          <Button variant="default" mih={44} onClick={onBack}>
            Back
          </Button>
          <Button type="submit" mih={44} loading={send.isPending}>
            Send me a new link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
