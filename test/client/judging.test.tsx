import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminJudgingTab } from '../../src/client/features/admin/judging-tab';
import { ResultsBoard, SeasonLadder } from '../../src/client/features/catches/results-board';
import { CATCH_SIZE_MESSAGE } from '../../src/shared/catches';
import type { JudgeCatchView } from '../../src/shared/catches.schema';
import { clubToday } from '../../src/shared/dates';
import {
  type LadderRow,
  type Placing,
  type WaitingEvent,
  aCatchToJudge,
  aFishingArea,
  aLadderRow,
  aPlacing,
  aStartedEvent,
  aWaitingEvent,
  anAdminEvent,
  somePlacingRules,
  someResults,
} from './builders';
import {
  type Answers,
  type FakeServer,
  SIGNED_OUT,
  fakeServer,
  ok,
  renderApp,
  renderWithProviders,
  trpcError,
  SECRETARY,
  adminOverview,
  siteHealth,
} from './render';
import { fill } from './fill';

const CATCH_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const PAST_EVENT_ID = '44444444-4444-4444-8444-444444444444';

const PENDING = aCatchToJudge({
  id: CATCH_ID,
  fishType: 'Flathead',
  size: 42.5,
  fishKeptOrReleased: 'released',
  catchTime: '2026-12-05T21:30:00.000Z',
  eventId: EVENT_ID,
  eventName: 'Flathead Classic',
  eventDate: '2026-12-05T20:00:00.000Z',
  anglerName: 'Mia Fisher',
  anglerEntered: true,
  submittedByName: null,
  photoUrl: 'https://files.example.com/catches/abc.jpg',
  gpsText: '-28.174500, 153.541200',
  latitude: -28.1745,
  longitude: 153.5412,
  photoTakenAt: '2026-12-05T21:25:00.000Z',
  photoLatitude: -28.1746,
  photoLongitude: 153.5413,
  photoCamera: 'Apple iPhone 15',
  flags: ['phone_outside_area', 'photo_time_outside_hours'],
  clubCode: 'MULLET',
});

/** A catch of the same event logged for a junior, without GPS, club code or the photo's facts. */
const BARE = aCatchToJudge({
  id: OTHER_ID,
  fishType: 'Bream',
  size: 28,
  eventId: EVENT_ID,
  anglerName: 'Sam Carter',
  fishKeptOrReleased: 'kept',
  anglerEntered: false,
  submittedByName: 'Dana Carter',
  photoUrl: 'https://files.example.com/catches/def.jpg',
  gpsText: 'GPS not available',
  latitude: null,
  longitude: null,
  photoTakenAt: null,
  photoLatitude: null,
  photoLongitude: null,
  photoCamera: null,
  flags: ['no_gps', 'duplicate_photo', 'no_camera_metadata'],
  clubCode: null,
});

/** The club's default fishing area, drawn under each catch's photo. */
const AREA = aFishingArea();

/** The events of the catches waiting, as admin.catches.waitingEvents counts them; `today`: the events on today. */
function waitingEventsOf(pending: JudgeCatchView[], today: string[] = []): WaitingEvent[] {
  const events = new Map<string, WaitingEvent>();
  for (const c of pending) {
    const e =
      events.get(c.eventId) ??
      aWaitingEvent({ id: c.eventId, name: c.eventName, eventDate: c.eventDate, waiting: 0, today: today.includes(c.eventId) });
    events.set(c.eventId, { ...e, waiting: e.waiting + 1 });
  }
  return [...events.values()].sort((a, b) => Number(b.today) - Number(a.today) || b.eventDate.localeCompare(a.eventDate));
}

/** A judging server that really removes judged catches from its queue, and lists each event's catches. */
function judgingServer(queue: JudgeCatchView[], judge?: Answers['admin.catches.judge'], today: string[] = []) {
  let pending = [...queue];
  return fakeServer({
    'admin.catches.queue': (input) => ok(pending.filter((c) => !input?.eventId || c.eventId === input.eventId)),
    'admin.catches.waitingEvents': () => ok(waitingEventsOf(pending, today)),
    'admin.fishingArea.get': () => ok(AREA),
    'admin.catches.judge':
      judge ??
      ((input) => {
        const found = pending.find((c) => c.id === input.id)!;
        pending = pending.filter((c) => c.id !== input.id);
        if (input.action === 'reject') return ok({ ...found, status: 'rejected' });
        return ok({ ...found, status: 'verified', size: input.size ?? found.size, fishType: input.fishType ?? found.fishType });
      }),
  });
}

