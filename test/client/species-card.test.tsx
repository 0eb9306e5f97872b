import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClubSettingsTab } from '../../src/client/features/club-settings/club-settings-tab';
import { clubSpecies } from '../../src/client/lib/species';
import { EXAMPLE_CLUB_SPECIES } from '../../src/shared/club-example';
import { QLD_SPECIES, type ClubSpecies } from '../../src/shared/species';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { fakeServer, ok, renderWithProviders, CLUB_SETTINGS_READS } from './render';

const card = () => within(screen.getByRole('form', { name: 'Species and legal sizes' }));
const save = () => card().getByRole('button', { name: 'Save species' });
const row = (name: string) => within(card().getByRole('group', { name }));
const field = (name: string, label: string) => row(name).getByLabelText(label) as HTMLInputElement;

function render() {
  const server = fakeServer({ ...CLUB_SETTINGS_READS, 'admin.club.saveSpecies': (sent) => ok(sent as ClubSpecies) });
  renderWithProviders(<ClubSettingsTab />, server);
  return server;
}

describe('Admin → Club settings → Species and legal sizes', () => {
  it("shows the club's species; a changed size, a removed and an added species are saved, and the app uses them at once", async () => {
    const server = render();
    const user = userEvent.setup();
    expect(
      card()
        .getAllByLabelText('Species')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(EXAMPLE_CLUB_SPECIES.species.map((s) => s.name));
    expect(field('Flathead', 'Legal size (cm)').value).toBe('36');
    expect(field('Trevally', 'No legal minimum').checked).toBe(true);
    expect(field('Trevally', 'Legal size (cm)').disabled).toBe(true);
    expect(save().hasAttribute('disabled')).toBe(true);

    await fill(user, field('Flathead', 'Legal size (cm)'), '38');
    await user.click(field('Mulloway', 'Counts for points'));
    await user.click(row('Tailor').getByRole('button', { name: 'Remove Tailor' }));
    await user.click(card().getByRole('button', { name: 'Add a species' }));
    const added = within(card().getByRole('group', { name: 'Species 7' }));
    await fill(user, added.getByLabelText('Species'), 'Luderick');
    await fill(user, field('Luderick', 'Legal size (cm)'), '27');
    await user.click(save());

    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    const expected: ClubSpecies = {
      state: 'NSW',
      species: [
        { name: 'Mulloway', minimumCm: 70, countsForPoints: false },
        { name: 'Whiting', minimumCm: 27, countsForPoints: true },
        { name: 'Bream', minimumCm: 25, countsForPoints: true },
        { name: 'Flathead', minimumCm: 38, countsForPoints: true },
        { name: 'Mangrove Jack', minimumCm: 35, countsForPoints: true },
        { name: 'Trevally', minimumCm: null, countsForPoints: true },
        { name: 'Luderick', minimumCm: 27, countsForPoints: true },
      ],
    };
    expect(server.mutations()[0].inputs[0]).toEqual(expected);
    expect(await screen.findByText('Species saved')).toBeTruthy();
    expect(clubSpecies()).toEqual(expected);
  });

  it('refuses a species without a size unless No legal minimum is ticked, naming it under the field; nothing is sent', async () => {
    const server = render();
    const user = userEvent.setup();
    await user.click(card().getByRole('button', { name: 'Add a species' }));
    await fill(user, within(card().getByRole('group', { name: 'Species 8' })).getByLabelText('Species'), 'Dart');
    await user.click(save());
    expect(fieldMessage(field('Dart', 'Legal size (cm)'))).toBe('Give Dart a legal size in cm, or tick No legal minimum.');
    await fill(user, field('Bream', 'Legal size (cm)'), 'big');
    await user.click(save());
    expect(fieldMessage(field('Bream', 'Legal size (cm)'))).toBe('Bream’s legal size must be a number of cm, such as 36.');
    expect(server.mutations()).toEqual([]);

    await fill(user, field('Bream', 'Legal size (cm)'), '25');
    await user.click(field('Dart', 'No legal minimum'));
    await user.click(save());
    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    expect((server.mutations()[0].inputs[0] as ClubSpecies).species.at(-1)).toEqual({
      name: 'Dart',
      minimumCm: null,
      countsForPoints: true,
    });
  });

  it("fills the rows from Queensland's published sizes", async () => {
    const server = render();
    const user = userEvent.setup();
    await user.selectOptions(card().getByLabelText(/^Legal sizes of/), 'QLD');
    await user.click(card().getByRole('button', { name: 'Use QLD’s list' }));
    expect(
      card()
        .getAllByLabelText('Species')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(QLD_SPECIES.map((s) => s.name));
    expect(field('Snapper', 'Legal size (cm)').value).toBe('35');
    expect(field('Flathead', 'Legal size (cm)').value).toBe('40');
    await user.click(save());
    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    expect(server.mutations()[0].inputs[0]).toEqual({ state: 'QLD', species: QLD_SPECIES });
  });
});
