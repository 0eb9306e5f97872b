import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminJudgingTab } from '../../src/client/features/admin/judging-tab';
import { aCatchToJudge, aFishingArea } from './builders';
import { fakeServer, ok, renderWithProviders } from './render';

const COPY_ID = '11111111-1111-4111-8111-111111111111';
const FIRST_ID = '22222222-2222-4222-8222-222222222222';
const EVENT_ID = '33333333-3333-4333-8333-333333333333';

const AREA = aFishingArea();

/** A catch whose photo is a copy of an earlier one, taken 2 km offshore while the phone was on the rocks. */
const COPY = aCatchToJudge({
  id: COPY_ID,
  fishType: 'Flathead',
  size: 58.5,
  catchTime: '2026-12-12T21:30:00.000Z',
  eventId: EVENT_ID,
  eventName: 'Mangrove Jack Challenge',
  location: 'Terranora Broadwater',
  eventDate: '2026-12-12T20:00:00.000Z',
  anglerName: 'Cody Copy',
  photoUrl: 'https://files.example.com/catches/copy.jpg',
  latitude: -28.202,
  longitude: 153.571,
  photoLatitude: -28.202,
  photoLongitude: 153.5923,
  photoCamera: 'Google Pixel 9',
  flags: ['photo_outside_area', 'photo_far_from_phone', 'duplicate_photo'],
  clubCode: 'JACKS',
  duplicateOf: { id: FIRST_ID, anglerName: 'Fay First', eventName: 'Flathead Classic', caughtAt: '2026-12-05T21:30:00.000Z' },
});

const FIRST = aCatchToJudge({
  ...COPY,
  id: FIRST_ID,
  eventName: 'Flathead Classic',
  anglerName: 'Fay First',
  status: 'verified',
  verified: true,
  photoUrl: 'https://files.example.com/catches/first.jpg',
  photoLongitude: 153.571,
  flags: [],
  duplicateOf: null,
});

describe("the judge's photo checks", () => {
  it('says which catch the photo copies and puts the two side by side, and maps the phone and the photo on the fishing area', async () => {
    const server = fakeServer({
      'admin.catches.queue': () => ok([COPY]),
      'admin.catches.waitingEvents': () => ok([]),
      'admin.fishingArea.get': () => ok(AREA),
      'admin.catches.compare': ({ id }) =>
        ok({
          suspect: COPY,
          earlier: id === COPY_ID ? FIRST : COPY,
          likeness: { kind: 'same_file' as const, difference: null, shownShare: null, summary: 'Identical: the very same photo file.' },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminJudgingTab />, server);
    const card = await screen.findByTestId('judge-catch');

    expect(within(card).getByText('Photo taken outside the fishing area')).toBeTruthy();
    expect(within(card).getByText('Photo taken over 1 km from the phone')).toBeTruthy();
    expect(within(card).getByText('Same photo submitted before')).toBeTruthy();
    // 21:30 UTC on 5 December is the 6th in Tweed Heads.
    expect(within(card).getByText("Looks like the photo of Fay First's catch in Flathead Classic on 06/12/2026.")).toBeTruthy();

    const map = await within(card).findByRole('img', { name: /^Where the flathead was logged/ });
    expect(map.textContent).toContain('The phone was at -28.202000, 153.571000, inside the fishing area.');
    expect(map.textContent).toContain('The photo was taken at -28.202000, 153.592300, outside the fishing area. They are 2.1 km apart.');
    expect(within(map).getByTestId('map-phone').textContent).toBe('Phone');
    expect(within(map).getByTestId('map-photo').textContent).toBe('Photo');
    expect(map.querySelector('line[stroke-dasharray]')).not.toBeNull();
    expect(within(card).getByText('Phone and photo 2.1 km apart. The green area is the fishing area.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Compare side by side' }));
    const dialog = await screen.findByRole('dialog', { name: "Cody Copy's flathead beside Fay First's earlier catch" });
    expect((await within(dialog).findByRole('img', { name: 'The earlier catch: Flathead by Fay First' })).getAttribute('src')).toBe(
      FIRST.photoUrl,
    );
    expect(within(dialog).getByRole('img', { name: 'This catch: Flathead by Cody Copy' }).getAttribute('src')).toBe(COPY.photoUrl);
    expect(within(dialog).getByText('Approved')).toBeTruthy();
    expect(within(dialog).getByText('Identical: the very same photo file.')).toBeTruthy();
    expect(within(dialog).getByText('The two photos were taken 2.1 km apart.')).toBeTruthy();
    expect(server.calls.filter((c) => c.procedures.includes('admin.catches.compare')).flatMap((c) => c.inputs)).toEqual([{ id: COPY_ID }]);
  });

  it('draws no map for a catch without any position, and no copy notice for an original photo', async () => {
    const bare = { ...FIRST, latitude: null, longitude: null, photoLatitude: null, photoLongitude: null, status: 'pending' as const };
    renderWithProviders(
      <AdminJudgingTab />,
      fakeServer({
        'admin.catches.queue': () => ok([bare]),
        'admin.catches.waitingEvents': () => ok([]),
        'admin.fishingArea.get': () => ok(AREA),
      }),
    );
    const card = await screen.findByTestId('judge-catch');
    expect(within(card).queryByRole('img', { name: /^Where the/ })).toBeNull();
    expect(within(card).queryByText(/Looks like the photo of/)).toBeNull();
  });
});
