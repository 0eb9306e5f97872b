import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminEventsTab } from '../../src/client/features/admin/events-tab';
import type { LiveBoard } from '../../src/shared/catches.schema';
import type { MysteryFishView } from '../../src/shared/competition.schema';
import { aLadderRow, aPictureWinner, aPlacing, anAdminEvent } from './builders';
import { type Answers, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';

const EVENT_ID = '33333333-3333-4333-8333-333333333333';

const placing = (place: number, anglerName: string, size: number, catchId: string) => aPlacing({ place, anglerName, size, catchId });

/** A board mid-morning: juniors and Open placed, one catch still waiting for the judges. */
const BOARD: LiveBoard = {
  eventId: EVENT_ID,
  eventName: 'Club Day at Jack Evans Boat Harbour',
  location: 'Jack Evans Boat Harbour, Tweed Heads',
  eventDate: '2026-12-05T19:00:00.000Z',
  fishingOpens: '2026-12-05T19:00:00.000Z',
  fishingCloses: '2026-12-06T00:00:00.000Z',
  fishingClosed: false,
  photosFrom: '2026-12-06T00:00:00.000Z',
  divisions: true,
  pending: 1,
  status: 'provisional',
  categories: [
    { species: 'Bream', division: 'junior', placings: [placing(1, 'Ethan Nguyen', 27.5, 'c1')] },
    { species: 'Bream', division: 'open', placings: [placing(1, 'Gary Walsh', 34, 'c2'), placing(2, 'Tina Harris', 31, 'c3')] },
    { species: 'Flathead', division: 'open', placings: [placing(1, 'Gary Walsh', 52, 'c4')] },
  ],
  championPoints: { year: 2026, pending: 1, standings: [] },
  mysteryFish: { eventId: EVENT_ID, eventName: 'Club Day at Jack Evans Boat Harbour', state: 'none', prize: '$100 cash' },
};

const FINAL: LiveBoard = {
  ...BOARD,
  fishingClosed: true,
  photosFrom: null,
  pending: 0,
  status: 'final',
  categories: BOARD.categories.map((c) => ({
    ...c,
    placings: c.placings.map((p) => ({
      ...p,
      thumbnailUrl: `https://files.example.com/${p.catchId}-thumb.webp`,
      photoUrl: `https://files.example.com/${p.catchId}.webp`,
    })),
  })),
};

const LADDER = [
  aLadderRow({ memberId: 'm1', anglerName: 'Ethan Nguyen', division: 'junior', points: 9 }),
  aLadderRow({ memberId: 'm2', anglerName: 'Gary Walsh', division: 'open', points: 12 }),
  aLadderRow({ memberId: 'm3', anglerName: 'Tina Harris', division: 'open', points: 7 }),
];

/** A stand-in for the browser's EventSource: the test sends boards and failures down it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(board: LiveBoard) {
    this.readyState = FakeEventSource.OPEN;
    act(() => {
      for (const listener of this.listeners.get('board') ?? []) listener(new MessageEvent('board', { data: JSON.stringify(board) }));
    });
  }
  fail({ closed }: { closed: boolean }) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.onerror?.(new Event('error')));
  }
}

/** No month has a picture of the month yet. */
const NO_AWARDS = {
  'pictureOfMonth.winner': () => ok(null),
} satisfies Answers;

const REVEALED_FISH: MysteryFishView = {
  eventId: EVENT_ID,
  eventName: 'Club Day at Jack Evans Boat Harbour',
  state: 'revealed',
  species: 'Whiting',
  lengthText: '31 cm',
  winner: { anglerName: 'Tina Harris', sizeCm: 31, caughtAt: '2026-12-05T21:10:00.000Z', thumbnailUrl: null, photoUrl: null },
  prize: '$100 cash',
};

const latestSource = () => FakeEventSource.instances[FakeEventSource.instances.length - 1];

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the live board', () => {
  it('follows the event stream: Provisional per division and species, then Final without a reload', async () => {
    const server = fakeServer({ ...SIGNED_OUT });
    renderApp(`/events/${EVENT_ID}/live`, server);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(latestSource().url).toBe(`/api/events/${EVENT_ID}/live`);
    expect(await screen.findByText('Loading the live board...')).toBeTruthy();

    latestSource().send(BOARD);
    expect(await screen.findByRole('heading', { name: 'Club Day at Jack Evans Boat Harbour' })).toBeTruthy();
    expect(screen.getByText('Provisional')).toBeTruthy();
    expect(screen.getByTestId('board-status').textContent).toBe(
      'Provisional: fishing runs 6:00 am to 11:00 am. 1 catch is waiting for the judges.',
    );
    expect(screen.getByText('Live: updates by itself as catches are logged and judged.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Juniors' })).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Juniors Bream results' }))).toEqual([['1st', 'Ethan Nguyen', '27.5', '3', 'Later']]);
    expect(rowsOf(screen.getByRole('table', { name: 'Open Bream results' }))).toEqual([
      ['1st', 'Gary Walsh', '34', '3', 'Later'],
      ['2nd', 'Tina Harris', '31', '2', 'Later'],
    ]);

    latestSource().send(FINAL);
    expect(await screen.findByText('Final')).toBeTruthy();
    expect(screen.queryByText('Provisional')).toBeNull();
    expect(screen.getByTestId('board-status').textContent).toBe('Final: fishing has closed and every catch is judged.');
    // Once fishing has closed the photos come, each enlarged when tapped.
    expect(
      within(screen.getByRole('table', { name: 'Open Flathead results' })).getByRole('button', { name: /Enlarge the photo/ }),
    ).toBeTruthy();
    // The page never asked for the board itself: the stream brought it.
    expect(server.calls.some((c) => c.procedures.includes('catches.liveBoard'))).toBe(false);
    expect(document.body.textContent).not.toMatch(/GPS|-28\.|153\./);
  });

  it('asks every few seconds instead when the browser cannot follow the stream', async () => {
    vi.stubGlobal('EventSource', undefined);
    const server = fakeServer({ ...SIGNED_OUT, 'catches.liveBoard': ({ id }) => ok({ ...BOARD, eventId: id }) });
    renderApp(`/events/${EVENT_ID}/live`, server);
    expect(await screen.findByText('Provisional')).toBeTruthy();
    expect(screen.getByText('Updates every few seconds.')).toBeTruthy();
    const asked = server.calls.find((c) => c.procedures.includes('catches.liveBoard'))!;
    expect(asked.inputs[asked.procedures.indexOf('catches.liveBoard')]).toEqual({ id: EVENT_ID });
  });

  it('falls back to asking when the stream is refused, and says so for an event that does not exist', async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'catches.liveBoard': () => trpcError(404, 'NOT_FOUND', 'That event does not exist.') });
    renderApp(`/events/${EVENT_ID}/live`, server);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latestSource().fail({ closed: true });
    expect(await screen.findByText('That event does not exist.')).toBeTruthy();
    expect(latestSource().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('fits a 360 px phone: the tables scroll within themselves', async () => {
    const server = fakeServer({ ...SIGNED_OUT });
    renderApp(`/events/${EVENT_ID}/live`, server);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latestSource().send(BOARD);
    const table = await screen.findByRole('table', { name: 'Open Bream results' });
    // Each table sits in its own named, focusable scrolling region (keyboard users scroll it with the arrows).
    expect(screen.getByRole('region', { name: 'Open Bream results' }).contains(table)).toBe(true);
  });
});

