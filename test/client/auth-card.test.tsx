import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthCard } from '../../src/client/features/auth/auth-card';
import { SettingsModal } from '../../src/client/features/auth/settings-modal';
import { fieldMessage } from './field-message';
import { aNotificationSettings, aUser } from './builders';
import { fakeServer, ok, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

const USER_ID = '0b6f1f9e-3f5a-4c1e-9a57-6a8d1b2c3d4e';

function signUpServer() {
  return fakeServer({
    'auth.signup': () =>
      ok({ message: 'We have sent a verification link to mia@example.com.', userId: USER_ID, requiresVerification: true }),
  });
}

describe('auth card', () => {
  it('shows "Please enter your email address" and sends nothing when the login e-mail is blank', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.getByText('Access your club account')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('shows "Please fill in all required fields" and sends nothing when a sign-up field is blank', async () => {
    const server = signUpServer();
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fill(user, screen.getByLabelText(/^Email/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^First Name/), '   ');
    await fill(user, screen.getByLabelText(/^Last Name/), 'Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('signs up with trimmed values, then shows Check Your Email with a 60-second resend lock', async () => {
    const server = signUpServer();
    const user = userEvent.setup();
    renderWithProviders(<AuthCard initialTab="signup" />, server);

    await fill(user, screen.getByLabelText(/^Email/), '  mia@example.com ');
    await fill(user, screen.getByLabelText(/^First Name/), ' Mia ');
    await fill(user, screen.getByLabelText(/^Last Name/), ' Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(server.mutations()).toEqual([
      { procedures: ['auth.signup'], method: 'POST', inputs: [{ email: 'mia@example.com', firstName: 'Mia', lastName: 'Fisher' }] },
    ]);
    expect(screen.getAllByText('We have sent a verification link to mia@example.com.').length).toBeGreaterThan(0);
    expect(await screen.findByText('Account created')).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ });
    expect(resend.textContent).toMatch(/Resend in (60|59)s/);
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Last sent at \d{1,2}:\d{2}\s?(am|pm)$/)).toBeTruthy();
  });

  it('counts the resend lock down each second and unlocks after 60 s', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = signUpServer();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<AuthCard initialTab="signup" />, server);

    await fill(user, screen.getByLabelText(/^Email/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^First Name/), 'Mia');
    await fill(user, screen.getByLabelText(/^Last Name/), 'Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByText('Check Your Email');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByRole('button', { name: /Resend in (50|49)s/ })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(51_000);
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
  });

  it('shows the server message when login fails', async () => {
    const server = fakeServer({ 'auth.login': () => trpcError(401, 'UNAUTHORIZED', 'Invalid email or password.') });
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await fill(user, screen.getByLabelText('Email'), ' noah@example.com ');
    await fill(user, screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(server.mutations()[0]).toEqual({
      procedures: ['auth.login'],
      method: 'POST',
      inputs: [{ email: 'noah@example.com', password: 'not-the-password' }],
    });
    // Still on the form.
    expect(screen.getByRole('tab', { name: 'Login' })).toBeTruthy();
  });

  it('shows the network error when the server cannot be reached', async () => {
    const server = fakeServer({});
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, { ...server, fetch: failing });

    await fill(user, screen.getByLabelText('Email'), 'noah@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });

  it("shows the site's own refusal (a 403 naming the club's address) rather than a network error", async () => {
    const server = fakeServer({});
    const message = "Requests from other sites are not accepted. Please use the club's site at http://localhost:3000.";
    // Refused before any procedure runs: a plain JSON sentence, not tRPC's error shape.
    const refusing = (async () =>
      new Response(JSON.stringify({ message }), {
        status: 403,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })) as typeof fetch;
    const user = userEvent.setup();
    renderWithProviders(<AuthCard initialTab="signup" />, { ...server, fetch: refusing });

    await fill(user, screen.getByLabelText(/Email/), 'mia@example.com');
    await user.type(screen.getByLabelText(/First Name/), 'Mia');
    await fill(user, screen.getByLabelText(/Last Name/), 'Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Network error. Please try again.')).toBeNull();
  });

  it('e-mail-only login shows Check Your Email and resends with the e-mail only', async () => {
    const message = 'If an account exists for noah@example.com, we have e-mailed it a sign-in link.';
    const server = fakeServer({ 'auth.login': () => ok({ message, userId: null, requiresVerification: false, linkSent: true }) });
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await fill(user, screen.getByLabelText('Email'), 'noah@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(server.mutations()[0].inputs).toEqual([{ email: 'noah@example.com' }]);
    const view = screen.getByText('Check Your Email').parentElement!;
    expect(within(view).getByRole('button', { name: /Resend in/ })).toBeTruthy();
  });

  it('says when the address has had its share of sign-in links, instead of Check Your Email', async () => {
    const limit = 'Too many links were sent to this address; try again in 15 minutes.';
    let answers = 0;
    const server = fakeServer({
      'auth.login': () =>
        ++answers === 2
          ? ok({
              message: 'If an account exists for noah@example.com, we have e-mailed it a sign-in link.',
              userId: null,
              requiresVerification: false,
              linkSent: true,
            })
          : trpcError(429, 'TOO_MANY_REQUESTS', limit),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await fill(user, screen.getByLabelText('Email'), 'noah@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.queryByText('Check Your Email')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(server.mutations()).toHaveLength(2);
  });

  it('puts the schema messages under the sign-up fields', async () => {
    const server = signUpServer();
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fill(user, screen.getByLabelText(/^Email/), 'mia@');
    await fill(user, screen.getByLabelText(/^Last Name/), 'Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(fieldMessage(screen.getByLabelText(/^Email/))).toBe('Please enter a valid email address.');
    expect(fieldMessage(screen.getByLabelText(/^First Name/))).toBe('First name is required.');
    expect(fieldMessage(screen.getByLabelText(/^Last Name/))).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it("puts the server's field error under the sign-up field it names", async () => {
    const server = fakeServer({
      'auth.signup': () =>
        trpcError(400, 'BAD_REQUEST', 'First name contains characters that are not allowed.', {
          fieldErrors: { firstName: 'First name contains characters that are not allowed.' },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, server);

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fill(user, screen.getByLabelText(/^Email/), 'mia@example.com');
    await user.type(screen.getByLabelText(/^First Name/), 'Mia');
    await fill(user, screen.getByLabelText(/^Last Name/), 'Fisher');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() =>
      expect(fieldMessage(screen.getByLabelText(/^First Name/))).toBe('First name contains characters that are not allowed.'),
    );
  });
});

describe('settings: password', () => {
  const user = aUser({ id: USER_ID });

  it('asks for the current password and a matching confirmation before sending anything', async () => {
    // The Notifications card below the password reads the member's choices.
    const server = fakeServer({
      'notifications.settings': () => ok(aNotificationSettings()),
    });
    const person = userEvent.setup();
    renderWithProviders(<SettingsModal user={{ ...user, hasPassword: true }} opened onClose={() => {}} />, server);

    await person.type(screen.getByLabelText('New password'), 'a-long-password');
    await person.type(screen.getByLabelText('Confirm new password'), 'a-long-passwort');
    await person.click(screen.getByRole('button', { name: 'Save password' }));

    expect(fieldMessage(screen.getByLabelText('Current password'))).toBe('Please enter your current password.');
    expect(fieldMessage(screen.getByLabelText('Confirm new password'))).toBe('The new passwords do not match.');
    expect(server.mutations()).toEqual([]);
  });
});

describe('the welcome toast after signing in', () => {
  it('is kept for the page that loads after a password login, and shown there once', async () => {
    const server = fakeServer({
      'auth.login': () => ok({ message: 'Login successful', userId: USER_ID, requiresVerification: false }),
      'auth.me': () => ok(null),
    });
    const user = userEvent.setup();
    const first = renderWithProviders(<AuthCard />, server);
    await fill(user, screen.getByLabelText('Email'), 'mia@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(sessionStorage.getItem('club.toast-after-load')).toContain('Welcome back!'));
    // The page goes away with the full page load that signing in makes; the toast was not shown on it.
    expect(screen.queryByText('Welcome back!')).toBeNull();
    first.unmount();

    // The next page shows it once: the toast area takes it from the session's storage.
    const next = renderWithProviders(<div />, fakeServer({}));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('Login successful')).toBeTruthy();
    expect(sessionStorage.getItem('club.toast-after-load')).toBeNull();
    next.unmount();
  });
});
