import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Species } from '../../../shared/catches';
import { SIZE_LIMIT_MAX_CM, sizeLimitForm } from '../../../shared/catches.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** What the input holds as the server would store it: empty is no limit. */
const limitOf = (value: number | string): number | null => (value === '' ? null : Number(value));

function SizeLimitRow({ species, minimumCm }: { species: Species; minimumCm: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: sizeLimitForm,
    initialValues: { minimumCm: (minimumCm ?? '') as number | string },
    toInput: (v) => ({ species, minimumCm: limitOf(v.minimumCm) }),
  });
  const value = form.values.minimumCm;
  // The length is checked as it is typed: an invalid one cannot be saved.
  const checked = form.check();
  const changed = checked.data !== undefined && checked.data.minimumCm !== minimumCm;

  const save = useMutation(
    trpc.admin.catches.setSizeLimit.mutationOptions({
      onSuccess: (saved) => {
        toast.success('Minimum length saved', `${saved.species}: ${saved.minimumCm === null ? 'no limit' : `${saved.minimumCm} cm`}`);
        void queryClient.invalidateQueries({ queryKey: trpc.catches.sizeLimits.queryKey() });
      },
      onError: (error) => {
        form.applyServerError(error);
        toast.error('Error', serverMessage(error) ?? 'Failed to save the minimum length. Please try again.');
      },
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
        max={SIZE_LIMIT_MAX_CM}
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
        onChange={(v) => form.setValue('minimumCm', v)}
        error={(value !== '' ? checked.errors?.minimumCm : undefined) ?? form.errors.minimumCm}
        style={{ flex: '0 1 170px', minWidth: 120 }}
      />
      <Button
        variant="light"
        disabled={!changed}
        loading={save.isPending}
        aria-label={`Save ${species} minimum length`}
        onClick={() => {
          const input = form.validate();
          if (input) save.mutate(input);
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
