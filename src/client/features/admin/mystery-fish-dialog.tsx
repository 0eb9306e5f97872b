import { Alert, Button, Group, Modal, NativeSelect, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CATCH_SIZE_MAX_CM } from '../../../shared/catches';
import { mysteryFishInput, type MysteryFishAdminView } from '../../../shared/competition.schema';
import { formatClubDateTime, formatClubTime } from '../../../shared/dates';
import type { AdminEventView } from '../../../shared/events.schema';
import { RowButton } from '../../components/admin-row-actions';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { GuardedModal } from '../../components/guarded-modal';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { useNow } from '../../lib/clock';
import { serverMessage } from '../../lib/errors';
import { useSpeciesNames } from '../../lib/species';
import { useTRPC } from '../../trpc';
import { useMysteryFishAdmin, type MysteryFishAdminState } from './use-mystery-fish-admin';

/** A close button a wet finger can hit (44 px), still named as the site's other dialogs name theirs. */
const BIG_CLOSE = { 'aria-label': 'Close dialog', size: 'xl' } as const;

type Kind = 'exact' | 'range';
interface Values {
  species: string;
  kind: Kind;
  lengthCm: number | string;
  minCm: number | string;
  maxCm: number | string;
}
const EMPTY: Values = { species: '', kind: 'exact', lengthCm: '', minCm: '', maxCm: '' };
const cm = (value: number | string) => (value === '' ? undefined : Number(value));

/** Where a message of the schema or the server shows in the form. */
const fieldOf = (path: string): keyof Values | undefined =>
  path === 'species'
    ? 'species'
    : path === 'length.minCm'
      ? 'minCm'
      : path === 'length.maxCm'
        ? 'maxCm'
        : path.startsWith('length')
          ? 'lengthCm'
          : undefined;

/** 'Sealed (set by Ada Min at Sat 5 Dec 2026, 7:00 pm)': all anyone learns of a sealed fish, the committee included. */
export function sealedText(view: MysteryFishAdminView): string {
  return `Sealed (set by ${view.sealedByName ?? 'a former committee member'} at ${formatClubDateTime(view.sealedAt!)})`;
}

/** A length in centimetres, to a tenth, as big as a thumb needs. */
function LengthField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
}) {
  return (
    <NumberInput
      label={label}
      min={0.1}
      max={CATCH_SIZE_MAX_CM}
      step={0.1}
      decimalScale={1}
      allowNegative={false}
      inputMode="decimal"
      hideControls
      size="lg"
      rightSection={
        <Text size="xs" c="dimmed">
          cm
        </Text>
      }
      value={value}
      onChange={onChange}
      error={error}
      style={{ flex: '1 1 120px' }}
    />
  );
}

/** The form that seals a fish: species, then an exact length or a range. Cleared once sealed, so nothing stays on screen. */
function SealForm({ view, onSealed }: { view: MysteryFishAdminView; onSealed: () => void }) {
  const trpc = useTRPC();
  const species = useSpeciesNames();
  const form = useSchemaForm({
    schema: mysteryFishInput,
    initialValues: EMPTY,
    toInput: (v) => ({
      eventId: view.eventId,
      species: v.species,
      length: v.kind === 'exact' ? { kind: 'exact', lengthCm: cm(v.lengthCm) } : { kind: 'range', minCm: cm(v.minCm), maxCm: cm(v.maxCm) },
    }),
    fieldOf,
  });
  const seal = useMutation(
    trpc.admin.mysteryFish.set.mutationOptions({
      onSuccess: () => {
        toast.success(view.state === 'sealed' ? 'Mystery fish replaced and sealed' : 'Mystery fish sealed');
        form.reset();
        onSealed();
      },
      onError: (error) => {
        form.applyServerError(error);
        toast.error('The mystery fish was not sealed', serverMessage(error));
      },
    }),
  );
  const lengthField = (field: 'lengthCm' | 'minCm' | 'maxCm', label: string) => (
    <LengthField label={label} value={form.values[field]} onChange={(v) => form.setValue(field, v)} error={form.errors[field]} />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.validate();
        if (input) seal.mutate(input);
      }}
    >
      <Stack gap="sm">
        <NativeSelect
          label="Species"
          data={[{ value: '', label: 'Choose the species' }, ...species]}
          size="lg"
          {...form.inputProps('species')}
        />
        <SegmentedControl
          aria-label="Exact length or range"
          fullWidth
          size="lg"
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
          value={form.values.kind}
          onChange={(v) => form.setValue('kind', v as Kind)}
          data={[
            { value: 'exact', label: 'Exact length' },
            { value: 'range', label: 'Range' },
          ]}
        />
        {form.values.kind === 'exact' ? (
          lengthField('lengthCm', 'Length')
        ) : (
          <Group gap="sm" align="flex-start" wrap="wrap">
            {lengthField('minCm', 'Shortest')}
            {lengthField('maxCm', 'Longest')}
          </Group>
        )}
        <Button type="submit" size="lg" loading={seal.isPending}>
          {view.state === 'sealed' ? 'Replace and seal' : 'Seal mystery fish'}
        </Button>
      </Stack>
    </form>
  );
}

