import { Alert, Badge, Button, Card, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SPECIES } from '../../../shared/catches';
import { formatClubDateTime } from '../../../shared/dates';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';
import { useAuth } from '../../lib/use-auth';
import { removeQueued, updateQueued, type QueuedCatch } from './catch-queue';
import { onSyncAnswer, sendsWhileClosed, sendWhenSignalReturns, syncAsked } from '../../offline/background-sync';
import { sendQueued, stillWaitingSentence } from './catch-sender';
import { uploadFromPage } from './upload-catch';
import { useCatchQueue } from './use-catch-queue';
import { catchFields } from './catch-fields';
import { CatchSizeInput, FateRadios } from './catch-inputs';
import { memberChoiceLabel } from '../../../shared/member-names';

/** Whether the browser has accepted to send the waiting catches with the site closed; asks it once catches wait. */
function useSendsWhileClosed(waiting: boolean): boolean {
  // A page drawn on the server (and the app taking it over) has not asked the browser yet.
  const accepted = useSyncExternalStore(onSyncAnswer, sendsWhileClosed, () => false);
  useEffect(() => {
    if (waiting && !syncAsked()) void sendWhenSignalReturns();
  }, [waiting]);
  return accepted;
}

const STATE_LABEL: Record<QueuedCatch['state'], { text: string; color: string }> = {
  waiting: { text: 'Waiting to send', color: 'orange' },
  sending: { text: 'Sending…', color: 'blue' },
  failed: { text: 'Not sent', color: 'red' },
};

