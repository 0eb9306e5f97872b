import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Species } from '../../../shared/catches';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

const MAX_CM = 300;
const RANGE_ERROR = 'Enter a length of more than 0 cm and at most 300 cm, or leave it empty for no limit.';

/** What the input holds as the server would store it: empty is no limit; undefined when it is not a valid length. */
function parseLimit(value: number | string): number | null | undefined {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_CM) return undefined;
  return n;
}

function SizeLimitRow({ species, minimumCm }: { species: Species; minimumCm: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(minimumCm ?? '');
  const parsed = parseLimit(value);
  const invalid = parsed === undefined;
  const changed = !invalid && parsed !== minimumCm;

  const save = useMutation(
    trpc.admin.catches.setSizeLimit.mutationOptions({
      onSuccess: (saved) => {
        toast.success('Minimum length saved', `${saved.species}: ${saved.minimumCm === null ? 'no limit' : `${saved.minimumCm} cm`}`);
        void queryClient.invalidateQueries({ queryKey: trpc.catches.sizeLimits.queryKey() });
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to save the minimum length. Please try again.'),
    }),
  );

  return (
    <Group gap="sm" wrap="wrap" align="flex-start" data-testid="size-limit-row">
      <Text fw={500} style={{ flex: '1 1 140px', minWidth: 0, paddingTop: 6 }}>
        {species}
      </Text>
      <NumberInput
        aria-label={`${species} minimum length (cm)`}
        placeholder="No limit"
        min={0}
        max={MAX_CM}
        step={0.5}
        decimalScale={1}
        allowNegative={false}
        inputMode="decimal"
        rightSection={
          <Text size="xs" c="dimmed">
            cm
          </Text>
        }
        value={value}
        onChange={setValue}
        error={value !== '' && invalid ? RANGE_ERROR : undefined}
        style={{ flex: '0 1 170px', minWidth: 120 }}
      />
      <Button
        variant="light"
        disabled={!changed}
        loading={save.isPending}
        aria-label={`Save ${species} minimum length`}
        onClick={() => {
          if (parsed !== undefined) save.mutate({ species, minimumCm: parsed });
        }}
      >
        Save
      </Button>
    </Group>
  );
}

/** The committee's legal minimum lengths, one row per species; kept fish under them get a warning when logged. */
export function SizeLimitsEditor() {
  const trpc = useTRPC();
  const limits = useQuery(trpc.catches.sizeLimits.queryOptions());

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Legal Minimum Lengths
        </Title>
        <Text size="sm" c="dimmed">
          Kept fish under these lengths get a warning before they are logged. Seeded with NSW DPI values; check the current limits at
          fisheries.nsw.gov.au.
        </Text>
        <QueryState
          query={limits}
          loading="Loading minimum lengths..."
          failure="Could not load the minimum lengths. Please try again later."
        >
          {(limits.data ?? []).map((limit) => (
            <SizeLimitRow key={limit.species} species={limit.species} minimumCm={limit.minimumCm} />
          ))}
        </QueryState>
      </Stack>
    </Card>
  );
}
