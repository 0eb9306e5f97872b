import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthToken, User } from '../../src/server/db/entities';
import { PUBLIC_URL, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function counts() {
  const em = t.em();
  return { users: await em.count(User, {}), tokens: await em.count(AuthToken, {}) };
}

const long = (n: number) => 'x'.repeat(n);

describe('bad input gets a clear 4xx and changes nothing', () => {
  const cases: [string, string, unknown, number, string][] = [
    ['signup', '/api/auth/signup', { email: '', firstName: 'A', lastName: 'B' }, 400, 'Please enter your email address'],
    ['signup', '/api/auth/signup', { email: '   ', firstName: 'A', lastName: 'B' }, 400, 'Please enter your email address'],
    ['signup', '/api/auth/signup', { email: 'not-an-email', firstName: 'A', lastName: 'B' }, 400, 'Please enter a valid email address.'],
    ['signup', '/api/auth/signup', { email: 'a@b', firstName: 'A', lastName: 'B' }, 400, 'Please enter a valid email address.'],
    [
      'signup',
      '/api/auth/signup',
      { email: `${long(250)}@example.com`, firstName: 'A', lastName: 'B' },
      400,
      'That email address is too long.',
    ],
    [
      'signup',
      '/api/auth/signup',
      { email: 'ok@example.com', firstName: long(81), lastName: 'B' },
      400,
      'First name must be at most 80 characters.',
    ],
    ['signup', '/api/auth/signup', { email: 'ok@example.com', firstName: '', lastName: 'B' }, 400, 'First name is required.'],
    ['signup', '/api/auth/signup', { email: 'ok@example.com', firstName: 'A' }, 400, 'Last name is required.'],
    [
      'signup',
      '/api/auth/signup',
      { email: 'ok@example.com', firstName: '<script>', lastName: 'B' },
      400,
      'First name contains characters that are not allowed.',
    ],
    ['signup', '/api/auth/signup', { email: 12, firstName: 'A', lastName: 'B' }, 400, 'Email must be text.'],
    ['signup', '/api/auth/signup', { email: 'ok@example.com', firstName: ['A'], lastName: 'B' }, 400, 'First name must be text.'],
    ['signup', '/api/auth/signup', [1, 2], 400, 'The request body must be a JSON object.'],
    ['signup', '/api/auth/signup', 'null', 400, 'The request body must be a JSON object.'],
    ['signup', '/api/auth/signup', '{"email":', 400, 'The request body is not valid JSON.'],
    ['login', '/api/auth/login', { email: 'ok@example.com', password: 123 }, 400, 'Password must be text.'],
    ['login', '/api/auth/login', { email: 'ok@example.com', password: long(201) }, 400, 'Password is too long.'],
    ['login', '/api/auth/login', {}, 400, 'Email is required.'],
    [
      'resend',
      '/api/auth/send-verification',
      { email: 'ok@example.com', userId: 'nope' },
      400,
      'userId must be the id returned by sign-up.',
    ],
    [
      'resend',
      '/api/auth/send-verification',
      { email: 'ok@example.com', userId: "1' or 1=1 --" },
      400,
      'userId must be the id returned by sign-up.',
    ],
  ];

  it.each(cases)('%s %s %j → %i', async (_name, url, body, status, message) => {
    const before = await counts();
    const res = await t.client().json('POST', url, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    expect(await counts()).toEqual(before);
    expect(t.mail.messages).toHaveLength(0);
  });

  it('refuses a body that is not JSON (form posts, text/plain) with 415', async () => {
    const before = await counts();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await t.client().json('POST', '/api/auth/signup', 'email=a%40b.com&firstName=A&lastName=B', { 'content-type': type });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('Requests must be sent as JSON (Content-Type: application/json).');
      const trpc = await t.client().json('POST', '/trpc/auth.signup', 'email=a%40b.com', { 'content-type': type });
      expect(trpc.status).toBe(415);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses mutations from a foreign Origin or a cross-site fetch with 403', async () => {
    const before = await counts();
    const body = { email: 'csrf@example.com', firstName: 'C', lastName: 'S' };
    const foreign = await t.client().json('POST', '/api/auth/signup', body, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      message: "Requests from other sites are not accepted. Please use the club's site at http://club.test.",
    });
    const crossSite = await t.client().json('POST', '/trpc/auth.signup', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await counts()).toEqual(before);
    // The site's own origin is fine.
    expect((await t.client().json('POST', '/api/auth/signup', body, { origin: PUBLIC_URL })).status).toBe(200);
  });

  it('refuses an oversized body with 413 and a batch of more than 10 calls with 400', async () => {
    const huge = await t.client().json('POST', '/api/auth/signup', { email: 'big@example.com', firstName: long(2_000_000), lastName: 'B' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The request is too large.');
    const paths = Array.from({ length: 11 }, () => 'auth.me').join(',');
    const batch = await t.client().json('GET', `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(batch.status).toBe(400);
  });

  it('answers an unknown API path with a JSON 404 and an unknown page path with 404 and the app', async () => {
    const api = await t.client().json('GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found.' });
    const page = await t.client().fetch('/some/page');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await t.client().fetch('/sponsor')).status).toBe(200);
  });
});
