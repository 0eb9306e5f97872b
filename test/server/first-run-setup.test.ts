import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, User } from '../../src/server/db/entities';
import { insideArea } from '../../src/shared/fishing-area';
import {
  BAY_AREA,
  BAY_AREA_GEOJSON,
  BAY_CLUB,
  BAY_COMPETITION,
  BAY_DOCUMENTS,
  BAY_MEMBERSHIP,
  REDCLIFFE_JETTY,
  BAY_SPECIES,
  TWEED_RIVER_MOUTH,
} from '../support/second-club';
import { keptLog } from '../support/setup-notice';
import { startTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const tsx = 'node_modules/.bin/tsx';

/** A test app on an empty database whose log lines are kept, once it has logged its setup notice. */
async function appWithLog(sessionSecret?: string) {
  const log = keptLog();
  const t = await startTestApp({ logStream: log.logStream, sessionSecret });
  return { t, ...(await log.setupNotice(5000)) };
}

const admin = (code: string, email = 'secretary@example.com') => ({
  code,
  club: BAY_CLUB,
  membership: BAY_MEMBERSHIP,
  competition: BAY_COMPETITION,
  // The Bay places every catch of an angler: their second fish in a category can win second place.
  placing: { onePlacingPerAngler: false },
  fishingArea: BAY_AREA_GEOJSON,
  species: BAY_SPECIES,
  documents: BAY_DOCUMENTS,
  firstName: 'Sue',
  lastName: 'Secretary',
  email,
  password: 'a long enough password',
});

const admins = (t: TestApp) => t.em().find(User, { role: 'admin' });

describe('first-run setup', () => {
  const secret = randomBytes(32).toString('hex');
  let t: TestApp;
  let url: string;
  let code: string;

  beforeAll(async () => {
    ({ t, url, code } = await appWithLog(secret));
  });
  afterAll(() => t?.close());

  it('prints the same code from the command line, and the page is open', async () => {
    expect(url).toBe('http://club.test/setup');
    const env = { ...process.env, DATABASE_URL: t.env.DATABASE_URL, SESSION_SECRET: secret, PUBLIC_URL: 'http://club.test' };
    const printed = await run(tsx, ['scripts/cli.ts', 'setup-code'], {
      env: { ...env, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'setup-cli-')) },
    });
    expect(printed.stdout.trim()).toBe(`Set up the club at http://club.test/setup with the code ${code}`);
    expect((await t.client().fetch('/setup')).status).toBe(200);
    expect(await t.client().trpc.setup.status.query()).toEqual({ open: true });
  });

  it('refuses a wrong code with a sentence and makes nothing', async () => {
    const wrong = code.startsWith('A') ? code.replace(/^A/, 'B') : `A${code.slice(1)}`;
    await expect(t.client().trpc.setup.createFirstAdmin.mutate(admin(wrong))).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { code: expect.stringContaining('setup code is not right') } },
    });
    expect(await t.em().count(User, {})).toBe(0);
    expect(await t.em().count(AuditLog, { action: 'setup.firstAdmin' })).toBe(0);
  });

  it("refuses the club's details with a sentence naming the field, and makes nothing", async () => {
    const bad = [
      [{ ...BAY_CLUB, name: ' ' }, 'club.name', 'Club name is required.'],
      [{ ...BAY_CLUB, abn: '12 345 678 901' }, 'club.abn', 'ABN must be the club’s 11-digit Australian Business Number.'],
      [{ ...BAY_CLUB, timeZone: 'Moreton/Bay' }, 'club.timeZone', 'Time zone must be a zone like Australia/Sydney or Australia/Brisbane.'],
      [
        { ...BAY_CLUB, colours: { ...BAY_CLUB.colours, primary: 'teal' } },
        'club.colours.primary',
        'Main colour must be a colour like #1971c2.',
      ],
    ] as const;
    for (const [club, field, message] of bad)
      await expect(t.client().trpc.setup.createFirstAdmin.mutate({ ...admin(code), club })).rejects.toMatchObject({
        data: { httpStatus: 400, fieldErrors: { [field]: message } },
      });
    const open = JSON.stringify({ type: 'Polygon', coordinates: [BAY_AREA.coordinates[0].slice(0, -1)] });
    await expect(t.client().trpc.setup.createFirstAdmin.mutate({ ...admin(code), fishingArea: open })).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { fishingArea: 'The outline must be closed: its last point must repeat its first.' } },
    });
    expect(await t.em().count(User, {})).toBe(0);
    expect(await t.client().trpc.club.profile.query()).toMatchObject({ name: 'Tweed Coast Anglers Club' });
  });

  it('holds back guessing like sign-in does', async () => {
    const guesser = t.client();
    for (let i = 0; i < 10; i++) await guesser.trpc.setup.createFirstAdmin.mutate(admin('WRONG-GUESS')).catch(() => undefined);
    await expect(guesser.trpc.setup.createFirstAdmin.mutate(admin(code))).rejects.toMatchObject({ data: { httpStatus: 429 } });
    expect(await t.em().count(User, {})).toBe(0);
  });

  it('makes the first administrator with the right code, signed in and able to administer', async () => {
    const operator = t.client();
    // Typed in lower case with a space instead of the dash: still the code.
    const user = await operator.trpc.setup.createFirstAdmin.mutate(admin(code.toLowerCase().replace('-', ' ')));
    expect(user).toMatchObject({ email: 'secretary@example.com', role: 'admin', emailVerified: true, hasPassword: true });
    expect(await operator.trpc.auth.me.query()).toMatchObject({ role: 'admin' });
    await expect(operator.trpc.admin.siteHealth.query()).resolves.toBeTruthy();
    const audit = await t.em().find(AuditLog, { action: 'setup.firstAdmin' });
    expect(audit.map((a) => [a.entityId, a.after])).toEqual([[user.id, { role: 'admin', email: 'secretary@example.com' }]]);
  });

  it("keeps the club's details the setup page was given, audited", async () => {
    expect(await t.client().trpc.club.profile.query()).toEqual(BAY_CLUB);
    expect(await t.client().trpc.club.membership.query()).toEqual(BAY_MEMBERSHIP);
    expect(await t.client().trpc.club.competition.query()).toEqual(BAY_COMPETITION);
    const [competition] = await t.em().find(AuditLog, { action: 'club.competition.save' });
    expect(competition).toMatchObject({ actorLabel: 'setup code', before: null, after: BAY_COMPETITION });
    expect(await t.client().trpc.club.species.query()).toEqual(BAY_SPECIES);
    const [species] = await t.em().find(AuditLog, { action: 'club.species.save' });
    expect(species).toMatchObject({ actorLabel: 'setup code', after: BAY_SPECIES });
    const [saved] = await t.em().find(AuditLog, { action: 'club.profile.save' });
    expect(saved).toMatchObject({ actorLabel: 'setup code', before: null, after: BAY_CLUB });
    // Its own waiver is a new version; the example's words it kept keep theirs.
    const documents = await t.client().trpc.club.documents.query();
    expect(documents.waiver).toMatchObject({ ...BAY_DOCUMENTS.waiver, version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(documents.waiver.version).not.toBe('2026-07-01');
    expect(documents.code_of_conduct.version).toBe('2026-07-01');
    const [documentsSaved] = await t.em().find(AuditLog, { action: 'club.documents.save' });
    expect(documentsSaved).toMatchObject({ actorLabel: 'setup code', before: null, after: documents });
  });

  it('keeps the fishing area and the placing rule the setup page was given, audited: the Bay in, the Tweed out', async () => {
    const secretary = t.client();
    await secretary.trpc.auth.login.mutate({ email: 'secretary@example.com', password: 'a long enough password' });
    expect(await secretary.trpc.admin.placingRules.get.query()).toMatchObject({ onePlacingPerAngler: false, changedBy: 'setup code' });
    const [placing] = await t.em().find(AuditLog, { action: 'placingRules.set' });
    expect(placing).toMatchObject({ actorLabel: 'setup code', after: { onePlacingPerAngler: false } });
    const view = await secretary.trpc.admin.fishingArea.get.query();
    expect(view).toMatchObject({ area: BAY_AREA, isExample: false, changedBy: 'setup code' });
    expect(insideArea(view.area, REDCLIFFE_JETTY.lat, REDCLIFFE_JETTY.lng)).toBe(true);
    expect(insideArea(view.area, TWEED_RIVER_MOUTH.lat, TWEED_RIVER_MOUTH.lng)).toBe(false);
    const [audit] = await t.em().find(AuditLog, { action: 'fishingArea.replace' });
    expect(audit).toMatchObject({ actorLabel: 'setup code', after: { isExample: false, area: BAY_AREA } });
  });

  it('is gone once the club has an administrator: the code is not taken twice and the page answers 404', async () => {
    await expect(t.client().trpc.setup.createFirstAdmin.mutate(admin(code, 'another@example.com'))).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    expect((await t.client().fetch('/setup')).status).toBe(404);
    expect(await t.client().trpc.setup.status.query()).toEqual({ open: false });
    expect((await admins(t)).map((u) => u.email)).toEqual(['secretary@example.com']);
    const closed = await run(tsx, ['scripts/cli.ts', 'setup-code'], {
      env: { ...process.env, DATABASE_URL: t.env.DATABASE_URL, SESSION_SECRET: secret, LOG_LEVEL: 'silent' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(closed).toMatchObject({ code: 1, stderr: expect.stringContaining('has an administrator already') });
  });
});

describe('two setups at once', () => {
  it('make one administrator', async () => {
    const { t, code } = await appWithLog();
    try {
      const outcomes = await Promise.allSettled(
        ['first@example.com', 'second@example.com', 'third@example.com'].map((email) =>
          t.client().trpc.setup.createFirstAdmin.mutate(admin(code, email)),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.data.httpStatus)).toEqual([
        404, 404,
      ]);
      expect(await admins(t)).toHaveLength(1);
      expect(await t.em().count(User, {})).toBe(1);
    } finally {
      await t.close();
    }
  });
});
