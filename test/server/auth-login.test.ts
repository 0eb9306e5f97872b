import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/server/db/entities';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'correct horse battery';

async function userWithPassword(email: string) {
  const { client } = await signedInClient(t, email);
  await client.trpc.auth.setPassword.mutate({ newPassword: PASSWORD });
  return client;
}

describe('password login', () => {
  it('signs in with the right password and stores only an argon2id hash', async () => {
    await userWithPassword('pat@example.com');
    const user = await t.em().findOneOrFail(User, { email: 'pat@example.com' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);

    const browser = t.client();
    const res = await browser.json('POST', '/api/auth/login', { email: ' PAT@example.com ', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Signed in successfully.', userId: user.id, requiresVerification: false });
    expect((await browser.json('GET', '/api/auth/user')).body.email).toBe('pat@example.com');
  });

  it('refuses a wrong password and an unknown address with the same 401 message', async () => {
    await userWithPassword('quinn@example.com');
    const wrong = await t.client().json('POST', '/api/auth/login', { email: 'quinn@example.com', password: 'not the password' });
    const unknown = await t.client().json('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('asks an unverified user with a password to verify first, and e-mails a new link', async () => {
    const browser = t.client();
    const { userId } = await browser.trpc.auth.signup.mutate({ email: 'una@example.com', firstName: 'Una', lastName: 'Verified' });
    t.clock.advance(61_000);
    // A password can only be set when signed in; give this unverified account one directly.
    const { hash } = await import('@node-rs/argon2');
    const em = t.em();
    const user = await em.findOneOrFail(User, { id: userId! });
    user.passwordHash = await hash(PASSWORD);
    await em.flush();

    const before = t.mail.to('una@example.com').length;
    const res = await browser.json('POST', '/api/auth/login', { email: 'una@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.stringContaining('verify your email address first'), userId, requiresVerification: true });
    expect(t.mail.to('una@example.com')).toHaveLength(before + 1);
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);
  });
});

describe('e-mail-only login', () => {
  it('e-mails a 15-minute sign-in link and never signs anyone in by itself', async () => {
    const { email } = await signedInClient(t, 'rae@example.com');
    const browser = t.client();
    let res!: Awaited<ReturnType<typeof browser.json>>;
    const mail = await t.mailAfter(email, async () => (res = await browser.json('POST', '/api/auth/login', { email, password: '' })));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'If an account exists for rae@example.com, we have e-mailed it a sign-in link. The link is valid for 15 minutes.',
      userId: null,
      requiresVerification: false,
      linkSent: true,
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);

    expect(mail.subject).toBe('Your sign-in link for Tweed Coast Anglers Club');
    expect(mail.text).toContain('valid for 15 minutes');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/sign-in');

    // The link is bound to its purpose: it is no verification token.
    const token = link.searchParams.get('token')!;
    await expect(browser.trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' })).rejects.toThrow('This link is invalid');
    const user = await browser.trpc.auth.verifyToken.mutate({ token, purpose: 'sign_in' });
    expect(user.email).toBe(email);
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('gives a known and an unknown address the same answer, and mails only the known one', async () => {
    await signedInClient(t, 'sol@example.com');
    const before = t.mail.messages.length;
    const unknown = await t.client().json('POST', '/api/auth/login', { email: 'ghost@example.com' });
    let known!: typeof unknown;
    await t.mailAfter(
      'sol@example.com',
      async () => (known = await t.client().json('POST', '/api/auth/login', { email: 'sol@example.com' })),
    );
    expect(known.status).toBe(unknown.status);
    expect(known.body.message.replace('sol@example.com', 'X')).toBe(unknown.body.message.replace('ghost@example.com', 'X'));
    expect({ ...known.body, message: '' }).toEqual({ ...unknown.body, message: '' });
    expect(t.mail.messages.slice(before).map((m) => m.to[0])).toEqual(['sol@example.com']);
  });

  it('signs in and verifies an unverified account through the sign-in link', async () => {
    await t.client().trpc.auth.signup.mutate({ email: 'tam@example.com', firstName: 'Tam', lastName: 'Lin' });
    t.clock.advance(61_000);
    const token = linkIn(
      await t.mailAfter('tam@example.com', () => t.client().trpc.auth.login.mutate({ email: 'tam@example.com' })),
    ).searchParams.get('token')!;
    const user = await t.client().trpc.auth.verifyToken.mutate({ token, purpose: 'sign_in' });
    expect(user.emailVerified).toBe(true);
  });
});

describe('the per-address limit on sign-in links', () => {
  it('says so, the same for a known and an unknown address, instead of answering "sent" for a link that did not go', async () => {
    await signedInClient(t, 'lim@example.com');
    const ask = (email: string) => t.client().json('POST', '/api/auth/login', { email });
    for (let i = 0; i < 3; i++) {
      // Each allowed request sends its link, even seconds apart.
      await t.mailAfter('lim@example.com', () => ask('lim@example.com'));
      expect((await ask('nobody.lim@example.com')).status).toBe(200);
      t.clock.advance(5_000);
    }
    const sent = t.mail.to('lim@example.com').length;
    const known = await ask('lim@example.com');
    const unknown = await ask('nobody.lim@example.com');
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(known.body).toEqual({ message: 'Too many links were sent to this address; try again in 15 minutes.' });
    expect(unknown.body).toEqual(known.body);
    expect(known.headers.get('retry-after')).toBe(unknown.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.to('lim@example.com')).toHaveLength(sent);

    // Once the window has passed, a link goes out again.
    t.clock.advance(15 * 60_000);
    await t.mailAfter('lim@example.com', () => ask('lim@example.com'));
  });
});

describe('settings: set and change a password', () => {
  it('requires the current password to change it, signs out other devices and keeps this one', async () => {
    const { client, email } = await signedInClient(t, 'uma@example.com');
    await client.trpc.auth.setPassword.mutate({ newPassword: PASSWORD });
    expect((await client.trpc.auth.me.query())!.hasPassword).toBe(true);
    expect(t.mail.last(email).subject).toBe('Your Tweed Coast Anglers Club password was changed');

    const other = t.client();
    await other.trpc.auth.login.mutate({ email, password: PASSWORD });
    expect(await other.trpc.auth.me.query()).not.toBeNull();

    const missing = await client.trpc.auth.setPassword.mutate({ newPassword: 'a new password 2' }).catch((e) => e);
    expect(missing).toBeInstanceOf(TRPCClientError);
    expect(missing.message).toBe('Please enter your current password.');
    const wrong = await client.trpc.auth.setPassword.mutate({ currentPassword: 'nope', newPassword: 'a new password 2' }).catch((e) => e);
    expect(wrong.message).toBe('Your current password is incorrect.');
    expect(wrong.data.httpStatus).toBe(400);

    await client.trpc.auth.setPassword.mutate({ currentPassword: PASSWORD, newPassword: 'a new password 2' });
    expect(await client.trpc.auth.me.query()).not.toBeNull();
    expect(await other.trpc.auth.me.query()).toBeNull();
    await expect(t.client().trpc.auth.login.mutate({ email, password: PASSWORD })).rejects.toThrow('Invalid email or password.');
    await expect(t.client().trpc.auth.login.mutate({ email, password: 'a new password 2' })).resolves.toMatchObject({
      requiresVerification: false,
    });
  });

  it('refuses a short password with a clear message', async () => {
    const { client } = await signedInClient(t);
    await expect(client.trpc.auth.setPassword.mutate({ newPassword: 'short' })).rejects.toThrow('Password must be at least 10 characters.');
  });
});
