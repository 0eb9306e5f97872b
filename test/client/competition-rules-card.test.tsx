import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClubSettingsTab } from '../../src/client/features/club-settings/club-settings-tab';
import { competitionRules } from '../../src/client/lib/competition-rules';
import { EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import type { CompetitionRules } from '../../src/shared/competition';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { fakeServer, ok, renderWithProviders, CLUB_SETTINGS_READS } from './render';

type User = ReturnType<typeof userEvent.setup>;

const card = () => within(screen.getByRole('form', { name: 'Competitions' }));
const save = () => card().getByRole('button', { name: 'Save competition rules' });
const input = (label: string | RegExp) => card().getByLabelText(label) as HTMLInputElement;

/** Another club's competitions: dearer, juniors at $5, an early start, four places paid, points 5 to 1, offshore allowed. */
const BAY_COMPETITION: CompetitionRules = {
  entryFeesCents: { member: 1200, nonMember: 2000, junior: 500 },
  times: { signOnHours: 3, fishingStart: '05:30', fishingEnd: '12:00', presentation: '13:00' },
  placePrizes: [
    { cents: 10_000, text: '$100 tackle voucher' },
    { cents: 5_000, text: '$50 tackle voucher' },
    { cents: 2_500, text: '$25 tackle voucher' },
    { cents: 1_000, text: 'Bait and burley pack' },
  ],
  championPoints: [5, 3, 1],
  mysteryFishPrize: { cents: 15_000, text: '$150 cash' },
  pictureOfMonthPrize: { cents: 5_000, text: 'Club shirt and cap' },
  offshoreAllowed: true,
};

/** Types the Bay club's competitions over the example club's. */
async function typeBayRules(user: User) {
  await fill(user, input('Member entry fee'), '12');
  await fill(user, input('Non-member entry fee'), '$20.00');
  await fill(user, input(/^Junior entry fee/), '5.00');
  await fill(user, input(/^Sign-on hours/), '3');
  // Time inputs take a whole value at once, as a phone's time picker gives it.
  fireEvent.change(input('Fishing starts'), { target: { value: '05:30' } });
  fireEvent.change(input('Fishing ends'), { target: { value: '12:00' } });
  fireEvent.change(input('Presentation'), { target: { value: '13:00' } });
  await user.click(card().getByRole('button', { name: 'Add 4th place prize' }));
  await fill(user, input('4th place: amount'), '10');
  await fill(user, input('4th place: what it is'), 'Bait and burley pack');
  await fill(user, input('1st place points'), '5');
  await fill(user, input('2nd place points'), '3');
  await fill(user, input('3rd place points'), '1');
  await fill(user, input('Mystery fish prize: amount'), '150');
  await fill(user, input('Mystery fish prize: what it is'), '$150 cash');
  await fill(user, input('Picture of the month prize: amount'), '50.00');
  await fill(user, input('Picture of the month prize: what it is'), 'Club shirt and cap');
  await user.click(card().getByRole('switch', { name: /^Offshore fishing allowed/ }));
}

describe('Admin → Club settings → Competitions', () => {
  it('shows the rules in dollars, saves new ones in cents, and the app uses them at once', async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS, 'admin.club.saveCompetition': (sent) => ok(sent as CompetitionRules) });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    expect(input('Member entry fee').value).toBe('10.00');
    expect(input(/^Junior entry fee/).value).toBe('');
    expect([input('Fishing starts').type, input('Fishing starts').value, input('Presentation').value]).toEqual(['time', '07:00', '16:00']);
    expect(input('3rd place: what it is').value).toBe('$25 tackle voucher');
    expect(card().queryByLabelText('4th place: amount')).toBeNull();
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    await typeBayRules(user);
    await user.click(save());
    expect(await screen.findByText('Competition rules saved')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText(/events already made keep their own fees and times/)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([['admin.club.saveCompetition', BAY_COMPETITION]]);
    expect(competitionRules()).toEqual(BAY_COMPETITION);
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(true));
  });

  it("puts the schema's sentences under a fishing end before the start, a negative fee and an empty prize text, and sends nothing", async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    fireEvent.change(input('Fishing ends'), { target: { value: '06:00' } });
    await fill(user, input('Non-member entry fee'), '-5');
    await fill(user, input('2nd place: what it is'), '  ');
    await user.click(save());
    expect(fieldMessage(input('Fishing ends'))).toBe('Fishing end must be after fishing start.');
    expect(fieldMessage(input('Non-member entry fee'))).toBe('Non-member entry fee cannot be below zero.');
    expect(fieldMessage(input('2nd place: what it is'))).toBe("Place prize must say what it is, like '$100 voucher'.");
    expect(fieldMessage(input('Fishing starts'))).toBeNull();
    expect(fieldMessage(input('1st place: what it is'))).toBeNull();
    expect(server.mutations()).toEqual([]);
    expect(competitionRules()).toEqual(EXAMPLE_COMPETITION_RULES);

    // A corrected field loses its sentence; the others keep theirs until the next try.
    await fill(user, input('2nd place: what it is'), '$50 voucher');
    expect(fieldMessage(input('2nd place: what it is'))).toBeNull();
    expect(fieldMessage(input('Non-member entry fee'))).toBe('Non-member entry fee cannot be below zero.');
  });

  it('adds places up to the 10th and removes the last, 1st always staying', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, fakeServer({ ...CLUB_SETTINGS_READS }));
    await user.click(card().getByRole('button', { name: 'Add 4th place prize' }));
    expect(input('4th place: amount').value).toBe('');
    await user.click(card().getByRole('button', { name: 'Remove 4th place prize' }));
    expect(card().queryByLabelText('4th place: amount')).toBeNull();
    await user.click(card().getByRole('button', { name: 'Remove 3rd place points' }));
    await user.click(card().getByRole('button', { name: 'Remove 2nd place points' }));
    expect(card().queryByRole('button', { name: /^Remove .* place points$/ })).toBeNull();
    for (let place = 4; place <= 10; place += 1) await user.click(card().getByRole('button', { name: /^Add \d+th place prize$/ }));
    expect(input('10th place: amount')).toBeTruthy();
    expect(card().queryByRole('button', { name: /^Add .* place prize$/ })).toBeNull();
  });

  it('says an amount or points that are no number are none, under their fields', async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await fill(user, input('Mystery fish prize: amount'), 'a hundred');
    await fill(user, input('2nd place points'), '');
    await user.click(save());
    expect(fieldMessage(input('Mystery fish prize: amount'))).toBe('Mystery fish prize must be a number of dollars, such as 10.00.');
    expect(fieldMessage(input('2nd place points'))).toBe('Points must be a number, such as 3.');
    expect(server.mutations()).toEqual([]);
  });
});
