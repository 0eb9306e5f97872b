import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { freePort } from '../../src/server/db/embedded-postgres';

// The server as the Docker image runs it: the bundled dist/server (built by `npm run test:e2e`), plain node.
const serverDir = 'dist/server';

/** The package a bare specifier names: 'pg', '@trpc/server/http' → '@trpc/server'. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the production build', () => {
  it('imports only production dependencies: no TypeScript, tsx or client libraries at run time', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const imported = new Set<string>();
    for (const file of readdirSync(serverDir).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(serverDir, file), 'utf8');
      for (const match of code.matchAll(/^import\s[^'"]*?from\s*["']([^"'./][^"']*)["']|\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/gm)) {
        const specifier = match[1] ?? match[2];
        if (!specifier.startsWith('node:') && !builtins.has(specifier)) imported.add(packageOf(specifier));
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
    for (const clientOnly of ['react', 'react-dom', '@mantine/core', '@tanstack/react-router', 'tsx', 'typescript'])
      expect(pkg.dependencies).not.toHaveProperty(clientOnly);
  });

  it('runs with plain node in production: serves the app and its files, hides source maps, stops on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-production-'));
    const site = spawn(process.execPath, [path.join(serverDir, 'main.js')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: await createTestDatabase(),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'production-build-test-secret-0123456789abcdef',
        MAIL_OUTBOX_IN_PRODUCTION: '1',
        RENEWALS_INTERVAL_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    site.stdout.on('data', (chunk) => (output += chunk));
    site.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => site.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 30_000, interval: 200 },
        )
        .toBe(200);
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
      expect(script).toBeDefined();
      // The entry never blocks the first paint: fetched after the stylesheets the paint waits for.
      expect(html).toContain(`<script type="module" fetchpriority="low" crossorigin src="${script}">`);
      expect((await fetch(`${base}${script}`)).status).toBe(200);
      expect((await fetch(`${base}${script}.map`)).status).toBe(404);
      const events = await fetch(`${base}/api/events/upcoming`);
      expect(events.status).toBe(200);
      expect(Array.isArray(await events.json())).toBe(true);

      site.kill('SIGTERM');
      expect(await Promise.race([exited, sleep(15_000).then(() => 'still running')])).toBe(0);
    } catch (error) {
      console.log(output.slice(-3000));
      throw error;
    } finally {
      site.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
