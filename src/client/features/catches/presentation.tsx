import { Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ComponentType } from 'react';
import type { ChampionPointsView, LiveBoard, ResultCategory } from '../../../shared/catches.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { provisionalNotice, provisionalText, RESULT_DIVISION_LABELS, RESULT_DIVISIONS, type ResultDivision } from '../../../shared/results';
import { eventLivePath } from '../../../shared/screens';
import { useClub } from '../../lib/club-profile';
import { serverMessage } from '../../lib/errors';
import { ordinal } from './results-board';
import { useLiveBoard } from './use-live-board';

// High contrast on a projector in daylight: near-white on a deep navy, medals in light gold, silver and bronze.
const INK = '#ffffff';
const MUTED = '#c9d6e2';
const BACKGROUND = '#0a1722';
const CARD = '#13283a';
const MEDALS = ['#ffd54a', '#e3e9ef', '#f0b27a'];

/** Browser full screen for the page (hidden where the browser has none). */
function FullScreenButton() {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const changed = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  if (typeof document.documentElement.requestFullscreen !== 'function') return null;
  const toggle = () => {
    // Refused (no user gesture, an iframe): the page stays as it is.
    if (full) void document.exitFullscreen().catch(() => {});
    else void document.documentElement.requestFullscreen().catch(() => {});
  };
  return (
    <Button size="lg" variant="white" color="dark" onClick={toggle}>
      {full ? 'Exit full screen' : 'Enter full screen'}
    </Button>
  );
}

