import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { freePort, runningEmbedded } from '../../src/server/db/embedded-postgres';

/**
 * The site as `npm start` runs it, on a test database (or, with `embedded`, on its own embedded PostgreSQL in its data
 * folder); resolves once /readyz answers 200.
 */
async function startSite({
  env = {},
  embedded = false,
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-shutdown-')),
}: { env?: Record<string, string>; embedded?: boolean; dataDir?: string } = {}) {
  const port = await freePort();
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const site = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(embedded ? {} : { DATABASE_URL: await createTestDatabase() }),
      LOG_LEVEL: 'info',
      RENEWALS_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  site.stdout.on('data', (chunk) => (output += chunk));
  site.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => site.on('exit', (code) => resolve(code)));
  const ready = () =>
    fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
  await expect.poll(ready, { timeout: 60_000, interval: 250 }).toBe(200);
  return {
    port,
    site,
    dataDir,
    exited,
    ready,
    output: () => output,
    /** Stops the site (gently when it runs its own PostgreSQL, so that stops too) and removes its data folder. */
    cleanup: async () => {
      if (site.exitCode === null && site.signalCode === null) {
        site.kill(embedded ? 'SIGTERM' : 'SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { port, site, exited, output, cleanup } = await startSite();
    try {
      // A question whose body is still arriving when the signal comes.
      const body = JSON.stringify({ message: 'How much is junior membership?' });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/chat/fishing',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://localhost:${port}` },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          site.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 200);
      });
      const reply = await answer.catch((error) => {
        console.log(output().slice(-3000));
        throw error;
      });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).response).toContain('$30.00');
      expect(await exited).toBe(0);
      expect(output()).toContain('SIGTERM received: finishing open requests, then stopping');
    } finally {
      await cleanup();
    }
  }, 60_000);

  /** A connection that sends the start of a request and then `trickle` bytes now and then (or nothing). */
  function slowClient(port: number, trickleEveryMs?: number) {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/chat/fishing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\nOrigin: http://localhost:${port}\r\n\r\n{"message":"`,
    );
    const timer = trickleEveryMs ? setInterval(() => socket.write('a'), trickleEveryMs) : undefined;
    return { closed, received: () => received, stop: () => (clearInterval(timer), socket.destroy()) };
  }

  it('on SIGTERM exits within 10 s whatever the clients do: a stalled upload and an idle keep-alive connection are cut', async () => {
    const { port, site, exited, cleanup } = await startSite();
    const stalled = slowClient(port);
    const keptAlive = connect(port, '127.0.0.1');
    keptAlive.on('error', () => {});
    keptAlive.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    try {
      await sleep(300);
      site.kill('SIGTERM');
      const outcome = await Promise.race([exited, sleep(15_000).then(() => 'still running')]);
      expect(outcome).toBe(0);
      await stalled.closed;
    } finally {
      stalled.stop();
      keptAlive.destroy();
      await cleanup();
    }
  }, 60_000);

  it('cuts off a client that trickles its request body (REQUEST_TIMEOUT_SECONDS)', async () => {
    const { port, cleanup } = await startSite({ env: { REQUEST_TIMEOUT_SECONDS: '2' } });
    const trickling = slowClient(port, 400);
    try {
      const outcome = await Promise.race([trickling.closed.then(() => 'closed'), sleep(15_000).then(() => 'still open')]);
      expect(outcome).toBe('closed');
      expect(trickling.received()).toMatch(/^HTTP\/1\.1 408/);
      // The site itself is fine.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      trickling.stop();
      await cleanup();
    }
  }, 60_000);

  it('restarts its embedded PostgreSQL by itself when that process dies, and serves again in the same process', async () => {
    const { port, site, dataDir, ready, output, cleanup } = await startSite({ embedded: true });
    try {
      // The database server dies as a crash would take it: no shutdown, no warning.
      const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');
      await expect.poll(ready, { timeout: 30_000, interval: 250 }).toBe(503);
      // Back within 30 s, without anyone restarting the site.
      await expect.poll(ready, { timeout: 30_000, interval: 250 }).toBe(200);
      expect(site.exitCode).toBeNull();
      expect((await fetch(`http://127.0.0.1:${port}/api/events/upcoming`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(output()).toContain('The embedded PostgreSQL has stopped: starting it again');
    } finally {
      await cleanup();
    }
  }, 150_000);

  it('adopts the embedded PostgreSQL a killed site left running, and heals and stops it like its own', async () => {
    const first = await startSite({ embedded: true });
    const pgDir = path.join(first.dataDir, 'postgres');
    let second: Awaited<ReturnType<typeof startSite>> | undefined;
    try {
      // The site is killed (a shutdown that ran out of time): its PostgreSQL lives on.
      first.site.kill('SIGKILL');
      await first.exited;
      const leftBehind = runningEmbedded(pgDir);
      expect(leftBehind).toBeDefined();

      second = await startSite({ embedded: true, dataDir: first.dataDir });
      expect(second.output()).toContain('still running (the site did not stop cleanly): using it');
      // That PostgreSQL then dies as a crash would take it.
      process.kill(leftBehind!.pid, 'SIGKILL');
      await expect.poll(second.ready, { timeout: 30_000, interval: 250 }).toBe(503);
      // Meanwhile /healthz says the process is worth keeping (it is healing its database), as it does for its own.
      expect((await fetch(`http://127.0.0.1:${second.port}/healthz`)).status).toBe(200);
      await expect.poll(second.ready, { timeout: 30_000, interval: 250 }).toBe(200);
      expect((await fetch(`http://127.0.0.1:${second.port}/api/events/upcoming`)).status).toBe(200);
      expect(second.output()).toContain('The embedded PostgreSQL has stopped: starting it again');

      // A clean stop takes the adopted database down with the site.
      second.site.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(runningEmbedded(pgDir)).toBeUndefined();
    } finally {
      const stray = runningEmbedded(pgDir);
      if (stray) process.kill(stray.pid, 'SIGKILL');
      await second?.cleanup();
      await first.cleanup();
    }
  }, 180_000);

  it('stops an embedded PostgreSQL left running that does not answer, and starts it afresh', async () => {
    const first = await startSite({ embedded: true });
    const pgDir = path.join(first.dataDir, 'postgres');
    let second: Awaited<ReturnType<typeof startSite>> | undefined;
    try {
      first.site.kill('SIGKILL');
      await first.exited;
      const leftBehind = runningEmbedded(pgDir)!;
      // It hangs: it holds its folder and port but answers nothing.
      process.kill(leftBehind.pid, 'SIGSTOP');
      second = await startSite({ embedded: true, dataDir: first.dataDir });
      expect(second.output()).toContain('still running but not answering: stopped it, starting it again');
      expect(runningEmbedded(pgDir)?.pid).not.toBe(leftBehind.pid);
      expect((await fetch(`http://127.0.0.1:${second.port}/api/events/upcoming`)).status).toBe(200);
    } finally {
      const stray = runningEmbedded(pgDir);
      if (stray) process.kill(stray.pid, 'SIGKILL');
      await second?.cleanup();
      await first.cleanup();
    }
  }, 180_000);

  it('warns at start in production when backups would not be encrypted, with the command that makes a key', async () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a'.repeat(40),
      PUBLIC_URL: 'https://club.example.org',
      MAIL_OUTBOX_IN_PRODUCTION: '1',
    };
    const plain = await startSite({ env: production });
    try {
      await expect.poll(plain.output, { timeout: 10_000 }).toContain('is ready at');
      expect(plain.output()).toContain('Backups are not encrypted');
      expect(plain.output()).toContain('run `npm run cli -- backup-key`, set BACKUP_RECIPIENT on the server');
    } finally {
      await plain.cleanup();
    }
    const keyed = await startSite({ env: { ...production, BACKUP_RECIPIENT: await identityToRecipient(await generateIdentity()) } });
    try {
      await expect.poll(keyed.output, { timeout: 10_000 }).toContain('is ready at');
      expect(keyed.output()).not.toContain('Backups are not encrypted');
    } finally {
      await keyed.cleanup();
    }
  }, 120_000);
});
