import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClubSettingsTab } from '../../src/client/features/club-settings/club-settings-tab';
import { membershipRules } from '../../src/client/lib/membership-rules';
import { EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import type { MembershipRules } from '../../src/shared/membership';
import { BAY_MEMBERSHIP } from '../support/second-club';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { fakeServer, ok, renderWithProviders, trpcError, CLUB_SETTINGS_READS } from './render';

type User = ReturnType<typeof userEvent.setup>;

const card = () => within(screen.getByRole('form', { name: 'Memberships' }));
const save = () => card().getByRole('button', { name: 'Save membership rules' });

/** Types the Bay club's memberships over the example club's. */
async function typeBayRules(user: User) {
  await fill(user, card().getByLabelText('Adult fee'), '55');
  await fill(user, card().getByLabelText('Junior fee'), '$20.00');
  await fill(user, card().getByLabelText('Family fee'), '110.00');
  await fill(user, card().getByLabelText('Juniors in a family'), '4');
  await fill(user, card().getByLabelText(/^Juniors are under/), '18');
  await user.click(card().getByLabelText('A fixed year starting on'));
  await user.selectOptions(card().getByLabelText('Day'), '01');
  await user.selectOptions(card().getByLabelText('Month'), 'July');
}

describe('Admin → Club settings → Memberships', () => {
  it('shows the rules in dollars, saves new ones in cents, and the app uses them at once', async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS, 'admin.club.saveMembership': (input) => ok(input as MembershipRules) });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    expect((card().getByLabelText('Adult fee') as HTMLInputElement).value).toBe('40.00');
    expect((card().getByLabelText(/^Juniors are under/) as HTMLInputElement).value).toBe('16');
    expect((card().getByLabelText('A year from joining') as HTMLInputElement).checked).toBe(true);
    expect(card().queryByLabelText('Day')).toBeNull();
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    await typeBayRules(user);
    expect(card().getByText('Memberships run 1 July to 30 June.')).toBeTruthy();
    await user.click(save());
    expect(await screen.findByText('Membership rules saved')).toBeTruthy();
    expect(screen.getByText(/never change what members have already paid/)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([['admin.club.saveMembership', BAY_MEMBERSHIP]]);
    expect(membershipRules()).toEqual(BAY_MEMBERSHIP);
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(true));
  });

  it("puts the schema's sentences under a negative fee and a family limit of 0, and sends nothing", async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await fill(user, card().getByLabelText('Junior fee'), '-5.00');
    await fill(user, card().getByLabelText('Adults in a family'), '0');
    await user.click(save());
    expect(fieldMessage(card().getByLabelText('Junior fee'))).toBe('Junior fee cannot be below zero.');
    expect(fieldMessage(card().getByLabelText('Adults in a family'))).toBe('Adults in a family must be at least 1.');
    expect(fieldMessage(card().getByLabelText('Adult fee'))).toBeNull();
    expect(server.mutations()).toEqual([]);
    expect(membershipRules()).toEqual(EXAMPLE_MEMBERSHIP_RULES);
  });

  it('says a fee that is no amount of dollars is one, and a day not in every year, under their fields', async () => {
    const server = fakeServer({ ...CLUB_SETTINGS_READS });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await fill(user, card().getByLabelText('Family fee'), 'a hundred');
    await fill(user, card().getByLabelText(/^Juniors are under/), '');
    await user.click(card().getByLabelText('A fixed year starting on'));
    await user.selectOptions(card().getByLabelText('Day'), '29');
    await user.selectOptions(card().getByLabelText('Month'), 'February');
    expect(card().getByText('Choose a day every year has.')).toBeTruthy();
    await user.click(save());
    expect(fieldMessage(card().getByLabelText('Family fee'))).toBe('Family fee must be a number of dollars, such as 40.00.');
    expect(fieldMessage(card().getByLabelText(/^Juniors are under/))).toBe('Junior age must be a number.');
    expect(fieldMessage(card().getByLabelText('Day'))).toBe('That day is not in every year.');
    expect(server.mutations()).toEqual([]);
  });

  it("puts the server's refusal under its field and keeps the rules the app has", async () => {
    const refused = 'Family fee must be at most $10,000.';
    const server = fakeServer({
      ...CLUB_SETTINGS_READS,
      'admin.club.saveMembership': () => trpcError(400, 'BAD_REQUEST', refused, { fieldErrors: { 'feesCents.family': refused } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await fill(user, card().getByLabelText('Family fee'), '150');
    await user.click(save());
    await waitFor(() => expect(fieldMessage(card().getByLabelText('Family fee'))).toBe(refused));
    expect(membershipRules()).toEqual(EXAMPLE_MEMBERSHIP_RULES);
  });
});