describe('the presentation', () => {
  it('shows 1st, 2nd and 3rd with prizes and champion points in big type, without the site navigation, and goes full screen', async () => {
    const requestFullscreen = vi.fn<() => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: requestFullscreen });
    try {
      const server = fakeServer({ ...SIGNED_OUT, ...NO_AWARDS });
      const user = userEvent.setup();
      renderApp(`/events/${EVENT_ID}/presentation`, server);
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      latestSource().send({ ...FINAL, championPoints: { year: 2026, pending: 0, standings: LADDER } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Club Day at Jack Evans Boat Harbour' })).toBeTruthy();
      expect(screen.getByText('Final')).toBeTruthy();
      // No navigation bar, footer or assistant: only the results.
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Sponsors' })).toBeNull();
      expect(screen.queryByRole('button', { name: /assistant/i })).toBeNull();

      const juniorBream = screen.getByRole('region', { name: 'Juniors Bream' });
      expect(within(juniorBream).getByText('1st')).toBeTruthy();
      expect(within(juniorBream).getByText('Ethan Nguyen')).toBeTruthy();
      expect(within(juniorBream).getByText('27.5 cm · $100 tackle voucher · 3 points')).toBeTruthy();
      const openBream = screen.getByRole('region', { name: 'Open Bream' });
      expect(
        within(openBream)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['1stGary Walsh34 cm · $100 tackle voucher · 3 points', '2ndTina Harris31 cm · $50 tackle voucher · 2 points']);
      const points = await screen.findByRole('region', { name: /Champion points/ });
      expect(within(points).getByText('Gary Walsh')).toBeTruthy();
      expect(within(points).getByText('12')).toBeTruthy();
      // Big type for a projector.
      expect(screen.getByRole('heading', { level: 1 }).getAttribute('style') ?? '').toMatch(/font-size: clamp\(2\.4rem/);

      await user.click(screen.getByRole('button', { name: 'Enter full screen' }));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
    }
  });

  it('is Provisional while catches wait for the judges', async () => {
    renderApp(`/events/${EVENT_ID}/presentation`, fakeServer({ ...SIGNED_OUT, ...NO_AWARDS }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latestSource().send(BOARD);
    expect(await screen.findByText('Provisional')).toBeTruthy();
    expect(screen.queryByTestId('mystery-fish-panel')).toBeNull();
    expect(screen.queryByTestId('picture-of-the-month')).toBeNull();
  });

  it('shows a board kept from before it carried the champion points and the mystery fish', async () => {
    renderApp(`/events/${EVENT_ID}/presentation`, fakeServer({ ...SIGNED_OUT, ...NO_AWARDS }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const { championPoints: _points, mysteryFish: _fish, ...older } = BOARD;
    latestSource().send(older);
    expect(await screen.findByRole('region', { name: 'Open Bream' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Champion points/ })).toBeNull();
    expect(screen.queryByTestId('mystery-fish-panel')).toBeNull();
  });

  it('shows the revealed mystery fish and the fish picture of the month when there are', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      'pictureOfMonth.winner': () =>
        ok(
          aPictureWinner({
            month: '2026-11',
            monthLabel: 'November 2026',
            winner: {
              anglerName: 'Ethan Nguyen',
              species: 'Bream',
              sizeCm: 30,
              eventName: 'Cudgen Creek Comp',
              votes: 6,
              thumbnailUrl: null,
              photoUrl: null,
            },
          }),
        ),
    });
    renderApp(`/events/${EVENT_ID}/presentation`, server);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latestSource().send({ ...FINAL, mysteryFish: REVEALED_FISH });
    const fish = await screen.findByTestId('mystery-fish-panel');
    expect(within(fish).getByText('Winner: Tina Harris')).toBeTruthy();
    expect(within(fish).getByText('Prize: $100 cash')).toBeTruthy();
    const picture = await screen.findByTestId('picture-of-the-month');
    expect(within(picture).getByText('Fish picture of the month: November 2026')).toBeTruthy();
    expect(within(picture).getByText('Ethan Nguyen')).toBeTruthy();
  });

  it('follows the stream: the waiting count, the champion points and the mystery fish change without a reload', async () => {
    renderApp(`/events/${EVENT_ID}/presentation`, fakeServer({ ...SIGNED_OUT, ...NO_AWARDS }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const sealed: MysteryFishView = { eventId: EVENT_ID, eventName: BOARD.eventName, state: 'sealed', prize: '$100 cash' };
    latestSource().send({
      ...BOARD,
      pending: 4,
      championPoints: { year: 2026, pending: 4, standings: LADDER.slice(1) },
      mysteryFish: sealed,
    });
    expect(await screen.findByText('Provisional — 4 catches waiting for judging', { selector: 'header *' })).toBeTruthy();
    const points = await screen.findByRole('region', { name: 'Champion points 2026' });
    expect(within(points).getByText('12')).toBeTruthy();
    expect(within(screen.getByTestId('mystery-fish-panel')).getByText(/^Sealed until the presentation/)).toBeTruthy();

    // The judges decide the last catches and the committee reveals the fish: the next boards say so.
    latestSource().send({
      ...FINAL,
      championPoints: { year: 2026, pending: 0, standings: [{ ...LADDER[1], points: 15 }, LADDER[2]] },
      mysteryFish: REVEALED_FISH,
    });
    expect(await screen.findByText('Final')).toBeTruthy();
    expect(screen.queryByText(/catches waiting for judging/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Champion points 2026' })).getByText('15')).toBeTruthy();
    expect(within(screen.getByTestId('mystery-fish-panel')).getByText('Winner: Tina Harris')).toBeTruthy();
    // One stream, never a reload or a second connection.
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('the event form', () => {
  it('places juniors and Open apart unless the committee unticks it', async () => {
    const created = anAdminEvent({ id: EVENT_ID, name: 'Open Day', location: 'Kingscliff', divisions: false });
    const server = fakeServer({
      'admin.events.list': () => ok([]),
      'admin.events.create': () => ok(created),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    const divisions = within(dialog).getByRole('checkbox', { name: 'Junior and Open divisions' }) as HTMLInputElement;
    expect(divisions.checked).toBe(true);
    await user.click(divisions);
    await user.type(within(dialog).getByLabelText(/^Event Name/), 'Open Day');
    await user.type(within(dialog).getByLabelText(/^Location/), 'Kingscliff');
    await user.type(within(dialog).getByLabelText(/^Event Date/), '06/12/2026');
    await user.type(within(dialog).getByLabelText(/^Start time/), '07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toMatchObject({ name: 'Open Day', divisions: false });
  });
});
