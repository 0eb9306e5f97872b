import { Alert, Anchor, Card, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { EventResults, ResultCategory } from '../../../shared/catches.schema';
import { clubToday, formatClubDateTime } from '../../../shared/dates';
import { provisionalText, RESULT_DIVISION_LABELS, RESULT_DIVISIONS, type ResultDivision } from '../../../shared/results';
import { eventLivePath, eventPresentationPath } from '../../../shared/screens';
import { EventSelect, useChosenEvent } from '../../components/event-picker';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import type { EnlargedPhoto } from './photo-dialog';

/** 1st, 2nd, 3rd, 4th… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** The season in club time (Australia/Sydney), so New Year's Eve at the club still counts for the old year. */
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

/** 'Provisional — N catches waiting for judging' while any wait (results, the ladder), nothing once all are judged. */
export function ProvisionalNote({ pending }: { pending: number | undefined }) {
  const text = provisionalText(pending);
  if (!text) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="provisional">
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Alert>
  );
}

/** Champion points of the season per division (Juniors, then Open), highest first; equal points share a rank. */
export function SeasonLadder({ year = currentClubYear() }: { year?: number }) {
  const trpc = useTRPC();
  const ladder = useQuery(trpc.catches.ladder.queryOptions({ year }));
  const status = useQuery(trpc.catches.ladderStatus.queryOptions({ year }));
  const rows = ladder.data ?? [];
  const divisions = RESULT_DIVISIONS.filter((d) => rows.some((r) => r.division === d));

  return (
    <BoardCard title={`Season Ladder ${year}`}>
      <ProvisionalNote pending={status.data?.pending} />
      <QueryState
        query={ladder}
        loading="Loading the ladder..."
        failure="Could not load the season ladder. Please try again later."
        isEmpty={rows.length === 0}
        empty="No points yet this season."
      >
        <Stack gap="md">
          {divisions.map((division) => (
            <LadderTable key={division} year={year} division={division} rows={rows.filter((r) => r.division === division)} />
          ))}
        </Stack>
      </QueryState>
    </BoardCard>
  );
}

/** One division's ladder; ranks are counted within the division. */
function LadderTable({
  year,
  division,
  rows,
}: {
  year: number;
  division: ResultDivision;
  rows: { memberId: string; anglerName: string; points: number }[];
}) {
  const name = `Season Ladder ${year}: ${RESULT_DIVISION_LABELS[division]}`;
  return (
    <Stack gap={4}>
      <Title order={4}>{RESULT_DIVISION_LABELS[division]}</Title>
      <Table.ScrollContainer minWidth={280} scrollAreaProps={scrollRegion(name)}>
        <Table striped aria-label={name}>
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
    </Stack>
  );
}

const PhotoDialog = lazy(async () => ({ default: (await import('./photo-dialog')).PhotoDialog }));

/** The name of a category's table: 'Bream results', or 'Juniors Bream results' at an event with divisions. */
export const categoryTableName = (category: Pick<ResultCategory, 'species' | 'division'>, divisions: boolean) =>
  divisions ? `${RESULT_DIVISION_LABELS[category.division]} ${category.species} results` : `${category.species} results`;

/**
 * An event's placings, under a heading per division when it has divisions: per species, place, angler, size,
 * champion points and the photo (enlarged when tapped; 'Later' while fishing is open, as it shows the day's code).
 */
export function ResultCategories({ results }: { results: Pick<EventResults, 'photosFrom' | 'divisions' | 'categories'> }) {
  const [enlarged, setEnlarged] = useState<EnlargedPhoto | null>(null);
  const categories = results.categories.filter((c) => c.placings.length > 0);
  const groups = results.divisions
    ? RESULT_DIVISIONS.map((division) => ({ division, categories: categories.filter((c) => c.division === division) }))
    : [{ division: null, categories }];
  return (
    <Stack gap="md">
      {results.photosFrom && (
        <Text size="sm" c="dimmed">
          Photos are shown once fishing closes ({formatClubDateTime(results.photosFrom)}): they show the day&apos;s code.
        </Text>
      )}
      {groups.map((group) => (
        <Stack key={group.division ?? 'all'} gap="sm" data-testid="results-division">
          {group.division && (
            <Title order={3} fz="lg">
              {RESULT_DIVISION_LABELS[group.division]}
            </Title>
          )}
          {group.division && group.categories.length === 0 && (
            <Text size="sm" c="dimmed">
              No placed catches in {RESULT_DIVISION_LABELS[group.division]} yet.
            </Text>
          )}
          {group.categories.map((category) => (
            <CategoryTable
              key={`${category.division} ${category.species}`}
              category={category}
              name={categoryTableName(category, results.divisions)}
              onEnlarge={setEnlarged}
            />
          ))}
        </Stack>
      ))}
      {enlarged && (
        <Suspense fallback={null}>
          <PhotoDialog photo={enlarged} onClose={() => setEnlarged(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function CategoryTable({
  category,
  name,
  onEnlarge,
}: {
  category: ResultCategory;
  name: string;
  onEnlarge: (photo: EnlargedPhoto) => void;
}) {
  return (
    <Stack gap={4} data-testid="results-category">
      <Title order={4}>{category.species}</Title>
      {/* Narrow columns so that all five fit a 360 px phone without names broken mid-word. */}
      <Table.ScrollContainer minWidth={270} scrollAreaProps={scrollRegion(name)}>
        <Table striped horizontalSpacing={6} aria-label={name}>
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
                        onClick={() => onEnlarge({ url: p.photoUrl!, caption })}
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
  );
}

function EventResultsTables({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const results = useQuery(trpc.catches.results.queryOptions(eventId ? { id: eventId } : skipToken));
  const categories = (results.data?.categories ?? []).filter((c) => c.placings.length > 0);
  return (
    <>
      <ProvisionalNote pending={results.data?.pending} />
      <QueryState
        query={results}
        loading="Loading results..."
        failure="Could not load the results. Please try again later."
        isEmpty={categories.length === 0}
        empty="No verified catches for this event yet."
      >
        {(data) => <ResultCategories results={data} />}
      </QueryState>
    </>
  );
}

/**
 * Links to an event's live board and its presentation: plain links, as each is a page of its own (the presentation
 * is often opened on the laptop that drives the projector).
 */
function EventDayLinks({ eventId }: { eventId: string }) {
  return (
    <Group gap="md">
      <Anchor href={eventLivePath(eventId)}>Live board</Anchor>
      <Anchor href={eventPresentationPath(eventId)}>Presentation</Anchor>
    </Group>
  );
}

/**
 * Results of a chosen event (the places per division and species with the champion points the club's competition
 * rules give them), links to its live board and presentation, and the season ladder. Public: names, species, sizes and photos only, never a GPS position. It offers the events
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
            {eventId && <EventDayLinks eventId={eventId} />}
            <EventResultsTables eventId={eventId} />
          </>
        </QueryState>
      </BoardCard>
      <SeasonLadder />
    </Stack>
  );
}
