import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from './builders';
import { NOT_YET_JOINED, SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

const member = aUser({ firstName: 'Mia' });
const signedOut = () => fakeServer(SIGNED_OUT);

describe('routes', () => {
  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no-such-page', signedOut());
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('shows the sign-in card, not the not-found page, on /member when signed out', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.login': () =>
        ok({ message: 'We have e-mailed you a sign-in link.', userId: null, requiresVerification: false, linkSent: true }),
    });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    renderApp('/member', server);
    expect(await screen.findByRole('heading', { name: 'Member Portal' })).toBeTruthy();
    expect(screen.getByText('Access your club account')).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    // E-mail-only login from here sends the link (which lands on /member once used).
    const form = screen.getByRole('form', { name: 'Login' });
    await user.type(within(form).getByLabelText('Email'), 'mia@example.com');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(server.mutations()[0]).toMatchObject({ procedures: ['auth.login'], inputs: [{ email: 'mia@example.com' }] });
  });

  it('shows the sign-in card for a portal tab address too (an e-mailed /member?tab=events link)', async () => {
    renderApp('/member?tab=events', signedOut());
    expect(await screen.findByText('Access your club account')).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it('asks a signed-out visitor to sign in on admin routes (an admin following a link), not the not-found page', async () => {
    const { unmount } = renderApp('/admin', signedOut());
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByText('Access your club account')).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    unmount();
    renderApp('/admin/cms?tab=news', signedOut());
    expect(await screen.findByText('Access your club account')).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it('shows the not-found page on /admin to a member', async () => {
    renderApp('/admin', fakeServer({ ...SIGNED_OUT, ...NOT_YET_JOINED, 'auth.me': () => ok(member) }));
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
  });

  it('shows "Invalid verification link" on /email-verified without parameters', async () => {
    const server = signedOut();
    renderApp('/email-verified', server);
    expect(await screen.findByText('Invalid verification link')).toBeTruthy();
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('shows the decoded error parameter on /email-verified', async () => {
    renderApp('/email-verified?error=This%20link%20has%20expired.', signedOut());
    expect(await screen.findByText('This link has expired.')).toBeTruthy();
  });

  it('shows the success card for verified=true', async () => {
    renderApp('/email-verified?verified=true', signedOut());
    expect(await screen.findByText('Email Verified!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Your Account' })).toBeTruthy();
  });

  it('spends a verification token only when the person presses the button, once, and shows the server message when it fails', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const token = 'a'.repeat(43);
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.verifyToken': () => trpcError(400, 'BAD_REQUEST', 'This link has expired. Please request a new one.'),
    });
    renderApp(`/email-verified?token=${token}`, server);
    const button = await screen.findByRole('button', { name: 'Verify my email address' });
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    // Loading the page (as a mail scanner that renders it would) spends nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.mutations()).toEqual([]);

    await user.dblClick(button);
    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeTruthy();
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    const verifyCalls = server.calls.filter((c) => c.procedures.includes('auth.verifyToken'));
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0].inputs).toEqual([{ token, purpose: 'verify_email' }]);
  });

  it('shows "Email Verified!" once the person has pressed the button and the token was accepted', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const server = fakeServer({ ...SIGNED_OUT, 'auth.verifyToken': () => ok(member) });
    renderApp(`/email-verified?token=${'b'.repeat(43)}`, server);
    await user.click(await screen.findByRole('button', { name: 'Verify my email address' }));
    expect(await screen.findByText('Email Verified!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Your Account' })).toBeTruthy();
  });

  it('spends a sign-in token (an e-mailed or a receipt link) only when the person presses the button', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const token = 'c'.repeat(43);
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.verifyToken': () => trpcError(400, 'BAD_REQUEST', 'This link has already been used. Please request a new one.'),
    });
    renderApp(`/sign-in?token=${token}`, server);
    const button = await screen.findByRole('button', { name: 'Sign in to your account' });
    expect(screen.getByRole('heading', { name: 'Sign in to the club' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.mutations()).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('This link has already been used. Please request a new one.')).toBeTruthy();
    expect(server.mutations()).toMatchObject([{ procedures: ['auth.verifyToken'], inputs: [{ token, purpose: 'sign_in' }] }]);
  });

  it("asks 'Sign out?' on /sign-out and signs out only on the button", async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const server = fakeServer({
      ...SIGNED_OUT,
      ...NOT_YET_JOINED,
      'auth.me': () => ok(member),
      'auth.logout': () => ok({ message: 'You have been signed out.' }),
    });
    renderApp('/sign-out', server);
    expect(await screen.findByRole('heading', { name: 'Sign out?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(server.mutations().map((c) => c.procedures)).toEqual([['auth.logout']]));
  });

  it('says so on /sign-out when nobody is signed in', async () => {
    const server = signedOut();
    renderApp('/sign-out', server);
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the home page' })).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('greets a signed-in member on /', async () => {
    renderApp('/', fakeServer({ ...SIGNED_OUT, ...NOT_YET_JOINED, 'auth.me': () => ok(member) }));
    // Without a membership yet, the portal banner greets them by their account name and offers to join.
    expect(await screen.findByText(/^Welcome, Mia/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join the Club' })).toBeTruthy();
  });

  it('shows the landing page with a Login button when signed out', async () => {
    renderApp('/', signedOut());
    expect(await screen.findByText('Ready to Cast Your Line?')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBeGreaterThan(0);
  });
});

describe('login dialog', () => {
  it('opens from the navigation bar with the auth card and a Close button', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    renderApp('/', signedOut());
    const [navLogin] = await screen.findAllByRole('button', { name: 'Login' });
    await user.click(navLogin);
    const dialog = await screen.findByRole('dialog', { name: 'Login or sign up' });
    expect(dialog.textContent).toContain('Access your club account');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
