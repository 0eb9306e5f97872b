import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { ONE_PLACING_LABEL, type PlacingRulesView } from '../../../shared/placing-rules.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** Who last switched it and when, or that it is as the club's rules have it. */
function provenance(view: PlacingRulesView): string {
  if (!view.changedAt) return "The club's default.";
  return `Last switched ${view.onePlacingPerAngler ? 'on' : 'off'} by ${view.changedBy} on ${formatAuDate(clubToday(new Date(view.changedAt)))}.`;
}

/**
 * The club's rule on placings: with 'One placing per angler per category' on (the default), an angler's best catch
 * in a category places and their other catches there take no place. A switch takes effect at once on the results,
 * the live boards, the presentation and the season's champion points.
 */
export function PlacingRulesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rules = useQuery(trpc.admin.placingRules.get.queryOptions());
  const save = useMutation(
    trpc.admin.placingRules.set.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(trpc.admin.placingRules.get.queryKey(), view);
        // The results, ladders and boards this browser keeps are worked out again under the rule.
        void queryClient.invalidateQueries({ queryKey: trpc.catches.pathKey() });
        toast.success(`${ONE_PLACING_LABEL}: ${view.onePlacingPerAngler ? 'on' : 'off'}`, 'The results and boards follow it now.');
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to save the placing rule. Please try again.'),
    }),
  );

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Placings
        </Title>
        <QueryState query={rules} loading="Loading the placing rule..." failure="Could not load the placing rule. Please try again later.">
          {rules.data && (
            <Stack gap="xs">
              <Switch
                size="md"
                label={ONE_PLACING_LABEL}
                aria-describedby="placing-rule-meaning"
                checked={save.isPending ? Boolean(save.variables?.onePlacingPerAngler) : rules.data.onePlacingPerAngler}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ onePlacingPerAngler: e.currentTarget.checked })}
              />
              <Text size="sm" id="placing-rule-meaning">
                On: an angler&apos;s best catch in a category places and their other catches there do not; the next angler moves up. Off:
                one angler may take several places in a category.
              </Text>
              <Text size="sm" c="dimmed" data-testid="placing-rules-provenance">
                {provenance(rules.data)}
              </Text>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
