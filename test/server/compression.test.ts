import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createEvent, createMember } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// A built client with its precompressed copies, as `npm run build` writes them.
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))});\n`;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'club-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script>',
);
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), SCRIPT);
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ clientDir, env: { ADMIN_EMAILS: 'treasurer@club.test' } });
  admin = (await createAdmin(t, { email: 'treasurer@club.test' })).client;
  for (let i = 0; i < 8; i++) await createEvent(t, { name: `Whiting Round ${i + 1}` });
  for (let i = 0; i < 12; i++) await createMember(t, { firstName: `Angler${i}` });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** A GET as a browser sends it, the bytes as they came over the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(new URL(url, t.baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: { headers: Record<string, unknown>; body: Buffer }) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

const UPCOMING = '/trpc/events.upcoming';

describe('compressed answers', () => {
  it('sends a public read in brotli or gzip to a browser that accepts it, the same JSON each time, kept or not', async () => {
    const plain = await rawGet(UPCOMING);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString());
    expect(json.result.data.map((e: { name: string }) => e.name)).toContain('Whiting Round 1');

    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawGet(UPCOMING, { 'accept-encoding': accept });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.body.length).toBeLessThan(plain.body.length / 2);
        expect(JSON.parse(decode(answer).toString())).toEqual(json);
      }
    }
  });

  it('compresses a personal answer (an admin list) and leaves a small one as it is', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const list = await rawGet('/api/admin/members', { cookie, 'accept-encoding': 'br' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['cache-control']).toContain('no-store');
    expect(decode(list).toString()).toContain('Angler11');

    const small = await rawGet('/healthz', { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the client's files compressed at build time, and as they are to a client that accepts no encoding", async () => {
    const br = await rawGet('/assets/main-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(br).toString()).toBe(SCRIPT);

    const gzip = await rawGet('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).toString()).toBe(SCRIPT);

    const plain = await rawGet('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });
});
