import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/server/db/entities';
import { crossSiteMessage } from '../../src/server/http/security';
import { createUser } from '../support/factories';
import { linkIn } from '../support/mime';
import { PUBLIC_URL, startTestApp, type TestApp } from '../support/test-app';

/**
 * The site opened at an address other than PUBLIC_URL (127.0.0.1 rather than localhost, the server's IP): its own
 * pages there work, while a page of another site is still refused, and told where the club's site is.
 */
let t: TestApp;
/** Where the test app listens ('127.0.0.1:43121'): an address of the server that is not PUBLIC_URL's. */
let here: string;
beforeAll(async () => {
  t = await startTestApp();
  here = new URL(t.baseUrl).host;
});
afterAll(() => t?.close());

const REFUSED = { message: crossSiteMessage(PUBLIC_URL) };

let n = 0;
const signup = () => ({ email: `shore-${++n}@example.com`, firstName: 'Alex', lastName: 'Shore' });

/** A JSON POST as a browser sends it, with exactly these headers (Host included) and from `from` (a peer address). */
function post(url: string, headers: Record<string, string>, body: unknown = signup(), from = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const users = () => t.em().count(User, {});

describe('a mutation from a page the site served at another of its addresses', () => {
  it('signs up from the site opened at its IP address (same-origin), and the e-mailed link still goes to PUBLIC_URL', async () => {
    const person = t.client();
    const body = signup();
    const res = await person.json('POST', '/api/auth/signup', body, { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(res.body.requiresVerification).toBe(true);
    const link = linkIn(await t.latestMail(body.email));
    expect(link.origin).toBe(PUBLIC_URL);
    // tRPC too, and a browser that sends no Fetch Metadata.
    const trpc = await person.json('POST', '/trpc/auth.signup', signup(), { origin: t.baseUrl });
    expect(trpc.status).toBe(200);
  });

  it("keeps a member's session there: their sign-out from that address signs them out", async () => {
    const { client } = await createUser(t);
    const res = await client.json('POST', '/trpc/auth.logout', {}, { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(await client.trpc.auth.me.query()).toBeNull();
  });

  it('takes localhost, IPv4 and IPv6 addresses, and the address a trusted proxy says the visitor used', async () => {
    for (const host of ['localhost:3000', '192.0.2.10', '[::1]:3000']) {
      const res = await post('/api/auth/signup', { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode, host).toBe(200);
    }
    // TRUST_PROXY is 127.0.0.1 here: its X-Forwarded-Host and X-Forwarded-Proto are the visitor's address.
    const proxied = {
      host: 'internal:3000',
      'x-forwarded-host': '203.0.113.7',
      'x-forwarded-proto': 'https',
      origin: 'https://203.0.113.7',
    };
    expect((await post('/api/auth/signup', proxied)).statusCode).toBe(200);
    // Anyone else's X-Forwarded-Host says nothing.
    const untrusted = await post('/api/auth/signup', proxied, signup(), '198.51.100.20');
    expect(untrusted.statusCode).toBe(403);
    // The scheme counts: a page over http is not the https address.
    expect((await post('/api/auth/signup', { ...proxied, 'x-forwarded-proto': 'http' })).statusCode).toBe(403);
  });

  it('takes a logout from the site opened there, in a browser without Fetch Metadata (its Referer)', async () => {
    const { client } = await createUser(t);
    const res = await client.fetch('/api/logout', { headers: { referer: `${t.baseUrl}/member` } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await client.trpc.auth.me.query()).toBeNull();
  });
});

describe('a mutation from another site', () => {
  it("is refused with 403, naming the club's address, and changes nothing", async () => {
    const before = await users();
    const refusals: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // Fetch Metadata that contradicts the Origin: not a page of this address.
      { origin: t.baseUrl, 'sec-fetch-site': 'cross-site' },
      { origin: t.baseUrl, 'sec-fetch-site': 'same-site' },
      // The right host under another scheme or port.
      { origin: `https://${here}` },
      { origin: `http://${new URL(t.baseUrl).hostname}:1` },
      { origin: 'null' },
    ];
    for (const headers of refusals) {
      for (const url of ['/api/auth/signup', '/trpc/auth.signup']) {
        const res = await post(url, { host: here, ...headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json(), `${url} ${JSON.stringify(headers)}`).toEqual(REFUSED);
      }
    }
    expect(REFUSED.message).toBe("Requests from other sites are not accepted. Please use the club's site at http://club.test.");
    expect(await users()).toBe(before);
  });

  it("refuses a name it does not know as its own (another site's name pointed at this server), saying which address to use", async () => {
    const before = await users();
    const rebound = await post('/api/auth/signup', {
      host: 'rebound.example:3000',
      origin: 'http://rebound.example:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json()).toEqual(REFUSED);
    expect(await users()).toBe(before);
  });

  it('still refuses form posts and text/plain at the other address with 415', async () => {
    const before = await users();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      for (const url of ['/api/auth/signup', '/trpc/auth.signup']) {
        const res = await post(
          url,
          { host: here, origin: t.baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': type },
          'email=a%40b.test',
        );
        expect(res.statusCode, `${url} ${type}`).toBe(415);
      }
    }
    expect(await users()).toBe(before);
  });
});
