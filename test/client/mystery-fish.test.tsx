import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MysteryFishButton } from '../../src/client/features/admin/mystery-fish-dialog';
import { MysteryFishPanel } from '../../src/client/features/competition/mystery-fish-panel';
import { formatClubDateTime } from '../../src/shared/dates';
import { type MysteryFishSetting, aMysteryFish } from './builders';
import { type FakeServer, fakeServer, ok, renderWithProviders, trpcError } from './render';

const EVENT = { id: '33333333-3333-4333-8333-333333333333', name: 'Flathead Classic' };
const HOUR = 3_600_000;

/** The event's mystery fish while fishing is still open (five hours to go), unless `fields` say otherwise. */
const view = (fields: Partial<MysteryFishSetting>) =>
  aMysteryFish({ eventId: EVENT.id, eventName: EVENT.name, fishingClosesAt: new Date(Date.now() + 5 * HOUR).toISOString(), ...fields });
const SEALED_AT = '2026-12-04T08:30:00.000Z';
const sealed = (fields: Partial<MysteryFishSetting> = {}) =>
  view({ state: 'sealed', sealedByName: 'Ada Min', sealedAt: SEALED_AT, ...fields });

const mutationsOf = (server: FakeServer) => server.mutations().map((c) => [c.procedures[0], c.inputs[0]]);