/** The catches still on this phone: what they are, why any was refused, and what the member can do about it. */
export function QueuedCatches({ ownerId }: { ownerId?: string } = {}) {
  const { user } = useAuth();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // `ownerId`: whose queue (a guest's is 'guest:<member id>'); the signed-in user's by default.
  const queue = useCatchQueue().filter((entry) => entry.userId === (ownerId ?? user?.id));
  const [editing, setEditing] = useState<QueuedCatch | null>(null);
  const [discarding, setDiscarding] = useState<QueuedCatch | null>(null);
  const whileClosed = useSendsWhileClosed(queue.some((entry) => entry.state !== 'failed'));
  if (queue.length === 0) return null;

  const sendNow = async (entry: QueuedCatch) => {
    // Never stuck: a send under way (here, in another tab or cut off by a closed page) gives way to this one.
    const outcome = await sendQueued(entry, uploadFromPage(), { takeOver: true });
    if (outcome?.kind === 'sent') {
      toast.success('Catch sent', `${entry.fishType} ${entry.size} cm has reached the club.`);
      void queryClient.invalidateQueries({ queryKey: trpc.catches.mine.queryKey() });
    } else if (outcome?.kind === 'refused') toast.error('Not sent', outcome.message);
    else if (outcome) toast.info('Waiting to send', stillWaitingSentence(outcome.kind));
  };

  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="queued-catches-title">
      <Title order={3} id="queued-catches-title" mb={4}>
        Waiting to send ({queue.length})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {whileClosed
          ? 'Saved on this phone. They send by themselves, oldest first, as soon as there is signal, even with the app closed.'
          : 'Saved on this phone. They send, oldest first, while the club’s site is open and there is signal: keep it open, or open it again when you have signal.'}
      </Text>
      <Stack gap="sm">
        {queue.map((entry) => (
          <Card key={entry.clientId} withBorder radius="sm" padding="sm" data-testid="queued-catch">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>
                  {entry.fishType} · {entry.size} cm · {entry.fishKeptOrReleased === 'kept' ? 'Kept' : 'Released'}
                </Text>
                <Text size="sm" c="dimmed">
                  {[entry.anglerName, entry.eventName, formatClubDateTime(entry.loggedAt)].filter(Boolean).join(' · ')}
                </Text>
              </div>
              <Badge color={STATE_LABEL[entry.state].color} variant="light" style={{ flexShrink: 0 }}>
                {STATE_LABEL[entry.state].text}
              </Badge>
            </Group>
            {entry.state === 'failed' && entry.error && (
              <Alert color="red" variant="light" mt="xs" p="xs">
                {entry.error}
              </Alert>
            )}
            <Group gap="xs" mt="xs">
              {entry.state === 'failed' ? (
                <Button size="sm" mih={44} variant="light" onClick={() => setEditing(entry)}>
                  Fix &amp; resend
                </Button>
              ) : (
                <Button size="sm" mih={44} variant="light" onClick={() => void sendNow(entry)}>
                  Send now
                </Button>
              )}
              <Button size="sm" mih={44} variant="subtle" color="red" onClick={() => setDiscarding(entry)}>
                Discard
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>

      {editing && (
        <FixQueuedCatch
          entry={editing}
          onClose={() => setEditing(null)}
          onResend={async (patch) => {
            setEditing(null);
            await updateQueued(editing.clientId, { ...patch, state: 'waiting', error: undefined });
            await sendNow({ ...editing, ...patch });
          }}
        />
      )}

      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title="Discard this catch?" centered>
        <Stack gap="sm">
          <Text size="sm">
            {discarding?.fishType} {discarding?.size} cm will be removed from this phone and never reach the club.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => {
                const entry = discarding!;
                setDiscarding(null);
                void removeQueued(entry.clientId).then(() =>
                  toast.info('Discarded', `${entry.fishType} ${entry.size} cm was removed from this phone.`),
                );
              }}
            >
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** What the fix form checks: the catch's own fields (its event stays). */
const fixFields = catchFields.omit({ eventId: true });

type Fix = Pick<QueuedCatch, 'memberId' | 'anglerName' | 'fishType' | 'size' | 'fishKeptOrReleased'>;

/** Corrects what the club refused (the angler, species, size, kept or released) and sends it again under the same id. */
function FixQueuedCatch({ entry, onClose, onResend }: { entry: QueuedCatch; onClose: () => void; onResend: (fix: Fix) => Promise<void> }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const form = useSchemaForm({
    schema: fixFields,
    initialValues: {
      memberId: entry.memberId,
      fishType: entry.fishType as string,
      size: entry.size as number | string,
      fishKeptOrReleased: entry.fishKeptOrReleased,
    },
  });
  const { memberId, size, fishKeptOrReleased: fate } = form.values;
  const sizeCm = typeof size === 'number' ? size : Number.NaN;
  const angler = members.data?.find((m) => m.id === memberId);
  return (
    <Modal opened onClose={onClose} title="Fix & resend" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const fix = form.validate();
          if (!fix) {
            if (!(sizeCm > 0)) toast.error('Missing Information', 'Please fill in all required fields.');
            return;
          }
          void onResend({
            memberId,
            anglerName: angler ? `${angler.firstName} ${angler.lastName}` : entry.anglerName,
            fishType: fix.fishType,
            size: sizeCm,
            fishKeptOrReleased: fix.fishKeptOrReleased,
          });
        }}
      >
        <Stack gap="sm">
          {entry.error && (
            <Alert color="red" variant="light" p="xs">
              {entry.error}
            </Alert>
          )}
          <NativeSelect
            label="Member"
            {...form.inputProps('memberId')}
            data={(members.data ?? [{ id: entry.memberId, firstName: entry.anglerName, lastName: '' }]).map((m) => ({
              value: m.id,
              label: memberChoiceLabel(m),
            }))}
          />
          <NativeSelect label="Species" {...form.inputProps('fishType')} data={[...SPECIES]} />
          <CatchSizeInput value={size} onChange={(v) => form.setValue('size', v)} error={form.errors.size} />
          <FateRadios value={fate} onChange={(v) => form.setValue('fishKeptOrReleased', v)} error={form.errors.fishKeptOrReleased} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="teal">
              Resend
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
