import { NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEventView } from '../../../shared/events.schema';
import { FormButtons } from '../../components/admin-row-actions';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { memberChoiceLabel } from '../../../shared/member-names';

/**
 * Signs a member on at the ramp: the committee enters them in the event on the day, past the close of entries
 * and the capacity, so their catches count (only entrants score).
 */
export function AddEntrantForm({
  event,
  passOverWaiting = false,
  onDone,
  onCancel,
  submit,
}: {
  event: Pick<AdminEventView, 'id' | 'name'>;
  /** The committee chose to add them although others wait for a place (refused with their names otherwise). */
  passOverWaiting?: boolean;
  onDone: () => void;
  onCancel: () => void;
  /** Enters the member another way (the sign-on desk keeps it on the device first); true once done. */
  submit?: (memberId: string, name: string) => Promise<boolean>;
}) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const [memberId, setMemberId] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const confirm = async (list: { id: string; firstName: string; lastName: string }[]) => {
    if (!submit) return add.mutate({ id: event.id, memberId, passOverWaiting });
    const chosen = list.find((m) => m.id === memberId);
    setSubmitting(true);
    const done = await submit(memberId, chosen ? `${chosen.firstName} ${chosen.lastName}` : 'The member');
    setSubmitting(false);
    if (done) onDone();
  };
  const add = useMutation(
    trpc.admin.events.addEntrant.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (error) => toast.error('Could not add the entrant', serverMessage(error)),
    }),
  );
  return (
    <QueryState query={members} loading="Loading members..." failure="Could not load the members. Please try again later.">
      {(list) => (
        <Stack gap="sm">
          <Text size="sm">
            Enter a current member in {event.name}, also after entries have closed or the event is full. Only entrants&apos; catches count.
          </Text>
          <NativeSelect
            label="Member"
            value={memberId}
            onChange={(e) => setMemberId(e.currentTarget.value)}
            data={[{ value: '', label: 'Choose a member' }, ...list.map((m) => ({ value: m.id, label: memberChoiceLabel(m) }))]}
          />
          <FormButtons
            label="Add Entrant"
            disabled={!memberId}
            busy={add.isPending || submitting}
            onCancel={onCancel}
            onConfirm={() => void confirm(list)}
          />
        </Stack>
      )}
    </QueryState>
  );
}
