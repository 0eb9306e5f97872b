import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

// The landing page of an e-mail change's links: nothing is spent until the person presses the button.
describe('/email-change', () => {
  it("the current address's link asks 'is it you?', then says the new address has been sent its link", async () => {
    const token = 'i'.repeat(43);
    const message = 'Thank you. We have sent a confirmation link to dana.new@example.com; your address changes once you open it there.';
    const server = fakeServer({
      ...SIGNED_OUT,
      'members.confirmEmailChange': () => ok({ message, email: 'dana.new@example.com', changed: false }),
    });
    const user = userEvent.setup();
    renderApp(`/email-change?token=${token}&step=identity`, server);
    const button = await screen.findByRole('button', { name: 'Yes, it is me' });
    expect(screen.getByText('Is it you changing your e-mail address?')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('Thank you: check your new address')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(server.mutations()).toMatchObject([{ procedures: ['members.confirmEmailChange'], inputs: [{ token }] }]);
  });

  it("the old address's undo link puts the address back on the button, and shows why when it cannot", async () => {
    const token = 'u'.repeat(43);
    const message =
      'Your e-mail address is dana@example.com again, and every device signed in to your account has been signed out. Sign in with a link to dana@example.com, then set a new password in Settings.';
    const server = fakeServer({ ...SIGNED_OUT, 'members.undoEmailChange': () => ok({ message, email: 'dana@example.com' }) });
    const user = userEvent.setup();
    renderApp(`/email-change?undo=${token}`, server);
    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText('Your address is back')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(server.mutations()).toMatchObject([{ procedures: ['members.undoEmailChange'], inputs: [{ token }] }]);
  });

  it('shows the server sentence when an undo link has expired', async () => {
    const refusal = 'This undo link has expired. Please ask the committee for help at committee@example.com.';
    const server = fakeServer({ ...SIGNED_OUT, 'members.undoEmailChange': () => trpcError(400, 'BAD_REQUEST', refusal) });
    const user = userEvent.setup();
    renderApp(`/email-change?undo=${'v'.repeat(43)}`, server);
    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Address not put back')).toBeTruthy();
  });
});
