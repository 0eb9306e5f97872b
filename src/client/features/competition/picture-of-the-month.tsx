import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';

/**
 * The fish picture of the month as the members voted it: a month's winner (default: the latest), with the photo, the
 * angler, the fish, the votes and the prize. For the public home and the presentation screen (`large`). Nothing at
 * all when no month has a winner yet and `hideWhenNone` is set.
 */
export function PictureOfTheMonth({
  month,
  large = false,
  hideWhenNone = false,
}: {
  month?: string;
  large?: boolean;
  hideWhenNone?: boolean;
}) {
  const trpc = useTRPC();
  const picture = useQuery(trpc.pictureOfMonth.winner.queryOptions(month ? { month } : undefined));
  if (hideWhenNone && (picture.isError || (picture.isSuccess && picture.data === null))) return null;
  const big = (base: string, presentation: string) => (large ? presentation : base);
  const data = picture.data;

  return (
    <Card withBorder radius="md" padding={large ? 'xl' : 'md'} data-testid="picture-of-the-month">
      <Stack gap={large ? 'md' : 'xs'}>
        <Group justify="space-between" gap="xs">
          <Title order={large ? 2 : 3} fz={big('lg', '2.4rem')}>
            Fish picture of the month{data ? `: ${data.monthLabel}` : ''}
          </Title>
          {data && (
            <Badge size={large ? 'xl' : 'md'} color="teal" variant="light">
              Prize: {data.prize}
            </Badge>
          )}
        </Group>
        <QueryState
          query={picture}
          loading="Loading the picture of the month..."
          failure="Could not load the picture of the month. Please try again later."
          serverReason={false}
          isEmpty={data === null}
          empty="No picture of the month has been chosen yet."
        >
          {(d) => {
            const caption = `${d.winner.species}, ${d.winner.sizeCm} cm, by ${d.winner.anglerName}`;
            return (
              <Stack gap={large ? 'sm' : 4}>
                {d.winner.photoUrl && (
                  <img
                    src={large ? d.winner.photoUrl : (d.winner.thumbnailUrl ?? d.winner.photoUrl)}
                    srcSet={d.winner.thumbnailUrl && !large ? `${d.winner.thumbnailUrl} 1x, ${d.winner.photoUrl} 2x` : undefined}
                    alt={caption}
                    width={large ? 640 : 320}
                    height={large ? 480 : 240}
                    loading="lazy"
                    style={{ display: 'block', maxWidth: '100%', height: 'auto', objectFit: 'cover', borderRadius: 6 }}
                  />
                )}
                <Text fz={big('md', '2rem')} fw={600}>
                  {d.winner.anglerName}
                </Text>
                <Text fz={big('sm', '1.5rem')} c="dimmed">
                  {d.winner.species}, {d.winner.sizeCm} cm at {d.winner.eventName} · {d.winner.votes}{' '}
                  {d.winner.votes === 1 ? 'vote' : 'votes'}
                </Text>
              </Stack>
            );
          }}
        </QueryState>
      </Stack>
    </Card>
  );
}
