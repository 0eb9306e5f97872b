import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminJudgingTab } from '../../src/client/features/admin/judging-tab';
import { aCatchToJudge, aFishingArea, aWaitingEvent } from './builders';
import { adminOverview, fakeServer, ok, renderApp, renderWithProviders, SECRETARY, SIGNED_OUT, trpcError, siteHealth } from './render';

// Competition day for the judge: 'To judge' by event (today's first), and a suspected copy beside the earlier catch.

const TODAY_EVENT = '33333333-3333-4333-8333-333333333333';
const PAST_EVENT = '44444444-4444-4444-8444-444444444444';

/** Mia's flathead at today's Club Day, logged from the ramp with a photo taken there. */
const BASE = aCatchToJudge({
  id: '11111111-1111-4111-8111-111111111111',
  fishType: 'Flathead',
  catchTime: '2026-12-05T21:30:00.000Z',
  eventId: TODAY_EVENT,
  eventName: 'Club Day',
  eventDate: '2026-12-05T20:00:00.000Z',
  anglerName: 'Mia Fisher',
  photoUrl: 'https://files.example.com/catches/mia.jpg',
  latitude: -28.1745,
  longitude: 153.5412,
  photoLatitude: -28.1746,
  photoLongitude: 153.5413,
});

const TODAYS = [
  BASE,
  aCatchToJudge({ ...BASE, id: '11111111-1111-4111-8111-111111111112', anglerName: 'Sam Carter', fishType: 'Bream', size: 28 }),
];
const OLDER = aCatchToJudge({
  ...BASE,
  id: '11111111-1111-4111-8111-111111111113',
  eventId: PAST_EVENT,
  eventName: 'Winter Bream Bash',
  eventDate: '2026-07-04T21:00:00.000Z',
  anglerName: 'Jo Lee',
  fishType: 'Tailor',
});

const EVENTS = [
  aWaitingEvent({ id: TODAY_EVENT, name: 'Club Day', eventDate: BASE.eventDate, waiting: 2, today: true }),
  aWaitingEvent({ id: PAST_EVENT, name: 'Winter Bream Bash', eventDate: OLDER.eventDate, waiting: 1, today: false }),
];

const AREA = aFishingArea();

function queueServer() {
  const all = [...TODAYS, OLDER];
  return fakeServer({
    ...SIGNED_OUT,
    'auth.me': () => ok(SECRETARY),
    'admin.overview': () => ok(adminOverview()),
    'admin.siteHealth': () => ok(siteHealth()),
    'admin.catches.queue': (input) => ok(all.filter((c) => !input?.eventId || c.eventId === input.eventId)),
    'admin.catches.waitingEvents': () => ok(EVENTS),
    'admin.fishingArea.get': () => ok(AREA),
  });
}

const cardNames = () => screen.queryAllByTestId('judge-catch').map((c) => c.getAttribute('aria-label'));

/** The inputs 'To judge' asked the queue with, in order. */
const queueInputs = (server: ReturnType<typeof queueServer>) =>
  server.calls
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === 'admin.catches.queue')
    .map(([, i]) => i);

describe("'To judge' by event", () => {
  it("opens on today's event, lists today's first and 'All events', and shows each event's catches alone", async () => {
    const server = queueServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    await waitFor(() => expect(cardNames()).toEqual(['Flathead by Mia Fisher', 'Bream by Sam Carter']));
    const select = screen.getByLabelText('Event') as HTMLSelectElement;
    expect(select.value).toBe(TODAY_EVENT);
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Today: Club Day (2 waiting)',
      'Winter Bream Bash, 05/07/2026 (1 waiting)',
      'All events (3 waiting)',
    ]);
    expect(screen.getByText('2 catches waiting')).toBeTruthy();
    expect(queueInputs(server)).toEqual([{ eventId: TODAY_EVENT }]);

    await user.selectOptions(select, 'all');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(screen.getByText('3 catches waiting')).toBeTruthy();
    await user.selectOptions(select, PAST_EVENT);
    await waitFor(() => expect(cardNames()).toEqual(['Tailor by Jo Lee']));
    expect(screen.getByText('1 catch waiting')).toBeTruthy();
  });

  it('shows every event when none is on today', async () => {
    const server = fakeServer({
      'admin.catches.queue': (input) => ok(input?.eventId ? [] : [OLDER]),
      'admin.catches.waitingEvents': () => ok([EVENTS[1]]),
      'admin.fishingArea.get': () => ok(AREA),
    });
    renderWithProviders(<AdminJudgingTab />, server);
    await waitFor(() => expect(cardNames()).toEqual(['Tailor by Jo Lee']));
    expect((screen.getByLabelText('Event') as HTMLSelectElement).value).toBe('all');
  });

  it('keeps the choice in the address, so a reload shows the same event', async () => {
    const server = queueServer();
    const user = userEvent.setup();
    const { router } = renderApp('/admin?tab=judging', server);
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Event'), PAST_EVENT);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'judging', event: PAST_EVENT }));
    await waitFor(() => expect(cardNames()).toEqual(['Tailor by Jo Lee']));

    // A reload opens the address as it stands.
    const address = router.state.location.href;
    expect(address).toContain(`event=${PAST_EVENT}`);
    cleanup();
    renderApp(address, queueServer());
    await waitFor(() => expect(cardNames()).toEqual(['Tailor by Jo Lee']));
    expect((screen.getByLabelText('Event') as HTMLSelectElement).value).toBe(PAST_EVENT);

    cleanup();
    renderApp('/admin?tab=judging&event=all', queueServer());
    await waitFor(() => expect(cardNames()).toHaveLength(3));
  });
});

