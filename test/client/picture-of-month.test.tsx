import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PictureOfMonthVoting } from '../../src/client/features/competition/picture-vote-card';
import { PictureOfTheMonth } from '../../src/client/features/competition/picture-of-the-month';
import type { PictureMonthView } from '../../src/shared/competition.schema';
import { aPictureCandidate, aPictureMonth, aPictureWinner, aWinningPicture } from './builders';
import { type FakeServer, fakeServer, ok, renderWithProviders, trpcError } from './render';

const candidate = (n: number, anglerName: string, species: string, mine = false) =>
  aPictureCandidate({
    catchId: `1111111${n}-1111-4111-8111-111111111111`,
    anglerName,
    species,
    sizeCm: 30 + n,
    eventName: 'Flathead Classic',
    thumbnailUrl: `/api/objects/images/c${n}-thumb.webp`,
    photoUrl: `/api/objects/images/c${n}.webp`,
    mine,
  });
const MIA = candidate(1, 'Mia Fisher', 'Flathead');
const SAM = candidate(2, 'Sam Carter', 'Bream');
const MINE = candidate(3, 'Dan Drift', 'Whiting', true);

/** November's vote, open: three photos, two more once fishing closes, and October still open too. */
const NOVEMBER = aPictureMonth({
  month: '2026-11',
  monthLabel: 'November 2026',
  closed: false,
  candidates: [MIA, SAM, MINE],
  waitingForFishingToClose: 2,
  myVoteCatchId: null,
  cannotVote: null,
  openMonths: [
    { month: '2026-11', monthLabel: 'November 2026' },
    { month: '2026-10', monthLabel: 'October 2026' },
  ],
  prize: '$100 voucher',
});
const VOTED: PictureMonthView = {
  ...NOVEMBER,
  myVoteCatchId: SAM.catchId,
  cannotVote: 'You have voted for the picture of November 2026: one vote per member per month.',
};

const mutationsOf = (server: FakeServer) => server.mutations().map((c) => [c.procedures[0], c.inputs[0]]);

