import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { ormOptions } from '../../src/server/db/orm.config';
import { DEMO_LOGINS, seedDemoClub } from '../../src/server/demo/seed';
import { createLocalStore } from '../../src/server/integrations/storage/local-store';
import { RATE_RULES } from '../../src/server/platform/rate-limit.service';
import { createTestDatabase } from '../support/database';
import { PUBLIC_URL, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { failures, gatherFacts, runQuestionSet, scoreByCategory, type Facts, type Outcome } from './assistant-questions';

/**
 * The question set against the demo club, seeded as of 1 pm today (club time, after the morning's club day),
 * with the site's clock at that moment: the next competition, entries and expiries are the same every run.
 */
describe('the assistant on the question set', () => {
  let t: TestApp;
  let dataDir: string;
  let outcomes: Outcome[];
  let facts: Facts;

  beforeAll(async () => {
    const now = clubLocalToInstant(`${clubToday(new Date())}T13:00`);
    const databaseUrl = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-assistant-'));
    const orm = await MikroORM.init(ormOptions(databaseUrl, { logger: () => {} }));
    try {
      const objects = createLocalStore({
        dir: path.join(dataDir, 'objects'),
        publicUrl: PUBLIC_URL,
        secret: 'assistant-test-secret-assistant-test',
      });
      await seedDemoClub({ orm, objects, env: { NODE_ENV: 'test', PUBLIC_URL }, now });
    } finally {
      await orm.close(true);
    }
    t = await startTestApp({
      databaseUrl,
      env: { DATA_DIR: dataDir },
      rateRules: { chatPerIp: { ...RATE_RULES.chatPerIp, limit: 10_000 }, chatPerUser: { ...RATE_RULES.chatPerUser, limit: 10_000 } },
    });
    t.clock.advance(now.getTime() - t.clock.now().getTime());
    const member: TestClient = t.client();
    await member.trpc.auth.login.mutate(DEMO_LOGINS.member);
    const visitor = t.client();
    facts = await gatherFacts(t.em(), (await visitor.trpc.cms.settings.query()).contactEmail);
    outcomes = await runQuestionSet((message, signedIn) => (signedIn ? member : visitor).trpc.chat.ask.mutate({ message }), facts);
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers at least 90% of the questions correctly', () => {
    const overall = scoreByCategory(outcomes).find((r) => r.category === 'overall')!;
    expect(overall.questions).toBeGreaterThanOrEqual(60);
    expect(overall.share, `${overall.correct} of ${overall.questions} correct; wrong:\n${failures(outcomes)}`).toBeGreaterThanOrEqual(0.9);
  });

  it('says it does not know every time the content does not cover a question', () => {
    const wrong = outcomes.filter((o) => o.question.category === 'says it does not know' && o.problem);
    expect(wrong, failures(wrong)).toEqual([]);
  });

  it('never says anything about anyone else', () => {
    const wrong = outcomes.filter((o) => (o.question.category === 'never about anyone else' || o.question.refusesOthers) && o.problem);
    expect(wrong, failures(wrong)).toEqual([]);
  });

  it('answers each part of a two-part question', () => {
    const twoPart = scoreByCategory(outcomes).find((r) => r.category === 'two-part')!;
    expect(twoPart.questions).toBeGreaterThanOrEqual(10);
    const wrong = outcomes.filter((o) => o.question.category === 'two-part' && o.problem);
    expect(twoPart.share, failures(wrong)).toBeGreaterThanOrEqual(0.9);
  });
});
