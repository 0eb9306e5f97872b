/**
 * The assistant's accuracy on its question set (test/server/assistant-questions.ts): seeds the demo club into a
 * throw-away embedded PostgreSQL as of 1 pm today (club time), starts the site on it with the clock at that
 * moment, asks every question as a visitor or as the demo member over HTTP, and prints a table: category,
 * questions, correct, share; the wrong answers follow on standard error.
 *
 * Run: `npm run bench:assistant`. ASSISTANT_BENCH_DIR=<folder> keeps the database there and reuses it next time
 * (seeding takes a minute); ASSISTANT_BENCH_VERBOSE=1 prints every answer; ASSISTANT_API_URL and friends measure a
 * configured model instead of the built-in one.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AppRouter } from '../src/routers';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { DEMO_LOGINS, seedDemoClub } from '../src/server/demo/seed';
import { loadEnv } from '../src/server/env';
import { createMailer } from '../src/server/integrations/mailer';
import { createLocalStore } from '../src/server/integrations/storage/local-store';
import { RATE_RULES } from '../src/server/platform/rate-limit.service';
import { clubLocalToInstant, clubToday } from '../src/shared/dates';
import { failures, gatherFacts, runQuestionSet, scoreByCategory } from '../test/server/assistant-questions';
import { table } from './table';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const SECRET = 'assistant-bench-secret-assistant-bench';

/** A browser: its own cookies, the site's Origin. */
function client(baseUrl: string, origin: string) {
  const cookies = new Map<string, string>();
  const fetchWithCookies = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, fetch: (url, init) => fetchWithCookies(String(url), init as RequestInit) })],
  });
}

async function main() {
  const kept = process.env.ASSISTANT_BENCH_DIR;
  const dataDir = kept ? path.resolve(kept) : mkdtempSync(path.join(os.tmpdir(), 'club-assistant-bench-'));
  const db = await openDatabase({ dataDir, databasePassword: 'bench', log: quiet });
  try {
    const env = loadEnv({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const objects = createLocalStore({ dir: path.join(dataDir, 'objects'), publicUrl: env.PUBLIC_URL, secret: SECRET });
    const started = Date.now();
    const seeded = await seedDemoClub({
      orm: db.orm,
      objects,
      env: { NODE_ENV: 'test', PUBLIC_URL: env.PUBLIC_URL },
      now: clubLocalToInstant(`${clubToday(new Date())}T13:00`),
    });
    if (seeded.seeded) process.stderr.write(`Demo club seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    const now = clubLocalToInstant(`${seeded.seededOn}T13:00`);

    const app = await buildApp({
      env,
      orm: db.orm,
      objects,
      mailer: createMailer({ from: 'bench@club.test', outboxDir: path.join(dataDir, 'outbox'), log: quiet }),
      sessionSecret: SECRET,
      payments: null,
      clock: { now: () => new Date(now) },
      rateRules: {
        ...RATE_RULES,
        chatPerIp: { ...RATE_RULES.chatPerIp, limit: 1_000_000 },
        chatPerUser: { ...RATE_RULES.chatPerUser, limit: 1_000_000 },
      },
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const visitor = client(baseUrl, env.PUBLIC_URL);
      const member = client(baseUrl, env.PUBLIC_URL);
      await member.auth.login.mutate(DEMO_LOGINS.member);
      const facts = await gatherFacts(db.orm.em.fork(), (await visitor.cms.settings.query()).contactEmail);
      const outcomes = await runQuestionSet((message, signedIn) => (signedIn ? member : visitor).chat.ask.mutate({ message }), facts);
      table(
        ['category', 'questions', 'correct', 'share'],
        scoreByCategory(outcomes).map((r) => [r.category, String(r.questions), String(r.correct), `${(r.share * 100).toFixed(0)}%`]),
        [1, 2, 3],
      );
      if (process.env.ASSISTANT_BENCH_VERBOSE)
        for (const o of outcomes)
          process.stderr.write(
            `\n${o.problem ? 'WRONG' : 'ok'} [${o.question.category}] ${o.question.question}\n${o.reply.response}\n${o.reply.links.map((l) => `  → ${l.url}`).join('\n')}\n`,
          );
      const wrong = failures(outcomes);
      if (wrong) process.stderr.write(`\nWrong answers:\n${wrong}\n`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
