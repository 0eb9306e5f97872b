import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../components/forms/date-field';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useRefreshDesk } from './use-refresh-desk';

const BLANK = { firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' };
/** Every control on the desk is at least this tall: it is used standing at the ramp, often on a phone. */
const TARGET = 44;

/**
 * A walk-up non-member when the event is full: on the waiting list, in line with everyone else, with an e-mail
 * address or a phone number so the club can tell them when a place comes up (the server refuses neither given).
 */
export function DeskWaitlistGuestDialog({ eventId, opened, onClose }: { eventId: string; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const refresh = useRefreshDesk(eventId);
  const [guest, setGuest] = useState(BLANK);
  const wait = useMutation(
    trpc.admin.signOn.waitlistGuest.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('On the waiting list', message);
        setGuest(BLANK);
        void refresh();
        onClose();
      },
    }),
  );
  const errors = fieldErrorsOf(wait.error);
  const set = (field: keyof typeof BLANK) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setGuest((g) => ({ ...g, [field]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    wait.mutate({ eventId, ...guest });
  };
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title="Put a guest on the waiting list"
      fullScreen={phone}
      dirty={Object.values(guest).some((v) => v.trim() !== '')}
    >
      <form onSubmit={submit} noValidate aria-label="Put a guest on the waiting list">
        <Stack gap="sm">
          <Text size="sm">
            The event is full. A non-member waits in line with everyone else; when a place is theirs they pay the non-member fee. Give an
            e-mail address or a phone number to tell them.
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
          <TextInput size="lg" label="Email" type="email" value={guest.email} onChange={set('email')} error={errors.email} />
          <TextInput size="lg" label="Phone" type="tel" value={guest.phone} onChange={set('phone')} error={errors.phone} />
          {wait.error && <Alert color="red">{serverMessage(wait.error) ?? 'Not added. Please try again.'}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={TARGET} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={TARGET} loading={wait.isPending}>
              Put on the waiting list
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