function CategoryCard({ category }: { category: ResultCategory }) {
  return (
    <Box
      component="section"
      aria-label={`${RESULT_DIVISION_LABELS[category.division]} ${category.species}`}
      p="lg"
      style={{ background: CARD, borderRadius: 16 }}
      data-testid="presentation-category"
    >
      <Title order={3} c={INK} fz="clamp(1.6rem, 2.6vw, 2.6rem)" mb="sm">
        {category.species}
      </Title>
      <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {category.placings.map((p) => (
          <Group key={p.catchId} component="li" gap="md" wrap="nowrap" align="center">
            <Text fw={800} fz="clamp(1.6rem, 2.8vw, 2.8rem)" c={MEDALS[p.place - 1] ?? INK} miw="2.6em" lh={1}>
              {ordinal(p.place)}
            </Text>
            {p.thumbnailUrl && (
              <img src={p.thumbnailUrl} alt="" width={96} height={96} style={{ borderRadius: 10, objectFit: 'cover', flex: 'none' }} />
            )}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} fz="clamp(1.4rem, 2.4vw, 2.4rem)" c={INK} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
                {p.anglerName}
              </Text>
              <Text fz="clamp(1.05rem, 1.6vw, 1.6rem)" c={MUTED}>
                {p.size} cm · {p.prize ?? 'no prize'} · {p.points} {p.points === 1 ? 'point' : 'points'}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}

function DivisionResults({ title, categories }: { title: string | null; categories: ResultCategory[] }) {
  return (
    <Stack gap="md">
      {title && (
        <Title order={2} c={INK} fz="clamp(2rem, 4vw, 3.6rem)">
          {title}
        </Title>
      )}
      {categories.length ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
          {categories.map((c) => (
            <CategoryCard key={`${c.division} ${c.species}`} category={c} />
          ))}
        </SimpleGrid>
      ) : (
        <Text fz="clamp(1.2rem, 2vw, 2rem)" c={MUTED}>
          No placed catches yet.
        </Text>
      )}
    </Stack>
  );
}

/** The season's champion points so far, top five per division, as the board's stream brings them. */
function ChampionPoints({ points }: { points: ChampionPointsView }) {
  const { year, standings: rows } = points;
  const divisions: ResultDivision[] = RESULT_DIVISIONS.filter((d) => rows.some((r) => r.division === d));
  const provisional = provisionalText(points.pending);
  if (!divisions.length) return null;
  return (
    <Stack gap="md" component="section" aria-label={`Champion points ${year}`}>
      <Title order={2} c={INK} fz="clamp(2rem, 4vw, 3.6rem)">
        Champion points {year}
      </Title>
      {provisional && (
        <Text fz="clamp(1.1rem, 1.8vw, 1.8rem)" c={MUTED}>
          {provisional}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: divisions.length }} spacing="lg">
        {divisions.map((division) => (
          <Box key={division} p="lg" style={{ background: CARD, borderRadius: 16 }}>
            <Title order={3} c={INK} fz="clamp(1.6rem, 2.6vw, 2.6rem)" mb="sm">
              {RESULT_DIVISION_LABELS[division]}
            </Title>
            <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {rows
                .filter((r) => r.division === division)
                .map((r) => (
                  <Group key={r.memberId} component="li" justify="space-between" wrap="nowrap" gap="md">
                    <Text fz="clamp(1.2rem, 2vw, 2rem)" c={INK} style={{ overflowWrap: 'anywhere' }}>
                      {r.anglerName}
                    </Text>
                    <Text fz="clamp(1.2rem, 2vw, 2rem)" fw={700} c={MEDALS[0]}>
                      {r.points}
                    </Text>
                  </Group>
                ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The event's name, place and day on the left, and on the right how settled the results are and the screen's controls. */
function PresentationHeader({ board, eventId }: { board: LiveBoard; eventId: string }) {
  const club = useClub();
  const notice = provisionalNotice(board);
  return (
    <Box
      component="header"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start', gap: 'clamp(16px, 2vw, 40px)' }}
    >
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fz="clamp(1rem, 1.5vw, 1.5rem)" c={MUTED} tt="uppercase" fw={600}>
          {club.name} · Presentation
        </Text>
        <Title order={1} c={INK} fz="clamp(2.4rem, 5vw, 5rem)" lh={1.05} style={{ overflowWrap: 'anywhere' }}>
          {board.eventName}
        </Title>
        <Text fz="clamp(1.1rem, 1.8vw, 1.8rem)" c={MUTED}>
          {board.location} · {formatAuDate(clubToday(new Date(board.eventDate)))}
        </Text>
      </Stack>
      <Stack align="flex-end" gap="sm" maw="min(36vw, 560px)" data-testid="presentation-status">
        <Badge size="xl" h="auto" py={8} fz="clamp(1rem, 1.6vw, 1.6rem)" color={board.status === 'final' ? 'teal' : 'yellow'}>
          {board.status === 'final' ? 'Final' : 'Provisional'}
        </Badge>
        <Text fz="clamp(1rem, 1.4vw, 1.4rem)" c={MUTED} ta="right" aria-live="polite">
          {notice}
        </Text>
        <FullScreenButton />
        <Link to={eventLivePath(eventId)} style={{ color: MUTED, fontSize: '1rem' }}>
          Live board
        </Link>
      </Stack>
    </Box>
  );
}

/**
 * The day's presentation, for a projector or a TV: per division and species, the places with the prizes and champion
 * points the club's competition rules give them, in big type on a dark background, with no site navigation and a button for browser full screen.
 * Everything on it (placings, what the results wait for, the season's champion points, the mystery fish) comes from
 * the event's live board stream, so the judges' and the committee's decisions show as they are made, without a reload.
 */
export function PresentationView({
  eventId,
  awards: Awards,
}: {
  eventId: string;
  /** The club's other awards (the mystery fish, the fish picture of the month), shown after the placings. */
  awards?: ComponentType<{ board: LiveBoard }>;
}) {
  const { board } = useLiveBoard(eventId);
  const data = board.data;
  return (
    <Box mih="100dvh" p="clamp(16px, 3vw, 56px)" style={{ background: BACKGROUND, color: INK }}>
      {!data ? (
        <Text fz="clamp(1.4rem, 2.4vw, 2.4rem)" c={MUTED} role="status">
          {board.isError ? (serverMessage(board.error) ?? 'Could not load the results. Please try again.') : 'Loading the results...'}
        </Text>
      ) : (
        <Stack gap="clamp(24px, 4vw, 64px)">
          <PresentationHeader board={data} eventId={eventId} />
          {data.divisions ? (
            RESULT_DIVISIONS.map((division) => (
              <DivisionResults
                key={division}
                title={RESULT_DIVISION_LABELS[division]}
                categories={data.categories.filter((c) => c.division === division)}
              />
            ))
          ) : (
            <DivisionResults title={null} categories={data.categories} />
          )}
          {Awards && <Awards board={data} />}
          {data.championPoints && <ChampionPoints points={data.championPoints} />}
        </Stack>
      )}
    </Box>
  );
}
