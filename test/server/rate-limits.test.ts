import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/server/db/entities';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('rate limits', () => {
  it('allows 10 sign-ups an hour from one address, then answers 429 with Retry-After, then allows again', async () => {
    const browser = t.client('203.0.113.7');
    for (let i = 0; i < 10; i++) {
      const res = await browser.json('POST', '/api/auth/signup', { email: `bulk${i}@example.com`, firstName: 'B', lastName: 'K' });
      expect(res.status).toBe(200);
    }
    const refused = await browser.json('POST', '/api/auth/signup', { email: 'bulk10@example.com', firstName: 'B', lastName: 'K' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    expect(await t.em().count(User, { email: 'bulk10@example.com' })).toBe(0);

    // Another address is not affected; the same one is let through once the hour is over.
    expect((await t.client('203.0.113.8').json('POST', '/api/auth/signup', { email: 'other@example.com', firstName: 'O', lastName: 'K' })).status).toBe(200);
    t.clock.advance(3600_000);
    expect((await browser.json('POST', '/api/auth/signup', { email: 'bulk10@example.com', firstName: 'B', lastName: 'K' })).status).toBe(200);
  });

  it('limits password guesses per account, whichever address they come from', async () => {
    const { email } = await signedInClient(t, 'target@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await t.client().json('POST', '/api/auth/login', { email, password: `guess number ${i}` });
      expect(res.status).toBe(401);
    }
    const refused = await t.client().json('POST', '/api/auth/login', { email, password: 'guess number 11' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it('does not trust X-Forwarded-For from an unlisted proxy', async () => {
    const direct = await startTestApp({ env: { TRUST_PROXY: '' } });
    try {
      // Each request claims a fresh address; without a trusted proxy they all count as 127.0.0.1.
      for (let i = 0; i < 10; i++) {
        const res = await direct.client(`198.51.100.${i}`).json('POST', '/api/auth/signup', { email: `xff${i}@example.com`, firstName: 'X', lastName: 'F' });
        expect(res.status).toBe(200);
      }
      const refused = await direct.client('198.51.100.99').json('POST', '/api/auth/signup', { email: 'xff99@example.com', firstName: 'X', lastName: 'F' });
      expect(refused.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
