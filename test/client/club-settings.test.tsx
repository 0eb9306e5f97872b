import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClubSettingsTab } from '../../src/client/features/club-settings/club-settings-tab';
import { clubProfile, setClubProfile } from '../../src/client/lib/club-profile';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import type { ClubProfile } from '../../src/shared/club-profile';
import { BAY_CLUB } from '../support/second-club';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { fakeServer, ok, renderWithProviders, trpcError, CLUB_SETTINGS_READS } from './render';

describe('Admin → Club settings', () => {
  beforeEach(() => setClubProfile(EXAMPLE_CLUB_PROFILE));

  it("shows the club's details, saves a change, and the app names the club anew at once", async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS, 'admin.club.saveProfile': (input) => ok(input as ClubProfile) });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    const name = await screen.findByLabelText('Club name');
    expect((name as HTMLInputElement).value).toBe(EXAMPLE_CLUB_PROFILE.name);
    expect((screen.getByRole('button', { name: 'Save club details' }) as HTMLButtonElement).disabled).toBe(true);

    await fill(user, name, 'Tweed Coast Anglers Club Inc.');
    await fill(user, screen.getByLabelText(/^ABN/), '51 824 753 556');
    await user.click(screen.getByRole('button', { name: 'Save club details' }));
    expect(await screen.findByText('Club details saved')).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.club.saveProfile', { ...EXAMPLE_CLUB_PROFILE, name: 'Tweed Coast Anglers Club Inc.', abn: '51824753556' }],
    ]);
    expect(clubProfile().name).toBe('Tweed Coast Anglers Club Inc.');
  });

  it("puts the schema's and the server's messages under their fields", async () => {
    const refused = 'ABN must be the club’s 11-digit Australian Business Number.';
    const server = fakeServer({
      ...CLUB_SETTINGS_READS,
      'admin.club.saveProfile': () => trpcError(400, 'BAD_REQUEST', refused, { fieldErrors: { abn: refused } }),
    });
    setClubProfile(BAY_CLUB);
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await fill(user, await screen.findByLabelText('Club name'), ' ');
    await user.click(screen.getByRole('button', { name: 'Save club details' }));
    expect(fieldMessage(screen.getByLabelText('Club name'))).toBe('Club name is required.');
    expect(server.mutations()).toEqual([]);

    await fill(user, screen.getByLabelText('Club name'), BAY_CLUB.name);
    await fill(user, screen.getByLabelText(/^Town/), 'Scarborough');
    await user.click(screen.getByRole('button', { name: 'Save club details' }));
    await waitFor(() => expect(fieldMessage(screen.getByLabelText(/^ABN/))).toBe(refused));
    expect(clubProfile().town).toBe('Redcliffe');
  });
});
