import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthToken, User } from '../../src/server/db/entities';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const HOUR = 3600_000;

async function signupToken(email: string) {
  const browser = t.client();
  const res = await browser.trpc.auth.signup.mutate({ email, firstName: 'Ada', lastName: 'Fisher' });
  return { browser, userId: res.userId!, token: linkIn(t.mail.last(email)).searchParams.get('token')! };
}

describe('link tokens', () => {
  it('stores only the SHA-256 of a 32-byte token', async () => {
    const { token, userId } = await signupToken('hash@example.com');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.em().find(AuthToken, { user: userId });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].tokenHash).not.toContain(token);
  });

  it('keeps a verification link valid for 24 hours and no longer', async () => {
    const early = await signupToken('early@example.com');
    const late = await signupToken('late@example.com');
    t.clock.advance(24 * HOUR - 60_000);
    await expect(early.browser.trpc.auth.verifyToken.mutate({ token: early.token, purpose: 'verify_email' })).resolves.toMatchObject({
      emailVerified: true,
    });
    t.clock.advance(60_001);
    await expect(late.browser.trpc.auth.verifyToken.mutate({ token: late.token, purpose: 'verify_email' })).rejects.toThrow(
      'This link has expired. Please request a new one.',
    );
    const user = await t.em().findOneOrFail(User, { email: 'late@example.com' });
    expect(user.emailVerifiedAt).toBeNull();
  });

  it('keeps a sign-in link valid for 15 minutes and no longer', async () => {
    const { email } = await signedInClient(t, 'fifteen@example.com');
    const signIn = async () =>
      linkIn(await t.mailAfter(email, () => t.client().trpc.auth.login.mutate({ email }))).searchParams.get('token')!;
    const first = await signIn();
    t.clock.advance(15 * 60_000 - 1000);
    await expect(t.client().trpc.auth.verifyToken.mutate({ token: first, purpose: 'sign_in' })).resolves.toMatchObject({ email });
    const second = await signIn();
    expect(second).not.toBe(first);
    t.clock.advance(15 * 60_000 + 1);
    await expect(t.client().trpc.auth.verifyToken.mutate({ token: second, purpose: 'sign_in' })).rejects.toThrow('This link has expired');
  });

  it('lets exactly one of 10 parallel claims of a link through', async () => {
    const { token } = await signupToken('race@example.com');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => t.client().trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.reason.message).toBe('This link has already been used. Please request a new one.');
  });

  it('refuses forged and malformed tokens with 400 and signs nobody in', async () => {
    const browser = t.client();
    const forged = 'A'.repeat(43);
    const res = await browser.json('POST', '/api/auth/verify', { token: forged });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This link is invalid. Please request a new one.' });
    for (const token of ['', 'short', '../../etc/passwd', 'x'.repeat(5000), 42, null]) {
      const bad = await browser.json('POST', '/api/auth/verify', { token });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    expect(browser.cookies.size).toBe(0);
  });
});

describe('resending the verification e-mail', () => {
  it('is locked for 60 seconds after each send, then sends a new working link', async () => {
    const { browser, userId } = await signupToken('resend@example.com');
    const send = () => browser.json('POST', '/api/auth/send-verification', { email: 'resend@example.com', userId });

    const locked = await send();
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Please wait 60 seconds before requesting another email.');
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(t.mail.to('resend@example.com')).toHaveLength(1);

    t.clock.advance(45_000);
    expect((await send()).body.message).toBe('Please wait 15 seconds before requesting another email.');

    t.clock.advance(15_000);
    const sent = await send();
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'Verification email sent', sentAt: t.clock.now().toISOString() });
    expect(t.mail.to('resend@example.com')).toHaveLength(2);
    const token = linkIn(t.mail.last('resend@example.com')).searchParams.get('token')!;
    await expect(browser.trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' })).resolves.toMatchObject({ emailVerified: true });
  });

  it('answers a mismatched e-mail and userId alike without sending anything', async () => {
    const { userId } = await signupToken('pair@example.com');
    t.clock.advance(61_000);
    const before = t.mail.messages.length;
    const res = await t.client().json('POST', '/api/auth/send-verification', { email: 'other@example.com', userId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Verification email sent');
    expect(t.mail.messages.length).toBe(before);
  });

  it('reports a mail outage on resend, and the sign-up itself is kept', async () => {
    t.mail.failing = true;
    try {
      const res = await t.client().json('POST', '/api/auth/signup', { email: 'outage@example.com', firstName: 'Out', lastName: 'Age' });
      expect(res.status).toBe(200);
      expect(await t.em().count(User, { email: 'outage@example.com' })).toBe(1);
      t.clock.advance(61_000);
      const resend = await t.client().json('POST', '/api/auth/send-verification', { email: 'outage@example.com', userId: res.body.userId });
      expect(resend.status).toBe(503);
      expect(resend.body.message).toBe('We could not send the email right now. Please try again in a few minutes.');
      // Once mail flows again the person can resend straight away: a failed send starts no lockout.
      t.mail.failing = false;
      const retry = await t.client().json('POST', '/api/auth/send-verification', { email: 'outage@example.com', userId: res.body.userId });
      expect(retry.status).toBe(200);
      expect(linkIn(t.mail.last('outage@example.com')).pathname).toBe('/email-verified');
    } finally {
      t.mail.failing = false;
    }
  });
});
