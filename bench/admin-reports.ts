/**
 * The committee's desk at club scale: seeds 10,000 members, 300 events, 100,000 catches and 12,000
 * payments into a throw-away embedded PostgreSQL, then times the member search, the CSV exports and
 * every report, and prints a table. Run: `npm run bench:admin`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { memberSearchInput } from '../src/shared/admin.schema';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';
import { createMailer } from '../src/server/integrations/mailer';
import { createObjectStore } from '../src/server/integrations/storage';
import { createServices } from '../src/server/services';
import { ContentCache } from '../src/server/platform/content-cache';
import { RATE_RULES } from '../src/server/platform/rate-limit.service';
import { seedClub } from './seed';

const MEMBERS = 10_000;
const EVENTS = 300;
const CATCHES = 100_000;
const PAYMENTS = 12_000;
const RUNS = 7;

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  const db = await openDatabase({ dataDir, databasePassword: 'bench', log: quiet });
  try {
    const em = db.orm.em.fork();
    const sql = (query: string) => em.getConnection().execute(query);
    const seedSeconds = await seedClub(em, { members: MEMBERS, pastEvents: EVENTS, catches: CATCHES, payments: PAYMENTS });
    process.stderr.write(`seeded in ${seedSeconds.toFixed(1)} s\n`);

    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const services = createServices({
      objects: createObjectStore(env, 'bench-secret-bench-secret-bench-secret'),
      cache: new ContentCache(undefined, quiet),
      assistantModel: null,
      clock: systemClock,
      mailer: createMailer({ from: 'bench@club.test', outboxDir: path.join(dataDir, 'outbox'), log: quiet }),
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      rateRules: RATE_RULES,
      payments: null,
      log: quiet,
    });
    const anEvent = (await sql(`select id from events order by event_date desc limit 1`))[0].id as string;

    const drain = async (chunks: AsyncGenerator<string>) => {
      let bytes = 0;
      for await (const chunk of chunks) bytes += Buffer.byteLength(chunk);
      return `${(bytes / 1024).toFixed(0)} KiB`;
    };
    const cases: [string, () => Promise<string>][] = [
      [
        'member search "bream" (page 1 of 25)',
        async () => `${(await services.adminMembers.search(em.fork(), memberSearchInput.parse({ search: 'bream' }))).total} matches`,
      ],
      [
        'member search "ava flathead", expiring, by expiry',
        async () =>
          `${(await services.adminMembers.search(em.fork(), memberSearchInput.parse({ search: 'ava flathead', status: 'expiring', sort: 'expiry' }))).total} matches`,
      ],
      [
        'member list, page 200, sorted by name',
        async () => `${(await services.adminMembers.search(em.fork(), memberSearchInput.parse({ page: 200 }))).rows.length} rows`,
      ],
      ['Export CSV (all members, streamed)', () => drain(services.adminMembers.exportCsv(em.fork(), {}))],
      ['dashboard overview (figures and charts)', async () => `${(await services.reports.overview(em.fork())).totalMembers} members`],
      [
        'Financial Summary (figures)',
        async () => `${(await services.reports.financial(em.fork(), services.reports.period({}))).payments} payments`,
      ],
      [
        'Financial Summary PDF',
        async () => `${((await services.reports.financialPdf(em.fork(), services.reports.period({}))).length / 1024).toFixed(0)} KiB`,
      ],
      [
        'Membership report CSV',
        async () => `${((await services.reports.membershipCsv(em.fork(), services.reports.period({}))).length / 1024).toFixed(0)} KiB`,
      ],
      [
        'Event Results PDF (one event)',
        async () => `${((await services.reports.eventResultsPdf(em.fork(), anEvent)).pdf.length / 1024).toFixed(0)} KiB`,
      ],
      [
        'Export to accounting (Xero CSV, 2 years)',
        () => drain(services.reports.accountingCsv(em.fork(), { from: '2024-01-01', to: '2027-12-31' })),
      ],
    ];

    const rows: string[][] = [];
    for (const [name, run] of cases) {
      process.stderr.write(`${name}…\n`);
      await run(); // warm-up
      const times: number[] = [];
      let result = '';
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        result = await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      rows.push([name, times[Math.floor(times.length / 2)].toFixed(1), times[times.length - 1].toFixed(1), result]);
    }

    console.log(
      `\nSeeded ${MEMBERS.toLocaleString()} members, ${EVENTS} events, ${CATCHES.toLocaleString()} catches and ${PAYMENTS.toLocaleString()} payments in ${seedSeconds.toFixed(1)} s; ${RUNS} runs each after a warm-up.\n`,
    );
    const header = ['operation', 'median ms', 'max ms', 'result'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
