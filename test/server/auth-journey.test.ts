import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/server/db/entities';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('sign-up → e-mail → verify → session → logout', () => {
  it('walks the whole journey over the documented REST shims', async () => {
    const browser = t.client();
    const signup = await browser.json('POST', '/api/auth/signup', {
      email: '  Jess.Walker@Example.com ',
      firstName: ' Jess ',
      lastName: 'Walker',
    });
    expect(signup.status).toBe(200);
    expect(signup.body).toEqual({
      message: expect.stringContaining('jess.walker@example.com'),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requiresVerification: true,
    });

    const user = await t.em().findOneOrFail(User, { email: 'jess.walker@example.com' });
    expect(user.firstName).toBe('Jess');
    expect(user.emailVerifiedAt).toBeNull();

    // The e-mail: club name, HTML and plain-text parts, a link valid for 24 hours.
    const mail = t.mail.last('jess.walker@example.com');
    expect(mail.subject).toBe('Verify your email for Tweed Coast Anglers Club');
    expect(mail.html).toContain('Tweed Coast Anglers Club');
    expect(mail.html).toContain('#0b3d6b');
    expect(mail.text).toContain("G'day Jess,");
    expect(mail.text).toContain('valid for 24 hours');
    const link = linkIn(mail);
    expect(link.origin + link.pathname).toBe('http://club.test/email-verified');
    const token = link.searchParams.get('token')!;
    expect(mail.html).toContain(token);

    // Not signed in yet.
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);

    const verified = await browser.json('POST', '/api/auth/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ email: 'jess.walker@example.com', firstName: 'Jess', emailVerified: true, role: 'member' });

    const me = await browser.json('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('jess.walker@example.com');
    await t.em().findOneOrFail(User, { email: 'jess.walker@example.com', emailVerifiedAt: { $ne: null } });

    // Logout is a browser navigation from the site's own menu; it ends this and every other session of the user.
    // (From another site it only asks first: test/server/cross-site.test.ts.)
    const otherDevice = t.client();
    for (const [k, v] of browser.cookies) otherDevice.cookies.set(k, v);
    const logout = await browser.fetch('/api/logout', { headers: { referer: 'http://club.test/member' } });
    expect(logout.status).toBe(303);
    expect(logout.headers.get('location')).toBe('/');
    expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);
    expect(await otherDevice.trpc.auth.me.query()).toBeNull();
  });

  it('signs the verified user in through tRPC as well, and the cookie is HttpOnly and SameSite=Lax', async () => {
    const browser = t.client();
    await browser.trpc.auth.signup.mutate({ email: 'kai@example.com', firstName: 'Kai', lastName: 'Nguyen' });
    const token = linkIn(t.mail.last('kai@example.com')).searchParams.get('token')!;
    const response = await browser.fetch('/trpc/auth.verifyToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, purpose: 'verify_email' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await browser.trpc.auth.me.query()).toMatchObject({ firstName: 'Kai', emailVerified: true });
  });

  it('answers a second sign-up with the same address alike and tells the owner by e-mail', async () => {
    const first = await t.client().trpc.auth.signup.mutate({ email: 'rio@example.com', firstName: 'Rio', lastName: 'Park' });
    const token = linkIn(t.mail.last('rio@example.com')).searchParams.get('token')!;
    await t.client().trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' });

    const again = await t.client().trpc.auth.signup.mutate({ email: 'rio@example.com', firstName: 'Someone', lastName: 'Else' });
    expect(again).toEqual({ ...first, message: first.message });
    const notice = t.mail.last('rio@example.com');
    expect(notice.subject).toBe('You already have an account with Tweed Coast Anglers Club');
    expect(linkIn(notice).pathname).toBe('/sign-in');
    const user = await t.em().findOneOrFail(User, { email: 'rio@example.com' });
    expect(user.firstName).toBe('Rio');
    expect(await t.em().count(User, { email: 'rio@example.com' })).toBe(1);
  });

  it('reloading the verification page after success still shows success for the same signed-in user', async () => {
    const browser = t.client();
    await browser.trpc.auth.signup.mutate({ email: 'lee@example.com', firstName: 'Lee', lastName: 'Ho' });
    const token = linkIn(t.mail.last('lee@example.com')).searchParams.get('token')!;
    await browser.trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' });
    await expect(browser.trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' })).resolves.toMatchObject({
      email: 'lee@example.com',
    });
    // Someone else holding the used link gets the plain answer.
    await expect(t.client().trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' })).rejects.toThrow(
      'This link has already been used. Please request a new one.',
    );
  });
});
