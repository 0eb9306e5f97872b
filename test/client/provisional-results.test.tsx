import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsBoard } from '../../src/client/features/catches/results-board';
import { aLadderRow, aPlacing, aStartedEvent, someResults } from './builders';
import { fakeServer, ok, renderWithProviders } from './render';

const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const EVENT = aStartedEvent({ id: EVENT_ID, name: 'Tailor Tussle', eventDate: '2026-11-21T20:00:00.000Z' });
const RESULTS = (pending: number) =>
  someResults({
    eventId: EVENT_ID,
    eventName: 'Tailor Tussle',
    pending,
    categories: [{ species: 'Tailor', division: 'open', placings: [aPlacing({ place: 1, anglerName: 'Tess Tailor', size: 41.5 })] }],
  });

function board(resultsPending: number, ladderPending: number) {
  return fakeServer({
    'events.started': () => ok([EVENT]),
    'catches.results': () => ok(RESULTS(resultsPending)),
    'catches.ladder': () => ok([aLadderRow({ anglerName: 'Tess Tailor', division: 'open', points: 3 })]),
    'catches.ladderStatus': ({ year }) => ok({ year, pending: ladderPending }),
  });
}

describe("the results board says 'Provisional' while catches wait for the judges", () => {
  it('marks the event results and the season ladder with the number waiting', async () => {
    renderWithProviders(<ResultsBoard />, board(2, 3));
    await screen.findByRole('table', { name: 'Tailor results' });
    const notes = await screen.findAllByTestId('provisional');
    expect(notes.map((n) => n.textContent)).toEqual([
      'Provisional — 2 catches waiting for judging',
      'Provisional — 3 catches waiting for judging',
    ]);
    const ladder = screen.getByRole('heading', { name: /^Season Ladder/ }).closest('div')!.parentElement!;
    expect(within(ladder).getByText('Provisional — 3 catches waiting for judging')).toBeTruthy();
  });

  it('says one catch in the singular, and nothing once every catch is judged', async () => {
    const { unmount } = renderWithProviders(<ResultsBoard />, board(1, 0));
    expect(await screen.findByText('Provisional — 1 catch waiting for judging')).toBeTruthy();
    unmount();
    renderWithProviders(<ResultsBoard />, board(0, 0));
    await screen.findByRole('table', { name: 'Tailor results' });
    await screen.findByRole('table', { name: /Season Ladder/ });
    expect(screen.queryByTestId('provisional')).toBeNull();
  });
});
