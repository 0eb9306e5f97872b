import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorOf } from '../../src/server/db/migrator';
import { ormOptions } from '../../src/server/db/orm.config';
import { AuditLog, Catch } from '../../src/server/db/entities';
import { EXAMPLE_CLUB_SPECIES } from '../../src/shared/club-example';
import { clubToday } from '../../src/shared/dates';
import type { ClubSpecies } from '../../src/shared/species';
import { createTestDatabase } from '../support/database';
import { createAdmin, createMember, enterEvent } from '../support/factories';
import { BAY_SPECIES } from '../support/second-club';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let angler: Awaited<ReturnType<typeof createMember>>;
let eventId: string;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'sec@club.test' } });
  admin = (await createAdmin(t, { email: 'sec@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
  today = clubToday(t.clock.now());
  angler = await createMember(t, { firstName: 'Quinn', lastName: 'Bayside' });
  eventId = (
    await admin.trpc.admin.events.create.mutate({
      name: 'Bay Species Day',
      location: 'Redcliffe Jetty',
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    })
  ).id;
  await enterEvent(t, eventId, angler.memberId);
});
afterAll(() => t?.close());

let photos = 0;
/** Posts a catch as the angler (multipart, as the phone does) with a photo of its own. */
async function post(fields: { fishType: string; size?: string; fate?: 'kept' | 'released' }) {
  photos += 1;
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: photos * 37, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const values: Record<string, string> = {
    fishType: fields.fishType,
    size: fields.size ?? '45',
    fishKeptOrReleased: fields.fate ?? 'released',
    eventId,
    memberId: angler.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.264512, 153.563218',
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await angler.client.fetch('/api/catches', { method: 'POST', body: form });
  t.clock.advance(60_000);
  return { status: res.status, body: (await res.json()) as { catch?: { id: string }; message?: string; field?: string } };
}

const stored = (id: string) => t.em().findOneOrFail(Catch, { id });

describe("the club's species, saved in Admin → Club settings", () => {
  it('read as the example club (NSW) until the club saves its own; a save is audited before and after', async () => {
    expect(await t.client().trpc.club.species.query()).toEqual(EXAMPLE_CLUB_SPECIES);
    expect(EXAMPLE_CLUB_SPECIES.species.map((s) => s.name)).toEqual([
      'Mulloway',
      'Whiting',
      'Bream',
      'Flathead',
      'Mangrove Jack',
      'Trevally',
      'Tailor',
    ]);
    await expect(angler.client.trpc.admin.club.saveSpecies.mutate(BAY_SPECIES)).rejects.toThrow('Only club administrators can do that.');
    expect(await admin.trpc.admin.club.saveSpecies.mutate(BAY_SPECIES)).toEqual(BAY_SPECIES);
    expect(await t.client().trpc.club.species.query()).toEqual(BAY_SPECIES);
    const audit = await t.em().find(AuditLog, { action: 'club.species.save' }, { populate: ['actor'] });
    expect(audit.map((a) => [a.actor?.email, a.before, a.after])).toEqual([['sec@club.test', null, BAY_SPECIES]]);
  });

  it('refuses a species without a name, a name twice, a size left blank or out of range, naming the field; nothing changes', async () => {
    const [flathead, bream] = BAY_SPECIES.species;
    const list = (species: unknown[]) => ({ state: 'QLD', species });
    const bad = [
      [list([flathead, { name: ' ', minimumCm: 30, countsForPoints: true }]), 'species.1.name', 'Species 2 needs a name.'],
      [list([flathead, bream, { ...bream, name: 'bream ' }]), 'species.2.name', 'bream is in the list twice.'],
      [
        list([flathead, { name: 'Trevally', countsForPoints: true }]),
        'species.1.minimumCm',
        'Give Trevally a legal size in cm, or tick No legal minimum.',
      ],
      [list([{ ...flathead, minimumCm: 0 }]), 'species.0.minimumCm', 'Flathead’s legal size must be between 0.1 and 300 cm.'],
      [list([{ ...flathead, minimumCm: 301 }]), 'species.0.minimumCm', 'Flathead’s legal size must be between 0.1 and 300 cm.'],
      [list([]), 'species', 'Give the club at least one species.'],
      [{ ...BAY_SPECIES, state: 'XX' }, 'state', 'State must be one of NSW, QLD, VIC, TAS, SA, WA, NT or ACT.'],
    ] as const;
    for (const [input, field, message] of bad) {
      const res = await admin.mutation('admin.club.saveSpecies', input);
      expect(res.status, field).toBe(400);
      expect(res.fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await t.client().trpc.club.species.query()).toEqual(BAY_SPECIES);
    expect(await t.em().count(AuditLog, { action: 'club.species.save' })).toBe(1);
  });
});

describe("catches of a Queensland club's species", () => {
  let snapper: string;

  it('takes a Snapper (in whatever case, kept in the club’s spelling); refuses a species the club does not list, storing nothing', async () => {
    const res = await post({ fishType: 'snapper ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    snapper = res.body.catch!.id;
    expect((await stored(snapper)).species).toBe('Snapper');

    const before = await t.em().count(Catch, {});
    const refused = await post({ fishType: 'Luderick' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please choose a species from the list.');
    expect(await t.em().count(Catch, {})).toBe(before);
  });

  it("flags a fish kept under the club's legal size: a 38 cm flathead in Queensland (40 cm), not a 41 cm one", async () => {
    const under = await post({ fishType: 'Flathead', size: '38', fate: 'kept' });
    expect((await stored(under.body.catch!.id)).flags).toContain('kept_under_minimum');
    const legal = await post({ fishType: 'Flathead', size: '41', fate: 'kept' });
    expect((await stored(legal.body.catch!.id)).flags).not.toContain('kept_under_minimum');
    for (const id of [under.body.catch!.id, legal.body.catch!.id]) await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
  });

  it('refuses a judge’s correction or a mystery fish of a species the club does not list, changing nothing', async () => {
    const correction = await admin.mutation('admin.catches.judge', { id: snapper, action: 'approve', fishType: 'Luderick' });
    expect(correction.status).toBe(400);
    expect(correction.fieldErrors).toMatchObject({ fishType: 'Please choose a species from the list.' });
    expect((await stored(snapper)).status).toBe('pending');
    const later = await admin.trpc.admin.events.create.mutate({
      name: 'Mystery Day',
      location: 'Redcliffe Jetty',
      eventDate: '2099-03-07T07:00',
    });
    const fish = await admin.mutation('admin.mysteryFish.set', {
      eventId: later.id,
      species: 'Luderick',
      length: { kind: 'exact', lengthCm: 40 },
    });
    expect(fish.status).toBe(400);
    expect(fish.fieldErrors).toMatchObject({ species: 'Please choose a species from the list.' });
  });

  it('never places a species that does not count for points, nor scores it on the ladder', async () => {
    await admin.trpc.admin.catches.judge.mutate({ id: snapper, action: 'approve' });
    const results = await t.client().trpc.catches.results.query({ id: eventId });
    expect(results.categories.map((c) => c.species)).toEqual(['Flathead']);
    const ladder = await t.client().trpc.catches.ladder.query({ year: Number(today.slice(0, 4)) });
    // The angler's best flathead is 1st (one placing per angler): 3 points; the Snapper adds nothing.
    expect(ladder.find((r) => r.anglerName === 'Quinn Bayside')?.points).toBe(3);
  });

  it('leaves the catches logged when the list changes: a species no longer listed keeps its catches, judged as they are and not placed', async () => {
    const waiting = (await post({ fishType: 'Flathead', size: '44' })).body.catch!.id;
    const without: ClubSpecies = { state: 'QLD', species: BAY_SPECIES.species.filter((s) => s.name !== 'Flathead') };
    await admin.trpc.admin.club.saveSpecies.mutate(without);
    // The judge approves the catch as it was logged (no correction names a species the club no longer lists).
    await admin.trpc.admin.catches.judge.mutate({ id: waiting, action: 'approve' });
    const flathead = await t.em().find(Catch, { event: eventId, species: 'Flathead' });
    expect(flathead.map((c) => [c.species, c.status])).toEqual([
      ['Flathead', 'verified'],
      ['Flathead', 'verified'],
      ['Flathead', 'verified'],
    ]);
    expect((await t.client().trpc.catches.results.query({ id: eventId })).categories).toEqual([]);
    expect(await post({ fishType: 'Flathead' })).toMatchObject({ status: 400 });
  });

  it('ends with the example club’s species, for whatever runs next against this database', async () => {
    expect(await admin.trpc.admin.club.saveSpecies.mutate(EXAMPLE_CLUB_SPECIES)).toEqual(EXAMPLE_CLUB_SPECIES);
  });
});

describe('the migration that made the species a setting', () => {
  /** A database migrated to just before the species became a setting, `edit` run on it, then migrated to now. */
  async function upgraded(edit?: string) {
    const orm = await MikroORM.init(ormOptions(await createTestDatabase({ empty: true }), { logger: () => {} }));
    try {
      const migrator = await migratorOf(orm);
      await migrator.up({ to: 'Migration20261206080907' });
      const connection = orm.em.getConnection();
      if (edit) await connection.execute(edit);
      await migrator.up();
      const rows = await connection.execute<{ setting_value: string; setting_type: string }[]>(
        `select setting_value, setting_type from site_settings where setting_key = 'club_species'`,
      );
      const [table] = await connection.execute<{ exists: boolean }[]>(`select to_regclass('size_limits') is not null as exists`);
      return { rows, sizeLimitsLeft: table.exists };
    } finally {
      await orm.close(true);
    }
  }

  it("keeps the sizes a club edited as its species (NSW, the example club's order, all counting); the old table goes", async () => {
    const { rows, sizeLimitsLeft } = await upgraded(`update size_limits set minimum_cm = 32 where species = 'Tailor'`);
    expect(sizeLimitsLeft).toBe(false);
    expect(rows.map((r) => r.setting_type)).toEqual(['json']);
    expect(JSON.parse(rows[0].setting_value)).toEqual({
      ...EXAMPLE_CLUB_SPECIES,
      species: EXAMPLE_CLUB_SPECIES.species.map((s) => (s.name === 'Tailor' ? { ...s, minimumCm: 32 } : s)),
    });
  });

  it('writes nothing for sizes never edited: the club reads the example club’s, the same list', async () => {
    expect((await upgraded()).rows).toEqual([]);
  });
});
