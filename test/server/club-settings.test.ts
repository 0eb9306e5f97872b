import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, SiteSetting } from '../../src/server/db/entities';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { clubTimeZone } from '../../src/shared/dates';
import { createAdmin } from '../support/factories';
import { fakeBuiltClient, OPENING } from '../support/fake-client';
import { BAY_CLUB } from '../support/second-club';
import { activeMemberClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  // Pages are drawn from a built client's HTML.
  t = await startTestApp({ clientDir: fakeBuiltClient().dir, env: { ADMIN_EMAILS: 'sec@club.test' } });
  admin = (await createAdmin(t, { email: 'sec@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
});
afterAll(() => t?.close());

describe("Admin → Club settings: the club's profile", () => {
  it('reads as the example club on a site that never stored its own', async () => {
    expect(await t.client().trpc.club.profile.query()).toEqual(EXAMPLE_CLUB_PROFILE);
  });

  it('is changed by an administrator only, audited with before and after, and read at once by everyone', async () => {
    const { client: member } = await activeMemberClient(t);
    await expect(member.trpc.admin.club.saveProfile.mutate(BAY_CLUB)).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(t.client().trpc.admin.club.saveProfile.mutate(BAY_CLUB)).rejects.toMatchObject({ data: { httpStatus: 401 } });

    expect(await admin.trpc.admin.club.saveProfile.mutate({ ...BAY_CLUB, abn: '51 824 753 556' })).toEqual(BAY_CLUB);
    expect(await t.client().trpc.club.profile.query()).toEqual(BAY_CLUB);
    expect(clubTimeZone()).toBe('Australia/Brisbane');
    const audit = await t.em().find(AuditLog, { action: 'club.profile.save' }, { populate: ['actor'] });
    expect(audit.map((a) => [a.actor?.email, a.before, a.after])).toEqual([['sec@club.test', null, BAY_CLUB]]);
  });

  it('refuses bad input with a sentence naming the field and changes nothing', async () => {
    const bad = [
      [{ ...BAY_CLUB, shortName: '' }, 'shortName', 'Short name is required.'],
      [{ ...BAY_CLUB, state: 'Qld' }, 'state', 'State must be one of NSW, QLD, VIC, TAS, SA, WA, NT or ACT.'],
      [{ ...BAY_CLUB, contactEmail: 'secretary at bay' }, 'contactEmail', 'Please enter a valid email address.'],
      [{ ...BAY_CLUB, abn: '51824753557' }, 'abn', 'ABN must be the club’s 11-digit Australian Business Number.'],
      [{ ...BAY_CLUB, gstRegistered: 'yes' }, 'gstRegistered', 'Say whether the club is registered for GST.'],
      [{ ...BAY_CLUB, colours: { ...BAY_CLUB.colours, sand: '#fff' } }, 'colours.sand', 'Background colour must be a colour like #1971c2.'],
      [
        { ...BAY_CLUB, logoUrl: 'http://bay.example/logo.png' },
        'logoUrl',
        'The logo must be an address starting with https:// (or an uploaded image).',
      ],
    ] as const;
    for (const [input, field, message] of bad) {
      const res = await admin.mutation('admin.club.saveProfile', input);
      expect(res.status).toBe(400);
      expect(res.fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await t.client().trpc.club.profile.query()).toEqual(BAY_CLUB);
    expect(await t.em().count(AuditLog, { action: 'club.profile.save' })).toBe(1);
  });

  it("puts the club's logo beside its name in the header the page is drawn with", async () => {
    const logoUrl = '/api/images/bay-sportfishers-logo.png';
    await admin.trpc.admin.club.saveProfile.mutate({ ...BAY_CLUB, logoUrl });
    const opened = async () => (await t.client().fetch('/sponsor', { headers: OPENING })).text();
    expect(await opened()).toContain(`<header style="border-bottom:1px solid var(--mantine-color-gray-3);`);
    expect(await opened()).toContain(`<img src="${logoUrl}" alt="" width="32" height="32"`);
    await admin.trpc.admin.club.saveProfile.mutate(BAY_CLUB);
    expect(await opened()).not.toContain(logoUrl);
  });

  it('is not edited or deleted as free text among the site settings', async () => {
    await expect(
      admin.trpc.admin.cms.settings.save.mutate({ settingKey: 'club_profile', settingValue: '{}', settingType: 'json' }),
    ).rejects.toMatchObject({
      data: { httpStatus: 400, fieldErrors: { settingKey: 'The club’s details are changed in Admin → Club settings.' } },
    });
    const row = await t.em().findOneOrFail(SiteSetting, { settingKey: 'club_profile' });
    await expect(admin.trpc.admin.cms.settings.delete.mutate({ id: row.id })).rejects.toMatchObject({ data: { httpStatus: 400 } });
    // Back to the example club, for the zone of whatever runs next in this process.
    await admin.trpc.admin.club.saveProfile.mutate(EXAMPLE_CLUB_PROFILE);
    expect(clubTimeZone()).toBe('Australia/Sydney');
  });
});
