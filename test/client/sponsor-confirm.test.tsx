import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

// The landing page of the link that proves a sponsor's address: nothing is spent until the person presses the button.
describe('/sponsor/confirm', () => {
  it('asks before confirming, then shows what the server did', async () => {
    const token = 'c'.repeat(43);
    const message = 'Thank you: fran@fingalbait.example is confirmed. We have e-mailed your invoice there.';
    const server = fakeServer({ ...SIGNED_OUT, 'sponsorships.confirmAddress': () => ok({ message }) });
    const user = userEvent.setup();
    renderApp(`/sponsor/confirm?token=${token}`, server);
    const button = await screen.findByRole('button', { name: 'Confirm my address' });
    expect(screen.getByText('Confirm your address for your sponsorship')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('Address confirmed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(server.mutations()).toMatchObject([{ procedures: ['sponsorships.confirmAddress'], inputs: [{ token }] }]);
  });

  it('shows the server sentence when the link has expired', async () => {
    const refusal =
      'This confirmation link has expired (it works for 30 days). Please contact the club, and the committee will send you a new one.';
    const server = fakeServer({ ...SIGNED_OUT, 'sponsorships.confirmAddress': () => trpcError(400, 'BAD_REQUEST', refusal) });
    const user = userEvent.setup();
    renderApp(`/sponsor/confirm?token=${'d'.repeat(43)}`, server);
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Address not confirmed')).toBeTruthy();
  });
});
