import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { JudgeCatchView } from '../../../shared/catches.schema';
import { JudgeCatchFacts, JudgePhoto } from './judge-catch-facts';
import { JudgeFlags } from './judge-flags';
import { JudgeDuplicate, JudgeMap } from './judge-photo-checks';
import { RejectForm, SizeCorrectionForm } from './judge-forms';
import { useJudgeCatch } from './use-judge-catch';

/** One catch waiting for review: the photo and facts, Approve, Correct & Approve, and Reject. */
export function JudgeCard({ item }: { item: JudgeCatchView }) {
  const judge = useJudgeCatch(item);
  const { mode } = judge;

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
        <Stack gap="sm" style={{ minWidth: 0 }}>
          <JudgePhoto item={item} />
          <JudgeMap item={item} />
        </Stack>

        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {item.fishType} · {item.size} cm
          </Title>
          <JudgeFlags flags={item.flags} />
          <JudgeDuplicate item={item} />
          <JudgeCatchFacts item={item} />

          <Group gap="xs" mt="sm">
            <Button color="green" onClick={judge.approveAsLogged} {...judge.buttonState('approve')}>
              Approve
            </Button>
            <Button
              variant={mode === 'correct' ? 'filled' : 'light'}
              onClick={() => judge.toggle('correct')}
              disabled={judge.busy}
              aria-expanded={mode === 'correct'}
            >
              Correct & Approve
            </Button>
            <Button
              color="red"
              variant={mode === 'reject' ? 'filled' : 'light'}
              onClick={() => judge.toggle('reject')}
              disabled={judge.busy}
              aria-expanded={mode === 'reject'}
            >
              Reject
            </Button>
          </Group>

          {mode === 'correct' && <SizeCorrectionForm item={item} judge={judge} />}
          {mode === 'reject' && <RejectForm judge={judge} />}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
