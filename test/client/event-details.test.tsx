import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anEvent } from './builders';
import { SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

const ID = '33333333-3333-4333-8333-333333333333';
const LONG_DESCRIPTION = [
  'Our biggest day of the year on the Tweed.',
  'Sign-on from 5:30 am at the ramp; boats and land-based anglers both welcome.',
  'Flathead, bream and whiting all score, measured on the club brag mat.',
  'Juniors fish in their own division with prizes from Tweed Tackle.',
  'The barbecue opens at 1 pm and the presentation starts at 2:30 pm under the fig tree.',
].join('\n');
const EVENT = anEvent({
  id: ID,
  name: 'Flathead Classic',
  description: LONG_DESCRIPTION,
  eventDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  rules: 'Lures only.',
  prizes: 'A new rod.',
  maxParticipants: 30,
  registeredCount: 4,
  fishingStart: '06:00',
  fishingEnd: '13:00',
});

describe('an event details page', () => {
  it('shows a visitor the whole description, the rules, prizes and how to enter', async () => {
    renderApp(`/events/${ID}`, fakeServer({ ...SIGNED_OUT, 'events.byId': () => ok(EVENT) }));
    const article = await screen.findByRole('article', { name: 'Flathead Classic' });
    expect(within(article).getByTestId('event-description').textContent).toBe(LONG_DESCRIPTION);
    expect(within(article).getByText('Lures only.')).toBeTruthy();
    expect(within(article).getByText('A new rod.')).toBeTruthy();
    expect(within(article).getByText('Fishing 6:00 am to 1:00 pm', { exact: false })).toBeTruthy();
    expect(within(article).getByText('Maximum participants: 30 (26 places left)')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Join to Register' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/api/events/${ID}/calendar.ics`);
  });

  it("is where the home panel's Learn More leads", async () => {
    const user = userEvent.setup();
    const server = fakeServer({ ...SIGNED_OUT, 'events.upcoming': () => ok([EVENT]), 'events.byId': () => ok(EVENT) });
    renderApp('/public', server);
    await user.click(await screen.findByRole('link', { name: 'Learn More about Flathead Classic' }));
    expect((await screen.findByTestId('event-description')).textContent).toBe(LONG_DESCRIPTION);
  });

  it('says so when the event does not exist', async () => {
    renderApp(
      `/events/${ID}`,
      fakeServer({ ...SIGNED_OUT, 'events.byId': () => trpcError(404, 'NOT_FOUND', 'That event does not exist.') }),
    );
    expect(await screen.findByText('That event does not exist.')).toBeTruthy();
  });
});
