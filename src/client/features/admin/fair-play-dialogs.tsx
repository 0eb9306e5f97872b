import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatAuDate } from '../../../shared/dates';
import {
  disqualifyInput,
  FAIR_PLAY_REASON_LENGTH,
  latestSuspensionEnd,
  reopenInput,
  suspendInput,
  SUSPENSION_MAX_MONTHS,
  type JudgedCatchView,
} from '../../../shared/judging.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { DateField } from '../../components/forms/date-field';

/** What a committee decision changes on screen: the lists, the results and ladder, and the members list are read again. */
function useAfterDecision() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        trpc.admin.catches.judged.pathKey(),
        trpc.admin.catches.queue.pathKey(),
        trpc.admin.catches.waitingEvents.pathKey(),
        trpc.catches.results.pathKey(),
        trpc.catches.ladder.pathKey(),
        trpc.admin.members.search.pathKey(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** A decision's outcome: the server's sentence (or `success`) in a toast, the lists read again, the dialog closed. */
function useDecided<O>(failure: string, onDone: () => void, success: (answer: O) => string) {
  const after = useAfterDecision();
  return {
    onSuccess: (answer: O) => {
      toast.success(success(answer));
      void after();
      onDone();
    },
    onError: (error: unknown) => toast.error(failure, serverMessage(error)),
  };
}

const said = (answer: { message: string }) => answer.message;

/** A confirm dialog: what happens, the fields, Cancel and the action. Full screen on a phone. */
function DecisionModal({
  opened,
  title,
  onClose,
  busy,
  action,
  color = 'red',
  onConfirm,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  busy: boolean;
  action: string;
  color?: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} fullScreen={phone} size="md">
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}

/** A reason box checked with the shared schema, its messages under the field. */
function useReasonForm<S extends z.ZodType>(schema: S, toInput: (reason: string) => unknown) {
  return useSchemaForm({ schema, initialValues: { reason: '' }, toInput: (v) => toInput(v.reason) });
}

function ReasonField({
  description,
  ...input
}: {
  description: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
}) {
  return (
    <Textarea
      label="Reason"
      description={description}
      withAsterisk
      data-autofocus
      minRows={2}
      autosize
      maxLength={FAIR_PLAY_REASON_LENGTH.max}
      {...input}
    />
  );
}

const fish = (item: JudgedCatchView) => `${item.fishType}, ${item.size} cm, by ${item.anglerName}`;

/** 'Reopen': the decision is undone and the catch goes back to 'To judge', with a reason for the audit log. */
export function ReopenDialog({ item, onClose }: { item: JudgedCatchView; onClose: () => void }) {
  const trpc = useTRPC();
  const form = useReasonForm(reopenInput, (reason) => ({ id: item.id, reason }));
  const reopen = useMutation(
    trpc.admin.catches.reopen.mutationOptions(useDecided('Could not reopen the decision', onClose, () => 'Decision reopened')),
  );
  return (
    <DecisionModal
      opened
      title="Reopen this decision?"
      onClose={onClose}
      busy={reopen.isPending}
      action="Reopen"
      color="blue"
      onConfirm={() => {
        const input = form.validate();
        if (input) reopen.mutate(input);
      }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {fish(item)} goes back to ‘To judge’ as the angler logged it, and stops counting until it is judged again. The angler is told it is
        being judged again, and then the new verdict.
      </Text>
      <ReasonField description="Kept in the audit log; the angler does not see it." {...form.inputProps('reason')} />
    </DecisionModal>
  );
}

/** 'Disqualify from this event': the angler's catches in the event stop counting; they are e-mailed the reason. */
export function DisqualifyDialog({ item, onClose }: { item: JudgedCatchView; onClose: () => void }) {
  const trpc = useTRPC();
  const form = useReasonForm(disqualifyInput, (reason) => ({ eventId: item.eventId, memberId: item.anglerId, reason }));
  const disqualify = useMutation(
    trpc.admin.events.disqualify.mutationOptions(useDecided('Could not disqualify the angler', onClose, said)),
  );
  return (
    <DecisionModal
      opened
      title={`Disqualify ${item.anglerName}?`}
      onClose={onClose}
      busy={disqualify.isPending}
      action="Disqualify"
      onConfirm={() => {
        const input = form.validate();
        if (input) disqualify.mutate(input);
      }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        All of {item.anglerName}&apos;s catches in {item.eventName} stop counting in its results and the season ladder, and no more can be
        logged for them in it. They are e-mailed the reason. ‘Reinstate’ undoes it.
      </Text>
      <ReasonField description="The angler sees this reason." {...form.inputProps('reason')} />
    </DecisionModal>
  );
}

/** 'Suspend member': no entering events or logging catches until a day at most 12 months ahead. */
export function SuspendDialog({ item, onClose }: { item: JudgedCatchView; onClose: () => void }) {
  const trpc = useTRPC();
  const today = useClubToday();
  const latest = latestSuspensionEnd(today);
  const form = useSchemaForm({
    schema: suspendInput,
    initialValues: { until: '', reason: '' },
    toInput: (v) => ({ memberId: item.anglerId, ...v }),
  });
  const suspend = useMutation(trpc.admin.members.suspend.mutationOptions(useDecided('Could not suspend the member', onClose, said)));
  return (
    <DecisionModal
      opened
      title={`Suspend ${item.anglerName}?`}
      onClose={onClose}
      busy={suspend.isPending}
      action="Suspend"
      onConfirm={() => {
        const input = form.validate();
        if (input)
          suspend.mutate(input, {
            onError: (error) => form.applyServerError(error),
          });
      }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Until the day you choose, {item.anglerName} cannot enter events or log catches, and nobody can for them. The club&apos;s rules allow
        up to {SUSPENSION_MAX_MONTHS} months. They are e-mailed the date and reason.
      </Text>
      <DateField
        data-autofocus
        label="Suspended until (last day)"
        description={`From today to ${formatAuDate(latest)}.`}
        withAsterisk
        min={today}
        max={latest}
        {...form.inputProps('until')}
      />
      <ReasonField description="The member sees this reason." {...form.inputProps('reason')} />
    </DecisionModal>
  );
}

/** 'Reinstate': undoes a disqualification. */
export function ReinstateDialog({ item, onClose }: { item: JudgedCatchView; onClose: () => void }) {
  const trpc = useTRPC();
  const reinstate = useMutation(trpc.admin.events.reinstate.mutationOptions(useDecided('Could not reinstate the angler', onClose, said)));
  return (
    <DecisionModal
      opened
      title={`Reinstate ${item.anglerName}?`}
      onClose={onClose}
      busy={reinstate.isPending}
      action="Reinstate"
      color="blue"
      onConfirm={() => reinstate.mutate({ eventId: item.eventId, memberId: item.anglerId })}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.anglerName}&apos;s verified catches in {item.eventName} count again, and they can log catches in it. They are e-mailed.
      </Text>
    </DecisionModal>
  );
}

/** 'Lift suspension': ends a suspension early. */
export function LiftSuspensionDialog({ member, onClose }: { member: { id: string; name: string; until: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const lift = useMutation(trpc.admin.members.liftSuspension.mutationOptions(useDecided('Could not lift the suspension', onClose, said)));
  return (
    <DecisionModal
      opened
      title={`Lift ${member.name}'s suspension?`}
      onClose={onClose}
      busy={lift.isPending}
      action="Lift suspension"
      color="blue"
      onConfirm={() => lift.mutate({ memberId: member.id })}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {member.name} is suspended until {formatAuDate(member.until)}. Lifted now, they can enter events and log catches again. They are
        e-mailed.
      </Text>
    </DecisionModal>
  );
}
