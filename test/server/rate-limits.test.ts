import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/server/db/entities';
import { PUBLIC_READS_FACTOR } from '../../src/server/http/request-limits';
import { RATE_RULES } from '../../src/server/platform/rate-limit.service';
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
    expect(
      (await t.client('203.0.113.8').json('POST', '/api/auth/signup', { email: 'other@example.com', firstName: 'O', lastName: 'K' }))
        .status,
    ).toBe(200);
    t.clock.advance(3600_000);
    expect((await browser.json('POST', '/api/auth/signup', { email: 'bulk10@example.com', firstName: 'B', lastName: 'K' })).status).toBe(
      200,
    );
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
});

describe('the address a limit counts (TRUST_PROXY)', () => {
  const LINKS_AN_HOUR = RATE_RULES.emailPerIp.limit;

  /** Asks for e-mailed sign-in links, request i claiming `forwardedFor(i)`; answers the statuses. */
  async function askForSignInLinks(app: TestApp, forwardedFor: (i: number) => string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      statuses.push((await app.client(forwardedFor(i)).json('POST', '/api/auth/login', { email: `nobody${i}@example.com` })).status);
    }
    return statuses;
  }

  // The test client connects from 127.0.0.1 and sends its own X-Forwarded-For on every request.
  it.each([
    ['no proxy is trusted', '', (i: number) => `198.51.100.${i}`],
    ['a proxy is listed, but the request does not come through it', '192.0.2.254', (i: number) => `198.51.100.${i}`],
    ['through the listed proxy, the client forges the start of the chain', '127.0.0.1', (i: number) => `198.51.100.${i}, 203.0.113.50`],
  ])('%s: a rotating X-Forwarded-For gets no fresh bucket', async (_case, trustProxy, forwardedFor) => {
    const app = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
    try {
      const statuses = await askForSignInLinks(app, forwardedFor, LINKS_AN_HOUR + 1);
      expect(statuses).toEqual([...Array(LINKS_AN_HOUR).fill(200), 429]);
    } finally {
      await app.close();
    }
  });

  it('honours the address a listed proxy forwards: each client has its own bucket', async () => {
    const statuses = await askForSignInLinks(t, () => '203.0.113.60', LINKS_AN_HOUR + 1);
    expect(statuses.at(-1)).toBe(429);
    expect(await askForSignInLinks(t, () => '203.0.113.61', 1)).toEqual([200]);
    expect(await askForSignInLinks(t, () => '198.51.100.7, 203.0.113.62', 1)).toEqual([200]);
  });

  it('prunes counters whose window closed long ago (housekeeping)', async () => {
    const count = async () => Number((await t.em().execute<{ n: string }[]>('select count(*) as n from rate_limit_buckets'))[0].n);
    await t.client('198.51.100.9').json('POST', '/api/auth/login', { email: 'nobody@example.com' });
    expect(await count()).toBeGreaterThan(0);
    t.clock.advance(2 * 86_400_000);
    const { rateLimitsPruned } = await t.app.jobs.housekeeping();
    expect(rateLimitsPruned).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });
});

describe('the coarse limit on everything', () => {
  it('answers 429 with Retry-After to an address over RATE_LIMIT_PER_MINUTE; other addresses and health checks go on', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '20' } });
    try {
      const busy = app.client('192.0.2.10');
      for (let i = 0; i < 20; i++)
        expect((await busy.json('POST', '/api/auth/login', { email: `someone${i}@example.com` })).status).toBe(200);
      const refused = await busy.json('POST', '/api/auth/login', { email: 'someone@example.com' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many requests from your address\. Please wait \d+ seconds and try again\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await app.client('192.0.2.11').json('POST', '/api/auth/login', { email: 'someone@example.com' })).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await busy.json('GET', '/healthz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts public reads in a bucket of their own, PUBLIC_READS_FACTOR times the limit, per account once signed in', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '20' } });
    try {
      const reader = app.client('192.0.2.20');
      const reads = 20 * PUBLIC_READS_FACTOR;
      const statuses = [];
      for (let i = 0; i <= reads; i++) statuses.push((await reader.json('GET', '/api/events/upcoming')).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(reads);
      expect(statuses.at(-1)).toBe(429);
      // Reading the public pages' data does not use up what the same address needs to sign in.
      expect((await reader.json('POST', '/api/auth/login', { email: 'reader@example.com' })).status).toBe(200);
      // A member signed in behind the same address reads on their account's bucket, not the address's.
      const member = await signedInAt(app, '192.0.2.20', 'reads-member@example.com');
      for (let i = 0; i < 5; i++) expect((await member.json('GET', '/api/events/upcoming')).status).toBe(200);
      // A forged session cookie counts as none.
      reader.cookies.set('session', 'forged%3Bcookie');
      expect((await reader.json('GET', '/api/events/upcoming')).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("never counts the site's own files, and counts a signed-in person by their account, not the address they share", async () => {
    const app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '20' } });
    try {
      const shared = '198.51.100.77';
      // A phone's page load asks for dozens of the site's files: none of them is counted.
      const phone = app.client(shared);
      for (const file of [
        '/assets/index-abc123.js',
        '/assets/index-abc123.css',
        '/manifest.webmanifest',
        '/sw.js',
        '/icons/icon-192.png',
      ]) {
        for (let i = 0; i < 5; i++) expect((await phone.fetch(file)).status).not.toBe(429);
      }
      // Five members behind the same address, 15 requests each (75 in all, the limit is 20): nobody is refused.
      const members = [];
      for (let i = 0; i < 5; i++) members.push(await signedInAt(app, shared, `crowd${i}@example.com`));
      for (const member of members) {
        for (let i = 0; i < 15; i++) expect((await member.json('GET', '/api/members/profile')).status).not.toBe(429);
      }
      // One of them hammering is slowed down alone, told it is their account.
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await members[0].json('GET', '/api/members/profile')).status);
      expect(statuses).toContain(429);
      const refused = await members[0].json('GET', '/api/members/profile');
      expect(refused.body.message).toMatch(/^Too many requests from your account\. Please wait \d+ seconds and try again\.$/);
      expect((await members[1].json('GET', '/api/members/profile')).status).not.toBe(429);
    } finally {
      await app.close();
    }
  });
});

/** A member signed in through the e-mailed link, every request from `address`. */
async function signedInAt(app: TestApp, address: string, email: string) {
  return (await signedInClient(app, email, undefined, app.client(address))).client;
}