const SUSPECT = aCatchToJudge({
  ...BASE,
  id: '55555555-5555-4555-8555-555555555555',
  anglerName: 'Cody Copy',
  photoUrl: 'https://files.example.com/catches/copy.jpg',
  catchTime: '2026-12-05T23:10:00.000Z',
  gpsText: '-28.176500, 153.541200',
  latitude: -28.1765,
  photoTakenAt: null,
  photoLatitude: null,
  photoLongitude: null,
  photoCamera: null,
  flags: ['duplicate_photo', 'no_photo_location', 'no_camera_metadata'],
  duplicateOf: { id: BASE.id, anglerName: 'Mia Fisher', eventName: 'Club Day', caughtAt: BASE.catchTime },
});
const EARLIER = aCatchToJudge({ ...BASE, status: 'verified', verified: true });
const LIKENESS = 'Nearly identical once lined up: the two pictures differ by 2.1 grey levels in 255 on average.';

describe('a suspected copy side by side with the earlier catch', () => {
  it('shows both photos, anglers, times and places, and how alike the photos are', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'admin.catches.queue': () => ok([SUSPECT]),
      'admin.catches.waitingEvents': () => ok([{ ...EVENTS[0], waiting: 1 }]),
      'admin.fishingArea.get': () => ok(AREA),
      'admin.catches.compare': ({ id }) =>
        ok({
          suspect: { ...SUSPECT, id },
          earlier: EARLIER,
          likeness: { kind: 'same_picture' as const, difference: 2.1, shownShare: 0.9, summary: LIKENESS },
        }),
    });
    renderWithProviders(<AdminJudgingTab />, server);
    const card = (await screen.findAllByTestId('judge-catch'))[0];
    expect(within(card).getByText('No location in the photo')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Compare side by side' }));

    const dialog = await screen.findByRole('dialog', { name: "Cody Copy's flathead beside Mia Fisher's earlier catch" });
    expect(await within(dialog).findByText(LIKENESS)).toBeTruthy();
    const [suspect, earlier] = within(within(dialog).getByTestId('side-by-side')).getAllByRole('region');
    expect(suspect.getAttribute('aria-label')).toBe('This catch');
    expect(earlier.getAttribute('aria-label')).toBe('The earlier catch');
    expect(within(suspect).getByRole('img').getAttribute('src')).toBe(SUSPECT.photoUrl);
    expect(within(earlier).getByRole('img').getAttribute('src')).toBe(EARLIER.photoUrl);
    expect(within(suspect).getByText('Cody Copy')).toBeTruthy();
    expect(within(earlier).getByText('Mia Fisher')).toBeTruthy();
    expect(within(suspect).getByText('Sun, 6 Dec 2026, 10:10 am')).toBeTruthy();
    expect(within(earlier).getByText('Sun, 6 Dec 2026, 8:30 am')).toBeTruthy();
    expect(within(earlier).getByText('Approved')).toBeTruthy();
    expect(within(suspect).getByText('Waiting for the judges')).toBeTruthy();
    // The places: the phones' positions, and the photo's own where it has one.
    expect(within(suspect).getAllByText('not in the photo')).toHaveLength(3);
    expect(within(earlier).getByRole('link', { name: "The earlier catch: the photo's position on a map" }).getAttribute('href')).toContain(
      'mlat=-28.1746',
    );
    expect(within(dialog).getByText('The two phones were 220 m apart.')).toBeTruthy();
    const asked = server.calls.find((c) => c.procedures.includes('admin.catches.compare'))!;
    expect(asked.inputs[asked.procedures.indexOf('admin.catches.compare')]).toEqual({ id: SUSPECT.id });
  });

  it("says so when the two catches cannot be loaded, with the server's reason", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AdminJudgingTab />,
      fakeServer({
        'admin.catches.queue': () => ok([SUSPECT]),
        'admin.catches.waitingEvents': () => ok([{ ...EVENTS[0], waiting: 1 }]),
        'admin.fishingArea.get': () => ok(AREA),
        'admin.catches.compare': () => trpcError(404, 'NOT_FOUND', 'That catch does not exist.'),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Compare side by side' }));
    expect(await screen.findByText('That catch does not exist.')).toBeTruthy();
  });
});
