import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminEventsTab } from '../../src/client/features/admin/events-tab';
import { AdminSponsorsTab } from '../../src/client/features/admin/sponsors-tab';
import { aSponsorApplication, anAdminEvent } from './builders';
import { fakeServer, ok, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

const ID = '33333333-3333-4333-8333-333333333333';
const EVENT = anAdminEvent({
  id: ID,
  name: 'Flathead Classic',
  eventDate: '2026-12-05T20:00:00.000Z',
  eventDateLocal: '2026-12-06T07:00',
  maxParticipants: 30,
  registeredCount: 12,
});

async function openEdit(server: ReturnType<typeof fakeServer>) {
  const user = userEvent.setup();
  renderWithProviders(<AdminEventsTab />, server);
  await user.click(await screen.findByRole('button', { name: 'Edit Flathead Classic' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit Event' }) };
}

describe('the event form does not lose work', () => {
  it('closes at once on Escape while nothing has changed', async () => {
    const { user } = await openEdit(fakeServer({ 'admin.events.list': () => ok([EVENT]) }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).toBeNull());
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it('asks before Escape throws away a change: Keep editing keeps it, Discard changes closes', async () => {
    const { user, dialog } = await openEdit(fakeServer({ 'admin.events.list': () => ok([EVENT]) }));
    const location = within(dialog).getByLabelText(/^Location/) as HTMLInputElement;
    await user.clear(location);
    await fill(user, location, 'Kingscliff');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect((within(screen.getByRole('dialog', { name: 'Edit Event' })).getByLabelText(/^Location/) as HTMLInputElement).value).toBe(
      'Kingscliff',
    );

    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).toBeNull());
  });
});

describe("the event form shows the server's field errors on their fields, all at once", () => {
  it('marks the maximum and the close of entries together, keeps the dialog open, and focuses the first', async () => {
    const server = fakeServer({
      'admin.events.list': () => ok([EVENT]),
      'admin.events.update': () =>
        trpcError(400, 'BAD_REQUEST', '12 members are already registered, so the maximum cannot be lower than that.', {
          fieldErrors: {
            maxParticipants: '12 members are already registered, so the maximum cannot be lower than that.',
            entriesCloseAt: 'Entries must close by the time fishing ends (Sun 6 Dec 2026, 2:00 pm).',
          },
        }),
    });
    const { user, dialog } = await openEdit(server);
    const maximum = within(dialog).getByLabelText(/^Maximum Participants/) as HTMLInputElement;
    await user.clear(maximum);
    await user.type(maximum, '10');
    await fill(user, within(dialog).getByLabelText(/^Entries close/), '06/12/2026');
    fireEvent.change(within(dialog).getByLabelText(/^Close time/), { target: { value: '18:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('12 members are already registered, so the maximum cannot be lower than that.')).toBeTruthy();
    expect(within(dialog).getByText('Entries must close by the time fishing ends (Sun 6 Dec 2026, 2:00 pm).')).toBeTruthy();
    expect(maximum.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog)
        .getByLabelText(/^Entries close/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toContain('Please correct the 2 marked fields.');
    // Nothing else is marked, and no toast took the place of the fields.
    expect(dialog.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Entries close/)));
    expect(screen.queryByText('Failed to update event')).toBeNull();

    // Changing a marked field clears its message; the other stays until the next try.
    await user.clear(maximum);
    await user.type(maximum, '40');
    expect(within(dialog).queryByText('12 members are already registered, so the maximum cannot be lower than that.')).toBeNull();
    expect(within(dialog).getByText('Entries must close by the time fishing ends (Sun 6 Dec 2026, 2:00 pm).')).toBeTruthy();
  });
});

const SPONSOR = aSponsorApplication({
  id: '55555555-5555-4555-8555-555555555555',
  companyName: 'Kingscliff Marine',
  status: 'pending',
  logoUrl: null,
  websiteUrl: null,
});

describe("the sponsor review shows the server's field errors on their fields, all at once", () => {
  it('marks the logo and the website together, with no toast, and asks before Escape throws the changes away', async () => {
    const refusal = "The logo must be an address outside the site's API.";
    const server = fakeServer({
      'admin.sponsors.list': () => ok([SPONSOR]),
      'admin.sponsors.review': () =>
        trpcError(400, 'BAD_REQUEST', refusal, {
          fieldErrors: { logoUrl: refusal, websiteUrl: "The website must be an address outside the site's API." },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Review Kingscliff Marine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Kingscliff Marine' });
    await fill(user, within(dialog).getByLabelText('Website'), 'https://club.test/api/x');
    await fill(user, within(dialog).getByLabelText('Logo URL'), 'https://club.test/api/logo.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(within(dialog).getByText("The website must be an address outside the site's API.")).toBeTruthy();
    expect(screen.queryByText('Failed to update sponsor')).toBeNull();

    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Kingscliff Marine' })).toBeNull());
  });
});