/** What state the fish is in: none yet, sealed (by whom and when), or revealed with its winner. */
function MysteryFishStatus({ view, eventName }: { view: MysteryFishAdminView; eventName: string }) {
  if (view.state === 'none') return <Text>No mystery fish is set for {eventName} yet.</Text>;
  if (view.state === 'sealed') {
    return (
      <Text fw={600} data-testid="mystery-fish-state">
        {sealedText(view)}
      </Text>
    );
  }
  return (
    <Alert color="teal" variant="light" title={`Revealed: ${view.species}, ${view.lengthText}`} data-testid="mystery-fish-state">
      {view.winner
        ? `Winner: ${view.winner.anglerName}, ${view.winner.sizeCm} cm, caught at ${formatClubTime(view.winner.caughtAt)}. Prize: ${view.prize}.`
        : 'No winner: no catch of the day matched it.'}
      {view.revealedByName && ` Revealed by ${view.revealedByName} at ${formatClubDateTime(view.revealedAt!)}.`}
    </Alert>
  );
}

/** 'Reveal mystery fish', once fishing has closed, and what still waits for the judges. */
function RevealButton({
  view,
  closesAt,
  fishingClosed,
  onReveal,
}: {
  view: MysteryFishAdminView;
  closesAt: Date;
  fishingClosed: boolean;
  onReveal: () => void;
}) {
  return (
    <Stack gap={4}>
      <Button color="orange" size="lg" disabled={!fishingClosed} onClick={onReveal}>
        Reveal mystery fish
      </Button>
      {!fishingClosed && (
        <Text size="sm" c="dimmed">
          It can be revealed once fishing closes ({formatClubDateTime(closesAt)}).
        </Text>
      )}
      {fishingClosed && view.pendingCatches > 0 && (
        <Text size="sm" c="orange.8">
          {view.pendingCatches === 1 ? '1 catch still waits' : `${view.pendingCatches} catches still wait`} for the judges: judge them
          first.
        </Text>
      )}
    </Stack>
  );
}

/** 'Reveal the mystery fish?': it cannot be undone. */
function RevealConfirm({ state, event }: { state: MysteryFishAdminState; event: Pick<AdminEventView, 'id' | 'name'> }) {
  const { confirming, setConfirming, reveal } = state;
  return (
    <Modal closeButtonProps={BIG_CLOSE} opened={confirming} onClose={() => setConfirming(false)} title="Reveal the mystery fish?" centered>
      <Stack gap="md">
        <Text size="sm">Everyone will see the mystery fish of {event.name} and its winner at once. This cannot be undone.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={() => setConfirming(false)} disabled={reveal.isPending}>
            Cancel
          </Button>
          <Button color="orange" mih={44} loading={reveal.isPending} onClick={() => reveal.mutate({ eventId: event.id })}>
            Reveal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The committee's mystery fish of one event: what state it is in, sealing or replacing it, and the reveal (confirmed). */
export function MysteryFishAdmin({ event }: { event: Pick<AdminEventView, 'id' | 'name'> }) {
  const state = useMysteryFishAdmin(event.id);
  const now = useNow();

  return (
    <QueryState query={state.fish} loading="Loading the mystery fish..." failure="Could not load the mystery fish. Please try again later.">
      {(view) => {
        const closesAt = new Date(view.fishingClosesAt);
        const fishingClosed = now >= closesAt.getTime();
        return (
          <Stack gap="md">
            <MysteryFishStatus view={view} eventName={event.name} />
            {view.state !== 'revealed' &&
              (fishingClosed ? (
                <Text size="sm" c="dimmed">
                  Fishing closed at {formatClubDateTime(closesAt)}: the mystery fish can no longer be set or replaced.
                </Text>
              ) : (
                <>
                  <Text size="sm" c="dimmed">
                    {view.state === 'sealed'
                      ? 'Replacing it seals the new one instead. Nobody, you included, can read it back before the presentation.'
                      : 'Once sealed, nobody (you included) can read it back before the presentation.'}
                  </Text>
                  <SealForm view={view} onSealed={() => void state.refresh()} />
                </>
              ))}
            {view.state === 'sealed' && (
              <RevealButton view={view} closesAt={closesAt} fishingClosed={fishingClosed} onReveal={() => state.setConfirming(true)} />
            )}
            <RevealConfirm state={state} event={event} />
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** The 'Mystery fish' action of an event row and its dialog (full screen on a phone). */
export function MysteryFishButton({ event }: { event: Pick<AdminEventView, 'id' | 'name'> }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowButton label="Mystery fish" spoken="Mystery fish of" name={event.name} variant="default" onClick={() => setOpen(true)} />
      <GuardedModal
        closeButtonProps={BIG_CLOSE}
        opened={open}
        onClose={() => setOpen(false)}
        title={`Mystery fish: ${event.name}`}
        fullScreen={phone}
      >
        {open && <MysteryFishAdmin event={event} />}
      </GuardedModal>
    </>
  );
}