describe('voting for the picture of the month', () => {
  it('shows the photos as thumbnails to enlarge, 44 px Vote buttons, the member’s own marked Yours, and asks before voting', async () => {
    const server = fakeServer({
      'pictureOfMonth.month': (input) =>
        ok(input?.month === '2026-10' ? { ...NOVEMBER, month: '2026-10', monthLabel: 'October 2026', candidates: [] } : NOVEMBER),
      'pictureOfMonth.vote': () => ok(VOTED),
    });
    const user = userEvent.setup();
    renderWithProviders(<PictureOfMonthVoting />, server);

    const tiles = await screen.findAllByTestId('picture-candidate');
    expect(tiles).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Picture of the month: November 2026' })).toBeTruthy();
    expect(screen.getByText('Prize: $100 voucher')).toBeTruthy();
    expect(screen.getByText('2 more photos appear once fishing closes at its event.')).toBeTruthy();
    const vote = within(tiles[0]).getByRole('button', { name: 'Vote for Flathead, 31 cm, by Mia Fisher' });
    expect(vote.textContent).toBe('Vote');
    expect(vote.style.minHeight).toContain('2.75rem');
    // Their own photo: marked, and no button to vote for it.
    expect(within(tiles[2]).getByText('Yours')).toBeTruthy();
    expect(within(tiles[2]).queryByRole('button', { name: /^Vote/ })).toBeNull();

    // A thumbnail opens the photo itself.
    await user.click(within(tiles[1]).getByRole('button', { name: 'Enlarge the photo: Bream, 32 cm, by Sam Carter' }));
    const photo = await screen.findByRole('img', { name: 'Bream, 32 cm, by Sam Carter' });
    expect(photo.getAttribute('src')).toBe(SAM.photoUrl);
    await user.keyboard('{Escape}');

    // Voting asks first (one vote, not to be changed), then the vote cast is highlighted and no more can be cast.
    await user.click(within(tiles[1]).getByRole('button', { name: 'Vote for Bream, 32 cm, by Sam Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vote for this photo?' });
    expect(within(dialog).getByText(/You have one vote for November 2026, and it cannot be changed\./)).toBeTruthy();
    expect(mutationsOf(server)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(mutationsOf(server)).toEqual([['pictureOfMonth.vote', { catchId: SAM.catchId }]]));
    const after = await screen.findAllByTestId('picture-candidate');
    await waitFor(() => expect(within(after[1]).getByText('Your vote')).toBeTruthy());
    expect(after[1].getAttribute('aria-current')).toBe('true');
    expect(screen.queryAllByRole('button', { name: /^Vote for/ })).toHaveLength(0);
    expect(screen.getByTestId('cannot-vote').textContent).toBe(VOTED.cannotVote);

    // Last month, still open, is a tap away.
    await user.click(screen.getByRole('radio', { name: 'October' }));
    expect(await screen.findByText('No approved catch photos for October 2026 yet.')).toBeTruthy();
  });

  it("says why a vote was refused, in the server's sentence", async () => {
    const refused = 'You have already voted for the picture of November 2026 (Mia Fisher’s Flathead). One vote per member per month.';
    const server = fakeServer({
      'pictureOfMonth.month': () => ok(NOVEMBER),
      'pictureOfMonth.vote': () => trpcError(409, 'CONFLICT', refused),
    });
    const user = userEvent.setup();
    renderWithProviders(<PictureOfMonthVoting />, server);
    await user.click(await screen.findByRole('button', { name: 'Vote for Bream, 32 cm, by Sam Carter' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Vote for this photo?' })).getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText(refused)).toBeTruthy();
  });

  it('shows a closed month with its winner and no Vote buttons', async () => {
    const closed: PictureMonthView = {
      ...NOVEMBER,
      closed: true,
      cannotVote: 'Voting for the picture of November 2026 has closed.',
      winner: aWinningPicture({
        catchId: SAM.catchId,
        anglerName: 'Sam Carter',
        species: 'Bream',
        sizeCm: 32,
        votes: 7,
        thumbnailUrl: SAM.thumbnailUrl,
        photoUrl: SAM.photoUrl,
      }),
    };
    renderWithProviders(<PictureOfMonthVoting />, fakeServer({ 'pictureOfMonth.month': () => ok(closed) }));
    expect(await screen.findByText("The winner: Sam Carter's Bream (32 cm) with 7 votes.")).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Vote for/ })).toHaveLength(0);
  });
});

describe('the picture of the month for everyone', () => {
  it('shows the latest winner with the photo and prize, and nothing at all before there is one', async () => {
    const server = fakeServer({
      'pictureOfMonth.winner': () =>
        ok(
          aPictureWinner({
            month: '2026-10',
            monthLabel: 'October 2026',
            prize: '$100 voucher',
            winner: {
              catchId: MIA.catchId,
              anglerName: 'Mia Fisher',
              species: 'Flathead',
              sizeCm: 31,
              eventName: 'Flathead Classic',
              votes: 1,
              thumbnailUrl: MIA.thumbnailUrl,
              photoUrl: MIA.photoUrl,
            },
          }),
        ),
    });
    renderWithProviders(<PictureOfTheMonth hideWhenNone />, server);
    expect(await screen.findByRole('heading', { name: 'Fish picture of the month: October 2026' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Flathead, 31 cm, by Mia Fisher' })).toBeTruthy();
    expect(screen.getByText('Flathead, 31 cm at Flathead Classic · 1 vote')).toBeTruthy();
    expect(screen.getByText('Prize: $100 voucher')).toBeTruthy();
  });

  it('leaves the public home without the card while no month has a winner', async () => {
    const server = fakeServer({ 'pictureOfMonth.winner': () => ok(null) });
    renderWithProviders(<PictureOfTheMonth hideWhenNone />, server);
    await waitFor(() => expect(server.calls.length).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('picture-of-the-month')).toBeNull());
  });
});
