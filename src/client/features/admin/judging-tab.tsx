import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CATCH_FLAG_LABELS, CATCH_FLAGS, SPECIES, type Species } from '../../../shared/catches';
import type { CatchFlag, JudgeCatchView, JudgeInput } from '../../../shared/catches.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** How much each automatic flag matters, as the colour of its badge. */
const FLAG_COLORS: Record<CatchFlag, string> = {
  no_gps: 'yellow',
  outside_tweed: 'red',
  duplicate_photo: 'red',
  no_camera_metadata: 'orange',
  photo_time_outside_hours: 'orange',
  photo_time_differs: 'orange',
  sent_late: 'gray',
  kept_under_minimum: 'orange',
};

/** The judge's plain-English reading of each automatic flag (from src/shared), with its colour. */
export const FLAG_LABELS = Object.fromEntries(
  CATCH_FLAGS.map((flag) => [flag, { label: CATCH_FLAG_LABELS[flag], color: FLAG_COLORS[flag] }]),
) as Record<CatchFlag, { label: string; color: string }>;

/** A map of a position on OpenStreetMap, zoomed to street level. */
export function osmUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
}

/** Plain-case labels that wrap on a phone instead of being cut off. */
const FLAG_BADGE_STYLES = {
  root: { textTransform: 'none', height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal' },
} as const;

const isSpecies = (value: string): value is Species => (SPECIES as readonly string[]).includes(value);
const MAX_SIZE_CM = 300;
const GENERIC_ERROR = 'Failed to judge the catch. Please try again.';

type Mode = 'idle' | 'correct' | 'reject';
type Pressed = 'approve' | 'correct' | 'reject' | null;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function PhotoFacts({ item }: { item: JudgeCatchView }) {
  const hasPlace = item.photoLatitude !== null && item.photoLongitude !== null;
  if (!item.photoTakenAt && !hasPlace && !item.photoCamera) {
    return (
      <Text size="sm" c="dimmed">
        No camera metadata
      </Text>
    );
  }
  return (
    <>
      <Fact label="Photo taken">{item.photoTakenAt ? formatClubDateTime(item.photoTakenAt) : 'not recorded'}</Fact>
      <Fact label="Photo location">
        {hasPlace ? (
          <>
            {item.photoLatitude!.toFixed(6)}, {item.photoLongitude!.toFixed(6)}{' '}
            <Anchor
              href={osmUrl(item.photoLatitude!, item.photoLongitude!)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Photo location on OpenStreetMap"
            >
              (map)
            </Anchor>
          </>
        ) : (
          'not recorded'
        )}
      </Fact>
      <Fact label="Camera">{item.photoCamera ?? 'not recorded'}</Fact>
    </>
  );
}

function JudgeCard({ item }: { item: JudgeCatchView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [pressed, setPressed] = useState<Pressed>(null);
  const [fishType, setFishType] = useState<string>(isSpecies(item.fishType) ? item.fishType : '');
  const [size, setSize] = useState<number | string>(item.size);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const judge = useMutation(
    trpc.admin.catches.judge.mutationOptions({
      onSuccess: (judged, input) => {
        toast.success(
          input.action === 'approve' ? 'Catch approved' : 'Catch rejected',
          `${judged.fishType}, ${judged.size} cm, by ${judged.anglerName}`,
        );
        // The card leaves at once; the refetch confirms what the server now holds.
        queryClient.setQueryData(trpc.admin.catches.queue.queryKey(), (old) => old?.filter((c) => c.id !== input.id));
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.catches.queue.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.catches.results.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.catches.ladder.pathKey() }),
        ]);
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? GENERIC_ERROR),
      onSettled: () => setPressed(null),
    }),
  );

  const send = (button: Exclude<Pressed, null>, input: JudgeInput) => {
    setPressed(button);
    judge.mutate(input);
  };

  const approveAsLogged = () => send('approve', { action: 'approve', id: item.id });

  const saveAndApprove = () => {
    const newSize = typeof size === 'number' ? size : Number(size);
    if (size === '' || !Number.isFinite(newSize) || newSize <= 0 || newSize > MAX_SIZE_CM) {
      setSizeError('Size must be a length in cm between 0.1 and 300.');
      return;
    }
    setSizeError(null);
    const input: Extract<JudgeInput, { action: 'approve' }> = { action: 'approve', id: item.id };
    const rounded = Math.round(newSize * 10) / 10;
    if (rounded !== item.size) input.size = rounded;
    if (isSpecies(fishType) && fishType !== item.fishType) input.fishType = fishType;
    send('correct', input);
  };

  const confirmReject = () => {
    const trimmed = reason.trim();
    if (trimmed.length < 3) {
      setReasonError('Please give the angler a reason (at least 3 characters).');
      return;
    }
    setReasonError(null);
    send('reject', { action: 'reject', id: item.id, reason: trimmed });
  };

  const busy = judge.isPending;
  const hasGps = item.latitude !== null && item.longitude !== null;
  const photoAlt = `Catch photo: ${item.fishType} by ${item.anglerName}`;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="judge-catch"
      aria-label={`${item.fishType} by ${item.anglerName}`}
      component="article"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="sm">
          <Anchor
            href={item.photoUrl}
            target="_blank"
            rel="noopener noreferrer"
            title="Open the full-size photo in a new tab"
            style={{ display: 'block' }}
          >
            <img
              src={item.photoUrl}
              alt={photoAlt}
              style={{
                display: 'block',
                width: '100%',
                maxHeight: 420,
                objectFit: 'contain',
                borderRadius: 8,
                background: 'var(--mantine-color-gray-1)',
              }}
            />
          </Anchor>
          {item.clubCode ? (
            <Alert color="blue" variant="light" p="sm">
              <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                Club code: {item.clubCode} — check it is on the brag mat
              </Text>
            </Alert>
          ) : (
            <Alert color="gray" variant="light" p="sm">
              <Text fw={600}>No club code set for this event</Text>
            </Alert>
          )}
        </Stack>

        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {item.fishType} · {item.size} cm
          </Title>
          {item.flags.length > 0 ? (
            <Group gap={6} aria-label="Flags">
              {item.flags.map((flag) => (
                <Badge key={flag} color={FLAG_LABELS[flag].color} variant="light" styles={FLAG_BADGE_STYLES}>
                  {FLAG_LABELS[flag].label}
                </Badge>
              ))}
            </Group>
          ) : (
            <Group gap={6}>
              <Badge color="green" variant="light" styles={FLAG_BADGE_STYLES}>
                No flags
              </Badge>
            </Group>
          )}
          <Fact label="Angler">{item.anglerName}</Fact>
          <Fact label="Event">
            {item.eventName}, {formatClubDateTime(item.eventDate)}
          </Fact>
          <Fact label="Species">{item.fishType}</Fact>
          <Fact label="Size">{item.size} cm</Fact>
          <Fact label="Kept or released">{item.fishKeptOrReleased === 'kept' ? 'Kept' : 'Released'}</Fact>
          <Fact label="Logged">{formatClubDateTime(item.catchTime)}</Fact>
          {item.flags.includes('sent_late') && <Fact label="Received">{formatClubDateTime(item.receivedAt)}</Fact>}
          <Fact label="GPS">
            {item.gpsText ?? 'GPS not available'}
            {hasGps && (
              <>
                {' '}
                <Anchor href={osmUrl(item.latitude!, item.longitude!)} target="_blank" rel="noopener noreferrer">
                  View on OpenStreetMap
                </Anchor>
              </>
            )}
          </Fact>
          <PhotoFacts item={item} />

          <Group gap="xs" mt="sm">
            <Button
              color="green"
              onClick={approveAsLogged}
              loading={busy && pressed === 'approve'}
              disabled={busy && pressed !== 'approve'}
            >
              Approve
            </Button>
            <Button
              variant={mode === 'correct' ? 'filled' : 'light'}
              onClick={() => setMode(mode === 'correct' ? 'idle' : 'correct')}
              disabled={busy}
              aria-expanded={mode === 'correct'}
            >
              Correct & Approve
            </Button>
            <Button
              color="red"
              variant={mode === 'reject' ? 'filled' : 'light'}
              onClick={() => setMode(mode === 'reject' ? 'idle' : 'reject')}
              disabled={busy}
              aria-expanded={mode === 'reject'}
            >
              Reject
            </Button>
          </Group>

          {mode === 'correct' && (
            <Stack gap="xs" mt="xs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <NativeSelect
                  label="Species"
                  value={fishType}
                  onChange={(e) => setFishType(e.currentTarget.value)}
                  data={[
                    ...(isSpecies(item.fishType) ? [] : [{ value: '', label: `${item.fishType} (choose a species)`, disabled: true }]),
                    ...SPECIES.map((s) => ({ value: s, label: s })),
                  ]}
                />
                <NumberInput
                  label="Size (cm)"
                  min={0}
                  max={MAX_SIZE_CM}
                  step={0.1}
                  decimalScale={1}
                  allowNegative={false}
                  inputMode="decimal"
                  value={size}
                  onChange={(v) => {
                    setSize(v);
                    setSizeError(null);
                  }}
                  error={sizeError}
                />
              </SimpleGrid>
              <Group gap="xs" justify="flex-end">
                <Button variant="default" onClick={() => setMode('idle')} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  color="green"
                  onClick={saveAndApprove}
                  loading={busy && pressed === 'correct'}
                  disabled={busy && pressed !== 'correct'}
                >
                  Save & Approve
                </Button>
              </Group>
            </Stack>
          )}

          {mode === 'reject' && (
            <Stack gap="xs" mt="xs">
              <Textarea
                label="Reason"
                description="The angler sees this reason."
                withAsterisk
                minRows={2}
                rows={2}
                maxLength={300}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
              />
              <Group gap="xs" justify="flex-end">
                <Button variant="default" onClick={() => setMode('idle')} disabled={busy}>
                  Cancel
                </Button>
                <Button color="red" onClick={confirmReject} loading={busy && pressed === 'reject'} disabled={busy && pressed !== 'reject'}>
                  Confirm Reject
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** The judging queue: pending catches, oldest first, with everything needed to approve or reject them. */
export function AdminJudgingTab() {
  const trpc = useTRPC();
  const queue = useQuery(trpc.admin.catches.queue.queryOptions());
  const items = queue.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl">
          Judging
        </Title>
        {queue.data && items.length > 0 && (
          <Text size="sm" c="dimmed">
            {items.length === 1 ? '1 catch waiting' : `${items.length} catches waiting`}
          </Text>
        )}
      </Group>
      <QueryState
        query={queue}
        loading="Loading catches..."
        failure="Could not load the catches waiting for review. Please try again later."
        isEmpty={items.length === 0}
        empty="No catches waiting for review."
      >
        {items.map((item) => (
          <JudgeCard key={item.id} item={item} />
        ))}
      </QueryState>
    </Stack>
  );
}
