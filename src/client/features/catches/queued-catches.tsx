import { Alert, Badge, Button, Card, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatClubDateTime } from '../../../shared/dates';
import { memberChoiceLabel } from '../../../shared/member-names';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { useSpeciesNames } from '../../lib/species';
import { useTRPC } from '../../trpc';
import type { QueuedCatch } from './catch-queue';
import { catchFields } from './catch-fields';
import { CatchSizeInput, FateRadios } from './catch-inputs';
import { useQueuedCatches, type QueuedCatchFix } from './use-queued-catches';

const STATE_LABEL: Record<QueuedCatch['state'], { text: string; color: string }> = {
  waiting: { text: 'Waiting to send', color: 'orange' },
  sending: { text: 'Sending…', color: 'blue' },
  failed: { text: 'Not sent', color: 'red' },
};

/** A catch on this phone: what it is, where it stands, why the club refused it, and what the member can do. */
function QueuedCatchCard({
  entry,
  onFix,
  onSend,
  onDiscard,
}: {
  entry: QueuedCatch;
  onFix: () => void;
  onSend: () => void;
  onDiscard: () => void;
}) {
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="queued-catch">
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
          <Button size="sm" mih={44} variant="light" onClick={onFix}>
            Fix &amp; resend
          </Button>
        ) : (
          <Button size="sm" mih={44} variant="light" onClick={onSend}>
            Send now
          </Button>
        )}
        <Button size="sm" mih={44} variant="subtle" color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Card>
  );
}

/** 'Discard this catch?': removes it from this phone for good once confirmed. */
function DiscardQueuedCatch({
  entry,
  onKeep,
  onDiscard,
}: {
  entry: QueuedCatch | null;
  onKeep: () => void;
  onDiscard: (entry: QueuedCatch) => void;
}) {
  return (
    <Modal opened={entry !== null} onClose={onKeep} title="Discard this catch?" centered>
      <Stack gap="sm">
        <Text size="sm">
          {entry?.fishType} {entry?.size} cm will be removed from this phone and never reach the club.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            Keep it
          </Button>
          <Button color="red" onClick={() => onDiscard(entry!)}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The catches still on this phone: what they are, why any was refused, and what the member can do about it. */
export function QueuedCatches({ ownerId }: { ownerId?: string } = {}) {
  const { queue, editing, setEditing, discarding, setDiscarding, whileClosed, sendNow, resend, discard } = useQueuedCatches(ownerId);
  if (queue.length === 0) return null;

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
          <QueuedCatchCard
            key={entry.clientId}
            entry={entry}
            onFix={() => setEditing(entry)}
            onSend={() => void sendNow(entry)}
            onDiscard={() => setDiscarding(entry)}
          />
        ))}
      </Stack>

      {editing && <FixQueuedCatch entry={editing} onClose={() => setEditing(null)} onResend={(fix) => resend(editing, fix)} />}

      <DiscardQueuedCatch entry={discarding} onKeep={() => setDiscarding(null)} onDiscard={discard} />
    </Card>
  );
}

/** What the fix form checks: the catch's own fields (its event stays). */
const fixFields = catchFields.omit({ eventId: true });

/** Corrects what the club refused (the angler, species, size, kept or released) and sends it again under the same id. */
function FixQueuedCatch({
  entry,
  onClose,
  onResend,
}: {
  entry: QueuedCatch;
  onClose: () => void;
  onResend: (fix: QueuedCatchFix) => Promise<void>;
}) {
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
          <QueuedSpeciesSelect queued={entry.fishType} {...form.inputProps('fishType')} />
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

/** The club's species; a catch queued as one the club no longer lists shows it as it was, to be chosen anew. */
function QueuedSpeciesSelect({
  queued,
  ...input
}: {
  queued: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
}) {
  const species = useSpeciesNames();
  const unlisted = species.includes(queued) ? [] : [{ value: queued, label: `${queued} (choose a species)`, disabled: true }];
  return <NativeSelect label="Species" {...input} data={[...unlisted, ...species]} />;
}
