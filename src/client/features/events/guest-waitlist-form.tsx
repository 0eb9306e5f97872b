import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { EventView } from '../../../shared/events.schema';
import { centsToAmount } from '../../../shared/membership';
import { useCompetitionRules } from '../../lib/competition-rules';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { GuestDetailsFields, useGuestDetails } from './guest-details-fields';

/**
 * 'Join the waiting list as a guest' on a full event: the same details as entering, so that when a place comes up
 * the guest is entered at once and e-mailed; the non-member fee is then paid at the sign-on desk. The server says
 * where they stand in the queue, or why not (already waiting, places free again, members only).
 */
export function GuestWaitlistForm({ event, onClose }: { event: EventView; onClose: () => void }) {
  const trpc = useTRPC();
  const details = useGuestDetails();
  // An event without a non-member fee of its own: the club's (its competition rules).
  const clubFees = useCompetitionRules().entryFeesCents;
  const nonMemberFee = event.nonMemberFee ?? centsToAmount(clubFees.nonMember);
  const join = useMutation(trpc.guests.joinWaitlist.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    join.mutate({ eventId: event.id, ...details.values, documentsAccepted: details.documentsAccepted });
  };

  if (join.data)
    return (
      <Stack gap="md" data-testid="guest-waiting">
        <Alert color="green" title={`You're number ${join.data.position} on the waiting list`}>
          {join.data.message}
        </Alert>
        <Button mih={44} onClick={onClose}>
          Done
        </Button>
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Join the waiting list as a guest">
      <Stack gap="sm">
        <Text size="sm">
          {event.name} is full. Not a member? Join its waiting list as a guest: if a place comes up, you are entered for the non-member fee
          of ${nonMemberFee}, paid at the sign-on desk on the day, and we e-mail you.
        </Text>
        <GuestDetailsFields
          details={details}
          errors={fieldErrorsOf(join.error)}
          emailDescription="We e-mail you here if a place comes up"
        />
        {join.error && (
          <Alert color="red" title="Not on the waiting list">
            {serverMessage(join.error) ?? 'Something went wrong. Please try again.'}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg" color="teal" loading={join.isPending}>
            Join the waiting list
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
