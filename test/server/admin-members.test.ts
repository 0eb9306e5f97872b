import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubToday } from '../../src/shared/dates';
import { AuditLog, Household, Member, User } from '../../src/server/db/entities';
import type { ApiError } from '../support/answers';
import { createAdmin, createMember, createUser } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;
const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await createAdmin(t, { email: 'secretary@club.test' })).client;
  today = clubToday(t.clock.now());
  const em = t.em();
  const add = (
    firstName: string,
    lastName: string,
    membershipType: 'adult' | 'junior' | 'family',
    status: 'pending' | 'active' | 'expired',
    expiryDate: string | null,
    email: string | null,
  ) => {
    const household = em.create(Household, { membershipType });
    em.create(Member, {
      household,
      isPrimary: true,
      firstName,
      lastName,
      email,
      phone: null,
      address: null,
      dateOfBirth: '1980-01-01',
      gender: null,
      shirtSize: null,
      membershipType,
      status,
      memberSince: status === 'pending' ? null : '2024-07-01',
      expiryDate,
      termsAcceptedAt: null,
      codeOfConductAcceptedAt: null,
    });
  };
  add('Ava', 'Bream', 'adult', 'active', day(200), 'ava@example.com');
  add('Ben', 'Flathead', 'junior', 'active', day(10), 'ben@example.com');
  add('Cleo', 'Whiting', 'family', 'active', day(-1), 'cleo@example.com');
  add('Dan', 'Tailor', 'adult', 'pending', null, '=HYPERLINK("http://evil.example","click")');
  add('Eve', 'Mulloway, "Jewie"', 'adult', 'expired', day(-400), null);
  await em.flush();
});
afterAll(() => t?.close());

const search = (input: Parameters<TestClient['trpc']['admin']['members']['search']['query']>[0]) =>
  admin.trpc.admin.members.search.query(input);
const names = (page: { rows: { firstName: string }[] }) => page.rows.map((r) => r.firstName);

describe('the members list', () => {
  it('searches names and e-mail by every word, case-insensitively', async () => {
    expect(names(await search({ search: 'bream' }))).toEqual(['Ava']);
    expect(names(await search({ search: 'ben FLAT' }))).toEqual(['Ben']);
    expect(names(await search({ search: 'cleo@example' }))).toEqual(['Cleo']);
    expect(names(await search({ search: '%' }))).toEqual([]);
  });

  it('filters by type and by status as it stands today, including expiring within 30 days', async () => {
    const mine = (await search({ search: 'example.com' })).rows.map((r) => [r.firstName, r.status]);
    expect(mine).toEqual([
      ['Ava', 'active'],
      ['Ben', 'active'],
      ['Cleo', 'expired'],
    ]);
    expect(names(await search({ type: 'adult', sort: 'name' }))).toEqual(expect.arrayContaining(['Ava', 'Dan', 'Eve']));
    expect(names(await search({ status: 'expiring' }))).toEqual(['Ben']);
    expect(names(await search({ status: 'expired' }))).toEqual(expect.arrayContaining(['Cleo', 'Eve']));
    expect(names(await search({ status: 'pending' }))).toEqual(['Dan']);
  });

  it('sorts and pages', async () => {
    const first = await search({ sort: 'expiry', direction: 'desc', pageSize: 2, page: 1, search: 'e' });
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.rows).toHaveLength(2);
    const second = await search({ sort: 'expiry', direction: 'desc', pageSize: 2, page: 2, search: 'e' });
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0].id);
    const res = await admin.json('GET', '/api/admin/members?pageSize=500');
    expect([res.status, res.body.message]).toEqual([400, 'At most 100 members per page.']);
    expect((await admin.json('GET', '/api/admin/members?status=gone')).status).toBe(400);
  });

  it("edits a member's expiry and status, with an audit entry; an active membership needs an expiry", async () => {
    const [cleo] = (await search({ search: 'Cleo' })).rows;
    const updated = await admin.trpc.admin.members.update.mutate({
      id: cleo.id,
      firstName: 'Cleo',
      lastName: 'Whiting',
      email: 'cleo@example.com',
      status: 'active',
      expiryDate: day(365),
    });
    expect(updated).toMatchObject({ status: 'active', expiryDate: day(365) });
    await expect(
      admin.trpc.admin.members.update.mutate({ id: cleo.id, firstName: 'Cleo', lastName: 'Whiting', status: 'active', expiryDate: null }),
    ).rejects.toThrow('An active membership needs an expiry date.');
    const audit = await t.em().findOneOrFail(AuditLog, { entityId: cleo.id, action: 'member.update' });
    expect(audit.before).toMatchObject({ status: 'expired', expiryDate: day(-1) });
    expect(audit.after).toMatchObject({ status: 'active', expiryDate: day(365) });
    // The audit log screen finds it by record, newest first, with who did it.
    const log = await admin.trpc.admin.audit.query({ entityType: 'Member', entityId: cleo.id });
    expect(log.total).toBe(1);
    expect(log.rows[0]).toMatchObject({ actor: 'secretary@club.test', action: 'member.update', entityType: 'Member', entityId: cleo.id });
    expect(log.entityTypes).toContain('Member');
  });

  it("changes a member's role, which ends their sessions", async () => {
    const { client, memberId } = await createMember(t, { email: 'newtreasurer@example.com', firstName: 'Tia', lastName: 'Treasurer' });
    const row = (await search({ search: 'Treasurer' })).rows[0];
    expect(row).toMatchObject({ id: memberId, role: 'member' });
    await admin.trpc.admin.members.update.mutate({
      id: memberId,
      firstName: 'Tia',
      lastName: 'Treasurer',
      email: row.email,
      status: 'active',
      expiryDate: row.expiryDate,
      role: 'admin',
    });
    expect((await t.em().findOneOrFail(User, { email: 'newtreasurer@example.com' })).role).toBe('admin');
    await expect(client.trpc.auth.me.query()).resolves.toBeNull();
  });
});

describe('Export CSV', () => {
  it('streams a CSV that Excel opens cleanly: BOM, CRLF, RFC 4180 quoting and no formulas', async () => {
    const res = await admin.fetch('/api/admin/export/members?search=e');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // The file's name says which filter made it: a leftover search never passes unnoticed.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="members-search-e-${today}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Email,Phone,Address,Type,Status,Member since,Expiry,Primary,Shirt size');
    expect(lines).toContain(`Eve,"Mulloway, ""Jewie""",,,,Adult,expired,2024-07-01,${day(-400)},yes,`);
    expect(lines.find((l) => l.startsWith('Dan,'))).toBe(
      `Dan,Tailor,"'=HYPERLINK(""http://evil.example"",""click"")",,,Adult,pending,,,yes,`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('is for admins only', async () => {
    expect((await t.client().fetch('/api/admin/export/members')).status).toBe(401);
    const member = (await createUser(t)).client;
    const res = await member.json<ApiError>('GET', '/api/admin/export/members');
    expect([res.status, res.body.message]).toEqual([403, 'Only club administrators can do that.']);
    expect((await member.json('GET', '/api/admin/members')).status).toBe(403);
  });
});
