import { Card, Modal, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { clubToday, formatClubDateTime } from '../../../shared/dates';
import { EventSelect, useChosenEvent } from '../../components/event-picker';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';

/** 1st, 2nd, 3rd, 4th… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** The season in club time (Australia/Sydney), so New Year's Eve on the Tweed still counts for the old year. */
export function currentClubYear(now: Date = new Date()): number {
  return Number(clubToday(now).slice(0, 4));
}

/**
 * On a phone a results table can be wider than the screen and scroll sideways; the scrolling box is
 * then a named, focusable region so keyboard users can scroll it with the arrow keys too.
 */
const scrollRegion = (label: string) => ({ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } });

/** A card of the results board: its heading, then its content. */
function BoardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Champion points of the season, highest first; equal points share a rank. Names and points only. */
export function SeasonLadder({ year = currentClubYear() }: { year?: number }) {
  const trpc = useTRPC();
  const ladder = useQuery(trpc.catches.ladder.queryOptions({ year }));
  const rows = ladder.data ?? [];

  return (
    <BoardCard title={`Season Ladder ${year}`}>
      <QueryState
        query={ladder}
        loading="Loading the ladder..."
        failure="Could not load the season ladder. Please try again later."
        isEmpty={rows.length === 0}
        empty="No points yet this season."
      >
        <Table.ScrollContainer minWidth={280} scrollAreaProps={scrollRegion(`Season Ladder ${year}`)}>
          <Table striped aria-label={`Season Ladder ${year}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Angler</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const rank = rows.findIndex((r) => r.points === row.points) + 1;
                return (
                  <Table.Tr key={row.memberId} data-testid="ladder-row">
                    <Table.Td>{rank}</Table.Td>
                    <Table.Td>{row.anglerName}</Table.Td>
                    <Table.Td ta="right">{row.points}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
    </BoardCard>
  );
}

/** A placing's photo, enlarged when tapped. */
interface Enlarged {
  url: string;
  caption: string;
}

function EventResultsTables({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const results = useQuery(trpc.catches.results.queryOptions(eventId ? { id: eventId } : skipToken));
  const [enlarged, setEnlarged] = useState<Enlarged | null>(null);

  const categories = (results.data?.categories ?? []).filter((c) => c.placings.length > 0);
  return (
    <QueryState
      query={results}
      loading="Loading results..."
      failure="Could not load the results. Please try again later."
      isEmpty={categories.length === 0}
      empty="No verified catches for this event yet."
    >
      <Stack gap="md">
        {results.data?.photosFrom && (
          <Text size="sm" c="dimmed">
            Photos are shown once fishing closes ({formatClubDateTime(results.data.photosFrom)}): they show the day&apos;s code.
          </Text>
        )}
        {categories.map((category) => (
          <Stack key={category.species} gap={4} data-testid="results-category">
            <Title order={4}>{category.species}</Title>
            {/* Narrow columns so that all five fit a 360 px phone without names broken mid-word. */}
            <Table.ScrollContainer minWidth={270} scrollAreaProps={scrollRegion(`${category.species} results`)}>
              <Table striped horizontalSpacing={6} aria-label={`${category.species} results`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Place</Table.Th>
                    <Table.Th>Angler</Table.Th>
                    <Table.Th ta="right">Size (cm)</Table.Th>
                    <Table.Th ta="right">Points</Table.Th>
                    <Table.Th>Photo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {category.placings.map((p) => {
                    const caption = `${category.species}, ${p.size} cm, by ${p.anglerName}`;
                    return (
                      <Table.Tr key={p.catchId}>
                        <Table.Td fw={600}>{ordinal(p.place)}</Table.Td>
                        <Table.Td>{p.anglerName}</Table.Td>
                        <Table.Td ta="right">{p.size}</Table.Td>
                        <Table.Td ta="right">{p.points}</Table.Td>
                        <Table.Td>
                          {p.thumbnailUrl && p.photoUrl ? (
                            <UnstyledButton
                              aria-label={`Enlarge the photo: ${caption}`}
                              onClick={() => setEnlarged({ url: p.photoUrl!, caption })}
                              style={{ display: 'block', width: 48, height: 48, borderRadius: 4, overflow: 'hidden' }}
                            >
                              <img
                                src={p.thumbnailUrl}
                                alt=""
                                width={48}
                                height={48}
                                loading="lazy"
                                style={{ display: 'block', objectFit: 'cover' }}
                              />
                            </UnstyledButton>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Later
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
      <Modal opened={enlarged !== null} onClose={() => setEnlarged(null)} title={enlarged?.caption} size="lg" centered>
        {enlarged && (
          <img src={enlarged.url} alt={enlarged.caption} style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }} />
        )}
      </Modal>
    </QueryState>
  );
}

/**
 * Results of a chosen event (top three per species with champion points 3, 2 and 1) and the season
 * ladder. Public: names, species, sizes and photos only, never a GPS position. It offers the events
 * that have started, newest first, and opens on the latest.
 */
export function ResultsBoard() {
  const trpc = useTRPC();
  const events = useQuery(trpc.events.started.queryOptions());
  const list = events.data ?? [];
  const { eventId, choose } = useChosenEvent(list);

  return (
    <Stack gap="md">
      <BoardCard title="Event Results">
        <QueryState
          query={events}
          loading="Loading events..."
          failure="Could not load the events. Please try again later."
          isEmpty={list.length === 0}
          empty="No competitions have been fished yet."
        >
          <>
            <EventSelect events={list} value={eventId} onChange={choose} />
            <EventResultsTables eventId={eventId} />
          </>
        </QueryState>
      </BoardCard>
      <SeasonLadder />
    </Stack>
  );
}