async function open(server: FakeServer) {
  const user = userEvent.setup();
  renderWithProviders(<MysteryFishButton event={EVENT} />, server);
  await user.click(screen.getByRole('button', { name: 'Mystery fish of Flathead Classic' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Mystery fish: Flathead Classic' }) };
}

describe("the committee's mystery fish", () => {
  it('seals a species and a range, checked as the server checks it, and then shows only who sealed it and when', async () => {
    let current = view({});
    const server = fakeServer({
      'admin.mysteryFish.get': () => ok(current),
      'admin.mysteryFish.set': () => {
        current = sealed();
        return ok(current);
      },
      'admin.mysteryFish.list': () => ok([current]),
      'events.mysteryFish': () => ok({ eventId: EVENT.id, eventName: EVENT.name, state: 'sealed', prize: '$100 cash' }),
    });
    const { user, dialog } = await open(server);
    expect(await within(dialog).findByText('No mystery fish is set for Flathead Classic yet.')).toBeTruthy();
    // Revealing waits for the fish and for fishing to close.
    expect(within(dialog).queryByRole('button', { name: 'Reveal mystery fish' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Seal mystery fish' }));
    expect(await within(dialog).findByText('Please choose a species from the list.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Species'), 'Bream');
    await user.click(within(dialog).getByRole('radio', { name: 'Range' }));
    await user.type(within(dialog).getByLabelText('Shortest'), '35');
    await user.type(within(dialog).getByLabelText('Longest'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Seal mystery fish' }));
    expect(await within(dialog).findByText('The longest length must be more than the shortest.')).toBeTruthy();
    expect(mutationsOf(server)).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Shortest'));
    await user.type(within(dialog).getByLabelText('Shortest'), '30');
    await user.clear(within(dialog).getByLabelText('Longest'));
    await user.type(within(dialog).getByLabelText('Longest'), '35.5');
    await user.click(within(dialog).getByRole('button', { name: 'Seal mystery fish' }));
    await waitFor(() =>
      expect(mutationsOf(server)).toEqual([
        ['admin.mysteryFish.set', { eventId: EVENT.id, species: 'Bream', length: { kind: 'range', minCm: 30, maxCm: 35.5 } }],
      ]),
    );
    // Sealed: who and when, never what; the form is empty again and offers to replace it.
    expect(await within(dialog).findByText(`Sealed (set by Ada Min at ${formatClubDateTime(SEALED_AT)})`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Replace and seal' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Species') as HTMLSelectElement).value).toBe('');
    expect(within(dialog).getByTestId('mystery-fish-state').textContent).not.toMatch(/Bream|35\.5/);
    expect(within(dialog).queryByDisplayValue(/30|35/)).toBeNull();
    // Before fishing closes the reveal is not offered yet.
    const reveal = within(dialog).getByRole('button', { name: 'Reveal mystery fish' });
    expect(reveal.hasAttribute('disabled') || reveal.getAttribute('data-disabled') === 'true').toBe(true);
    expect(within(dialog).getByText(/^It can be revealed once fishing closes/)).toBeTruthy();
  });

  it('reveals once fishing has closed, after a confirmation, and shows the fish and its winner', async () => {
    const closedAt = new Date(Date.now() - HOUR).toISOString();
    let current = sealed({ fishingClosesAt: closedAt });
    const server = fakeServer({
      'admin.mysteryFish.get': () => ok(current),
      'admin.mysteryFish.reveal': () =>
        ok(
          (current = view({
            state: 'revealed',
            fishingClosesAt: closedAt,
            species: 'Flathead',
            lengthText: '45 cm',
            sealedByName: 'Ada Min',
            sealedAt: SEALED_AT,
            revealedByName: 'Otto Hers',
            revealedAt: closedAt,
            winner: { anglerName: 'Sam Sand', sizeCm: 46, caughtAt: '2026-12-05T21:30:00.000Z', thumbnailUrl: null, photoUrl: null },
          })),
        ),
      'admin.mysteryFish.list': () => ok([]),
      'events.mysteryFish': () => ok({ eventId: EVENT.id, eventName: EVENT.name, state: 'revealed', prize: '$100 cash' }),
    });
    const { user, dialog } = await open(server);
    // Set and replace are over once fishing has closed.
    expect(await within(dialog).findByText(/the mystery fish can no longer be set or replaced\.$/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Replace and seal' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reveal mystery fish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reveal the mystery fish?' });
    expect(within(confirm).getByText(/Everyone will see the mystery fish of Flathead Classic and its winner at once\./)).toBeTruthy();
    expect(mutationsOf(server)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(mutationsOf(server)).toEqual([['admin.mysteryFish.reveal', { eventId: EVENT.id }]]));
    expect(await within(dialog).findByText('Revealed: Flathead, 45 cm')).toBeTruthy();
    expect(within(dialog).getByText(/^Winner: Sam Sand, 46 cm, caught at/)).toBeTruthy();
  });

  it("says why the server refused to reveal, in the server's sentence", async () => {
    const refused =
      '2 catches of Flathead Classic still wait for the judges. Judge them first, so every catch has its chance at the mystery fish.';
    const server = fakeServer({
      'admin.mysteryFish.get': () => ok(sealed({ fishingClosesAt: new Date(Date.now() - HOUR).toISOString(), pendingCatches: 2 })),
      'admin.mysteryFish.reveal': () => trpcError(409, 'CONFLICT', refused),
    });
    const { user, dialog } = await open(server);
    expect(await within(dialog).findByText('2 catches still wait for the judges: judge them first.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reveal mystery fish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reveal the mystery fish?' })).getByRole('button', { name: 'Reveal' }),
    );
    expect(await screen.findByText(refused)).toBeTruthy();
  });
});

describe('the mystery fish panel (presentation)', () => {
  it('says only that it is sealed, then the fish and the winner once revealed', async () => {
    const sealed = { eventId: EVENT.id, eventName: EVENT.name, state: 'sealed' as const, prize: '$100 cash' };
    const first = renderWithProviders(<MysteryFishPanel fish={sealed} />, fakeServer({}));
    expect(await screen.findByText('Sealed until the presentation, when the committee reveals it.')).toBeTruthy();
    expect(screen.getByText('Prize: $100 cash')).toBeTruthy();
    first.unmount();
    const revealed = { ...sealed, state: 'revealed' as const, species: 'Whiting', lengthText: '30–32 cm', winner: null };
    renderWithProviders(<MysteryFishPanel fish={revealed} large />, fakeServer({}));
    expect(await screen.findByText('Whiting, 30–32 cm')).toBeTruthy();
    expect(screen.getByText('No winner: no catch of the day matched it.')).toBeTruthy();
  });
});