const judgeCalls = (server: FakeServer) =>
  server
    .mutations()
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === 'admin.catches.judge')
    .map(([, input]) => input);

async function firstCard() {
  return (await screen.findAllByTestId('judge-catch'))[0];
}

describe('admin judging queue', () => {
  it('shows the photo, club code, flags, GPS link and the photo facts', async () => {
    renderWithProviders(<AdminJudgingTab />, judgingServer([PENDING, BARE]));
    const [card, bare] = await screen.findAllByTestId('judge-catch');

    const photo = within(card).getByRole('img', { name: 'Catch photo: Flathead by Mia Fisher' });
    expect(photo.getAttribute('src')).toBe(PENDING.photoUrl);
    const photoLink = photo.closest('a')!;
    expect(photoLink.getAttribute('href')).toBe(PENDING.photoUrl);
    expect(photoLink.getAttribute('target')).toBe('_blank');

    expect(within(card).getByText('Club code: MULLET — check it is on the brag mat')).toBeTruthy();
    expect(within(card).getByText('Phone outside the fishing area')).toBeTruthy();
    expect(within(card).getByText("Photo time outside the event's fishing hours")).toBeTruthy();
    expect(within(card).getByText('Mia Fisher')).toBeTruthy();
    expect(within(card).getByText('Flathead Classic, Sun, 6 Dec 2026, 7:00 am')).toBeTruthy();
    expect(within(card).getByText('42.5 cm')).toBeTruthy();
    expect(within(card).getByText('Released')).toBeTruthy();
    expect(within(card).getByText('Sun, 6 Dec 2026, 8:30 am')).toBeTruthy();
    expect(within(card).getByText(/-28\.174500, 153\.541200/)).toBeTruthy();
    const map = within(card).getByRole('link', { name: 'View on OpenStreetMap' });
    expect(map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=-28.1745&mlon=153.5412#map=15/-28.1745/153.5412');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(within(card).getByText('Sun, 6 Dec 2026, 8:25 am')).toBeTruthy();
    expect(within(card).getByText('Photo taken:')).toBeTruthy();
    expect(within(card).getByText('Photo location:')).toBeTruthy();
    expect(within(card).getByText('Apple iPhone 15')).toBeTruthy();

    // Oldest first, as the server sent them; the second has none of the photo's facts.
    expect(within(bare).getByRole('img', { name: 'Catch photo: Bream by Sam Carter' })).toBeTruthy();
    expect(within(bare).getByText('No club code set for this event')).toBeTruthy();
    expect(within(bare).getByText('No GPS')).toBeTruthy();
    expect(within(bare).getByText('Same photo submitted before')).toBeTruthy();
    expect(within(bare).getAllByText('No camera metadata')).toHaveLength(2); // the flag and the facts line
    expect(within(bare).getByText('GPS not available')).toBeTruthy();
    expect(within(bare).queryByRole('link', { name: 'View on OpenStreetMap' })).toBeNull();
    expect(within(bare).queryByText('Photo taken:')).toBeNull();
    expect(within(bare).getByText('Kept')).toBeTruthy();
    // Whether the angler is entered, and who logged a catch for someone else.
    expect(within(bare).getByText('Not entered in this event: only entrants score.')).toBeTruthy();
    expect(within(bare).getByText('Dana Carter')).toBeTruthy();
    expect(within(card).queryByText('Not entered in this event: only entrants score.')).toBeNull();
    expect(within(card).queryByText('Logged by:')).toBeNull();
  });

  it('approves as logged and the card leaves the list', async () => {
    const server = judgingServer([PENDING]);
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    await user.click(within(await firstCard()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Catch approved')).toBeTruthy();
    expect(judgeCalls(server)).toEqual([{ action: 'approve', id: CATCH_ID }]);
    expect(await screen.findByText('No catches waiting for review.')).toBeTruthy();
    expect(screen.queryByTestId('judge-catch')).toBeNull();
  });

  it('Correct & Approve sends only the corrected size', async () => {
    const server = judgingServer([PENDING]);
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: 'Correct & Approve' }));
    expect((within(card).getByLabelText('Species') as HTMLSelectElement).value).toBe('Flathead');
    const size = within(card).getByLabelText('Size (cm)') as HTMLInputElement;
    expect(size.value).toBe('42.5');
    await user.clear(size);
    await fill(user, size, '40.2');
    await user.click(within(card).getByRole('button', { name: 'Save & Approve' }));
    expect(await screen.findByText('Catch approved')).toBeTruthy();
    expect(judgeCalls(server)).toEqual([{ action: 'approve', id: CATCH_ID, size: 40.2 }]);
    await waitFor(() => expect(screen.queryByTestId('judge-catch')).toBeNull());
  });

  it('Correct & Approve refuses a blank size with the shared sentence, and keeps what was typed when the form closes', async () => {
    const server = judgingServer([PENDING]);
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: 'Correct & Approve' }));
    await user.clear(within(card).getByLabelText('Size (cm)'));
    await user.click(within(card).getByRole('button', { name: 'Save & Approve' }));
    expect(await within(card).findByText(CATCH_SIZE_MESSAGE)).toBeTruthy();
    expect(server.mutations()).toEqual([]);

    await user.type(within(card).getByLabelText('Size (cm)'), '39');
    expect(within(card).queryByText(CATCH_SIZE_MESSAGE)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await user.click(within(card).getByRole('button', { name: 'Correct & Approve' }));
    expect((within(card).getByLabelText('Size (cm)') as HTMLInputElement).value).toBe('39');
    await user.click(within(card).getByRole('button', { name: 'Save & Approve' }));
    expect(await screen.findByText('Catch approved')).toBeTruthy();
    expect(judgeCalls(server)).toEqual([{ action: 'approve', id: CATCH_ID, size: 39 }]);
  });

  it('Correct & Approve sends only the corrected species', async () => {
    const server = judgingServer([PENDING]);
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: 'Correct & Approve' }));
    await user.selectOptions(within(card).getByLabelText('Species'), 'Bream');
    await user.click(within(card).getByRole('button', { name: 'Save & Approve' }));
    expect(await screen.findByText('Catch approved')).toBeTruthy();
    expect(judgeCalls(server)).toEqual([{ action: 'approve', id: CATCH_ID, fishType: 'Bream' }]);
  });

  it('refuses a rejection without a reason, then sends the reason', async () => {
    const server = judgingServer([PENDING]);
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    const card = await firstCard();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.click(within(card).getByRole('button', { name: 'Confirm Reject' }));
    expect(await within(card).findByText('Please give the angler a reason (at least 3 characters).')).toBeTruthy();
    await fill(user, within(card).getByLabelText(/^Reason/), '  ab  ');
    await user.click(within(card).getByRole('button', { name: 'Confirm Reject' }));
    expect(await within(card).findByText('Please give the angler a reason (at least 3 characters).')).toBeTruthy();
    expect(server.mutations()).toEqual([]);

    await user.clear(within(card).getByLabelText(/^Reason/));
    await fill(user, within(card).getByLabelText(/^Reason/), 'The club code is not on the brag mat.');
    await user.click(within(card).getByRole('button', { name: 'Confirm Reject' }));
    expect(await screen.findByText('Catch rejected')).toBeTruthy();
    expect(judgeCalls(server)).toEqual([{ action: 'reject', id: CATCH_ID, reason: 'The club code is not on the brag mat.' }]);
    expect(await screen.findByText('No catches waiting for review.')).toBeTruthy();
  });

  it("shows the server's message when judging fails, and keeps the card", async () => {
    const server = judgingServer([PENDING], () => trpcError(404, 'NOT_FOUND', 'That catch does not exist.'));
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    await user.click(within(await firstCard()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('That catch does not exist.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByText('Catch approved')).toBeNull();
    expect(screen.getAllByTestId('judge-catch')).toHaveLength(1);
  });

  it('shows the generic message when the server gave no reason', async () => {
    const server = judgingServer([PENDING], () => ({ status: 500, body: 'oops' }));
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    await user.click(within(await firstCard()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to judge the catch. Please try again.')).toBeTruthy();
  });

  it('shows the empty text', async () => {
    renderWithProviders(<AdminJudgingTab />, judgingServer([]));
    expect(await screen.findByText('No catches waiting for review.')).toBeTruthy();
  });

  it('shows an alert when the queue cannot be loaded', async () => {
    renderWithProviders(
      <AdminJudgingTab />,
      fakeServer({
        'admin.catches.queue': () => trpcError(403, 'FORBIDDEN', 'Administrators only.'),
        'admin.catches.waitingEvents': () => trpcError(403, 'FORBIDDEN', 'Administrators only.'),
      }),
    );
    expect(await screen.findByText('Administrators only.')).toBeTruthy();
  });
});

/** As events.started sends them: newest first. */
const EVENTS = [
  aStartedEvent({ id: EVENT_ID, name: 'Flathead Classic', eventDate: '2026-10-03T20:00:00.000Z' }),
  aStartedEvent({ id: PAST_EVENT_ID, name: 'Winter Bream Bash', eventDate: '2026-07-04T21:00:00.000Z' }),
];

/** A placing as a careless server might send it, with the catch's position the board must never show. */
const withPosition = (placing: Placing, position: { gpsText: string; latitude?: number; longitude?: number }) => ({
  ...placing,
  ...position,
});

/** Results as a careless server might send them, with positions the board must never show. */
const RESULTS = someResults({
  eventId: EVENT_ID,
  eventName: 'Flathead Classic',
  photosFrom: null,
  divisions: false,
  categories: [
    {
      species: 'Flathead',
      division: 'open',
      placings: [
        withPosition(
          aPlacing({
            place: 1,
            points: 3,
            anglerName: 'Mia Fisher',
            size: 61.5,
            thumbnailUrl: 'https://files.example.com/t1.jpg',
            photoUrl: 'https://files.example.com/p1.jpg',
          }),
          { gpsText: '-28.174500, 153.541200', latitude: -28.1745, longitude: 153.5412 },
        ),
        withPosition(
          aPlacing({
            place: 2,
            points: 2,
            anglerName: 'Sam Carter',
            size: 55,
            thumbnailUrl: 'https://files.example.com/t2.jpg',
            photoUrl: 'https://files.example.com/p2.jpg',
          }),
          { gpsText: '-28.180000, 153.550000' },
        ),
        withPosition(
          aPlacing({
            place: 3,
            points: 1,
            anglerName: 'Mia Fisher',
            size: 48.2,
            thumbnailUrl: 'https://files.example.com/t3.jpg',
            photoUrl: 'https://files.example.com/p3.jpg',
          }),
          { gpsText: 'GPS not available' },
        ),
      ],
    },
    {
      species: 'Bream',
      division: 'open',
      placings: [
        aPlacing({
          place: 1,
          points: 3,
          anglerName: 'Jo Lee',
          size: 33,
          catchId: 'c4',
          thumbnailUrl: 'https://files.example.com/t4.jpg',
          photoUrl: 'https://files.example.com/p4.jpg',
        }),
      ],
    },
  ],
});
const LADDER = [
  aLadderRow({ memberId: 'm1', anglerName: 'Mia Fisher', division: 'open', points: 4 }),
  aLadderRow({ memberId: 'm2', anglerName: 'Jo Lee', division: 'open', points: 3 }),
  aLadderRow({ memberId: 'm3', anglerName: 'Sam Carter', division: 'open', points: 2 }),
];
const year = Number(clubToday(new Date()).slice(0, 4));

function resultsServer(ladder: LadderRow[] = LADDER) {
  return fakeServer({
    'events.started': () => ok(EVENTS),
    'catches.results': ({ id }) =>
      ok(id === EVENT_ID ? RESULTS : someResults({ eventId: id, eventName: 'Winter Bream Bash', divisions: true, categories: [] })),
    'catches.ladder': () => ok(ladder),
    'catches.ladderStatus': ({ year: y }) => ok({ year: y, pending: 0 }),
  });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('results board', () => {
  it('shows placings 1st, 2nd and 3rd with points and photos, and never a GPS position', async () => {
    const server = resultsServer();
    renderWithProviders(<ResultsBoard />, server);
    const flathead = await screen.findByRole('table', { name: 'Flathead results' });
    expect(
      within(flathead)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Place', 'Angler', 'Size (cm)', 'Points', 'Photo']);
    expect(rowsOf(flathead)).toEqual([
      ['1st', 'Mia Fisher', '61.5', '3', ''],
      ['2nd', 'Sam Carter', '55', '2', ''],
      ['3rd', 'Mia Fisher', '48.2', '1', ''],
    ]);
    // Each thumbnail is a button that enlarges the photo.
    const thumbnail = within(flathead).getByRole('button', { name: 'Enlarge the photo: Flathead, 55 cm, by Sam Carter' });
    expect(thumbnail.querySelector('img')!.getAttribute('src')).toBe('https://files.example.com/t2.jpg');
    await userEvent.click(thumbnail);
    const enlarged = await screen.findByRole('dialog', { name: 'Flathead, 55 cm, by Sam Carter' });
    expect(within(enlarged).getByRole('img', { name: 'Flathead, 55 cm, by Sam Carter' }).getAttribute('src')).toBe(
      'https://files.example.com/p2.jpg',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowsOf(screen.getByRole('table', { name: 'Bream results' }))).toEqual([['1st', 'Jo Lee', '33', '3', '']]);

    // The latest event that has started is chosen first.
    expect((screen.getByLabelText('Event') as HTMLSelectElement).value).toBe(EVENT_ID);
    const asked = server.calls.find((c) => c.procedures.includes('catches.results'))!;
    expect(asked.inputs[asked.procedures.indexOf('catches.results')]).toEqual({ id: EVENT_ID });

    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/GPS/i);
    expect(text).not.toContain('-28.17');
    expect(text).not.toContain('153.54');
    expect(document.querySelector('a[href*="openstreetmap"]')).toBeNull();
  });

  it('shows no photo while fishing is still open, and says when they come', async () => {
    const open = someResults({
      ...RESULTS,
      photosFrom: '2026-12-06T03:00:00.000Z',
      divisions: false,
      categories: [
        {
          species: 'Bream',
          division: 'open',
          placings: [aPlacing({ place: 1, points: 3, anglerName: 'Jo Lee', size: 33, catchId: 'c9', thumbnailUrl: null, photoUrl: null })],
        },
      ],
    });
    renderWithProviders(
      <ResultsBoard />,
      fakeServer({
        'events.started': () => ok(EVENTS),
        'catches.results': () => ok(open),
        'catches.ladder': () => ok(LADDER),
        'catches.ladderStatus': ({ year: y }) => ok({ year: y, pending: 0 }),
      }),
    );
    const bream = await screen.findByRole('table', { name: 'Bream results' });
    expect(rowsOf(bream)).toEqual([['1st', 'Jo Lee', '33', '3', 'Later']]);
    expect(within(bream).queryByRole('img')).toBeNull();
    expect(screen.getByText("Photos are shown once fishing closes (Sun, 6 Dec 2026, 2:00 pm): they show the day's code.")).toBeTruthy();
  });

  it('places Juniors and Open under their own headings at an event with divisions, and links its live board and presentation', async () => {
    const divided = {
      ...RESULTS,
      divisions: true,
      categories: [
        { ...RESULTS.categories[1], division: 'junior' as const },
        { ...RESULTS.categories[0], division: 'open' as const },
      ],
    };
    renderWithProviders(
      <ResultsBoard />,
      fakeServer({
        'events.started': () => ok(EVENTS),
        'catches.results': () => ok(divided),
        'catches.ladder': () => ok(LADDER),
        'catches.ladderStatus': ({ year: y }) => ok({ year: y, pending: 0 }),
      }),
    );
    expect(rowsOf(await screen.findByRole('table', { name: 'Juniors Bream results' }))[0].slice(0, 4)).toEqual([
      '1st',
      'Jo Lee',
      '33',
      '3',
    ]);
    expect(screen.getByRole('table', { name: 'Open Flathead results' })).toBeTruthy();
    expect(screen.getAllByTestId('results-division').map((d) => within(d).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Juniors',
      'Open',
    ]);
    expect(screen.getByRole('link', { name: 'Live board' }).getAttribute('href')).toBe(`/events/${EVENT_ID}/live`);
    expect(screen.getByRole('link', { name: 'Presentation' }).getAttribute('href')).toBe(`/events/${EVENT_ID}/presentation`);
  });

  it('shows the empty text for an event without verified catches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ResultsBoard />, resultsServer());
    await screen.findByRole('table', { name: 'Flathead results' });
    await user.selectOptions(screen.getByLabelText('Event'), PAST_EVENT_ID);
    expect(await screen.findByText('No verified catches for this event yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Flathead results' })).toBeNull();
  });

  it('shows the season ladder of the current club year, a table per division', async () => {
    const server = resultsServer([aLadderRow({ memberId: 'm9', anglerName: 'Kai Young', division: 'junior', points: 5 }), ...LADDER]);
    renderWithProviders(<SeasonLadder />, server);
    const ladder = await screen.findByRole('table', { name: `Season Ladder ${year}: Open` });
    expect(screen.getByText(`Season Ladder ${year}`)).toBeTruthy();
    expect(rowsOf(ladder)).toEqual([
      ['1', 'Mia Fisher', '4'],
      ['2', 'Jo Lee', '3'],
      ['3', 'Sam Carter', '2'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: `Season Ladder ${year}: Juniors` }))).toEqual([['1', 'Kai Young', '5']]);
    const asked = server.calls.find((c) => c.procedures.includes('catches.ladder'))!;
    expect(asked.inputs[asked.procedures.indexOf('catches.ladder')]).toEqual({ year });
  });

  it('shares a rank between equal points', async () => {
    renderWithProviders(<SeasonLadder year={2025} />, resultsServer([LADDER[0], { ...LADDER[1], points: 4 }, LADDER[2]]));
    const ladder = await screen.findByRole('table', { name: 'Season Ladder 2025: Open' });
    expect(rowsOf(ladder).map((r) => r[0])).toEqual(['1', '1', '3']);
  });

  it('says when nobody has points yet', async () => {
    renderWithProviders(<SeasonLadder />, resultsServer([]));
    expect(await screen.findByText('No points yet this season.')).toBeTruthy();
  });
});

describe('admin page tabs', () => {
  const admin = SECRETARY;
  const ADMIN_EVENTS = EVENTS.map((e) => anAdminEvent(e));

  it('adds Judging and Results after Events; Results lists every event', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(admin),
      'admin.overview': () => ok(adminOverview()),
      'admin.siteHealth': () => ok(siteHealth()),
      'admin.events.list': () => ok(ADMIN_EVENTS),
      'events.started': () => ok(EVENTS),
      'admin.catches.queue': () => ok([PENDING]),
      'admin.catches.waitingEvents': () => ok(waitingEventsOf([PENDING])),
      'admin.fishingArea.get': () => ok(AREA),
      // No picture-of-the-month votes yet.
      'admin.pictureOfMonth.overview': () => ok([]),
      'catches.results': ({ id }) =>
        ok(
          id === EVENT_ID
            ? RESULTS
            : someResults({ eventId: PAST_EVENT_ID, eventName: 'Winter Bream Bash', divisions: true, categories: [] }),
        ),
      'catches.ladder': () => ok(LADDER),
      'admin.placingRules.get': () => ok(somePlacingRules({ onePlacingPerAngler: true })),
    });
    const user = userEvent.setup();
    renderApp('/admin', server);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Members',
      'Events',
      'Judging',
      'Results',
      'Payments',
      'Sponsors',
      'Reports',
      'Accounting',
      'Newsletters',
      'Club settings',
      'Audit Log',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Judging' }));
    expect(await screen.findByText('Club code: MULLET — check it is on the brag mat')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Results' }));
    // The legal sizes are the club's species, in Admin → Club settings: not on the Results tab.
    expect(((await screen.findByLabelText('One placing per angler per category')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Legal Minimum Lengths')).toBeNull();
    const select = (await screen.findByLabelText('Event')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Flathead Classic (04/10/2026)',
      'Winter Bream Bash (05/07/2026)',
    ]);
    expect(await screen.findByRole('table', { name: 'Flathead results' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: `Season Ladder ${year}: Open` })).toBeTruthy();
  });
});
