import { extractText, getDocumentProxy } from 'unpdf';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { addDays, addYears, clubToday } from '../../src/shared/dates';
import { AuditLog, Event, EventRegistration, Household, Member, User, WaitlistEntry } from '../../src/server/db/entities';
import { createMailer } from '../../src/server/integrations/mailer';
import { RenewalsService } from '../../src/server/membership/renewals.service';
import { createAdmin, createEvent, createMember, createUser, enterEvent } from '../support/factories';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await createAdmin(t, { email: 'secretary@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
  today = clubToday(t.clock.now());
});
afterAll(() => t?.close());
/** The club day now (tests move the clock on). */
const clubDay = () => clubToday(t.clock.now());

type Update = Parameters<TestClient['trpc']['admin']['members']['update']['mutate']>[0];
const record = (memberId: string) => admin.trpc.admin.members.get.query({ memberId });
/** The edit form's whole input for a member as it stands, with `changes` on top. */
async function edit(memberId: string, changes: Partial<Update> = {}) {
  const r = await record(memberId);
  return admin.trpc.admin.members.update.mutate({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    dateOfBirth: r.dateOfBirth,
    gender: r.gender,
    shirtSize: r.shirtSize,
    membershipType: r.membershipType,
    status: r.status,
    expiryDate: r.expiryDate,
    ...changes,
  });
}
const audits = (memberId: string, action: string) => t.em().find(AuditLog, { entityId: memberId, action }, { orderBy: { id: 'asc' } });

/** Another person of `householdId`, written directly (no account, no e-mail). */
async function addPerson(householdId: string, firstName: string, dateOfBirth: string, membershipType: 'adult' | 'junior' | 'family') {
  const em = t.em();
  const m = em.create(Member, {
    household: em.getReference(Household, householdId),
    isPrimary: false,
    firstName,
    lastName: 'Household',
    email: null,
    phone: null,
    address: null,
    dateOfBirth,
    gender: null,
    shirtSize: null,
    membershipType,
    status: 'active',
    memberSince: addDays(today, -30),
    expiryDate: addYears(today, 1),
    termsAcceptedAt: null,
    codeOfConductAcceptedAt: null,
  });
  await em.flush();
  return m.id;
}

describe("the committee's edit of a member", () => {
  it('changes every profile field, the type and the shirt size, audited with every field before and after', async () => {
    const { memberId } = await createMember(t, { firstName: 'Fay', lastName: 'Field', signedIn: false });
    const row = await edit(memberId, {
      firstName: 'Faye',
      lastName: 'Fielding',
      phone: '+61 400 111 222',
      address: '9 Wharf St, Tweed Heads NSW 2485',
      dateOfBirth: '1979-02-03',
      gender: 'male',
      shirtSize: 'XL',
    });
    expect(row).toMatchObject({ firstName: 'Faye', lastName: 'Fielding', phone: '+61 400 111 222', shirtSize: 'XL' });
    expect(await record(memberId)).toMatchObject({
      dateOfBirth: '1979-02-03',
      gender: 'male',
      shirtSize: 'XL',
      address: '9 Wharf St, Tweed Heads NSW 2485',
    });
    const [audit] = await audits(memberId, 'member.update');
    const keys = [
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'dateOfBirth',
      'gender',
      'shirtSize',
      'membershipType',
      'status',
      'memberSince',
      'expiryDate',
      'role',
      'householdId',
      'isPrimary',
    ];
    for (const key of keys) {
      expect(audit.before, key).toHaveProperty(key);
      expect(audit.after, key).toHaveProperty(key);
    }
    expect(audit.before).toMatchObject({
      firstName: 'Fay',
      phone: '0400 000 000',
      gender: 'female',
      shirtSize: 'M',
      dateOfBirth: '1980-05-05',
    });
    expect(audit.after).toMatchObject({
      firstName: 'Faye',
      phone: '+61 400 111 222',
      gender: 'male',
      shirtSize: 'XL',
      dateOfBirth: '1979-02-03',
    });
  });

  it('refuses a type that does not fit the age, with the field and a sentence', async () => {
    const { memberId } = await createMember(t, { firstName: 'Ade', lastName: 'Ult', signedIn: false });
    const res = await admin.mutation('admin.members.update', { ...(await record(memberId)), id: memberId, membershipType: 'junior' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Junior membership is for people under 16\. Ade is \d+\.$/);
    expect(res.fieldErrors).toHaveProperty('membershipType');
  });

  it('keeps a household on one rule: Family covers everyone in it, leaving Family gives everyone their own type again', async () => {
    const { memberId, householdId } = await createMember(t, { firstName: 'Pam', lastName: 'Parent', signedIn: false });
    const kid = await addPerson(householdId, 'Kit', addYears(today, -10), 'junior');
    await edit(memberId, { membershipType: 'family' });
    let r = await record(memberId);
    expect(r.household.membershipType).toBe('family');
    expect(r.household.people.map((p) => [p.firstName, p.membershipType])).toEqual([
      ['Pam', 'family'],
      ['Kit', 'family'],
    ]);
    // Kit's change came with Pam's: audited on Kit's own record.
    expect((await audits(kid, 'member.update'))[0].after).toMatchObject({ membershipType: 'family' });
    await edit(memberId, { membershipType: 'adult' });
    r = await record(memberId);
    expect(r.household.membershipType).toBe('adult');
    expect(r.household.people.map((p) => [p.firstName, p.membershipType])).toEqual([
      ['Pam', 'adult'],
      ['Kit', 'junior'],
    ]);
  });
});

describe('households', () => {
  it('moves people between households, makes a primary and takes one out, keeping the households valid; audited', async () => {
    const ann = await createMember(t, { firstName: 'Ann', lastName: 'Able', signedIn: false });
    const jo = await addPerson(ann.householdId, 'Jo', addYears(today, -9), 'junior');
    const bob = await createMember(t, { firstName: 'Bob', lastName: 'Baker', signedIn: false });
    const move = (memberId: string, intoMemberId: string) =>
      admin.mutation('admin.members.household', { action: 'move', memberId, intoMemberId });

    // Ann is the primary of a household with Jo in it.
    expect((await move(ann.memberId, bob.memberId)).body.message).toBe(
      'Ann Able is the primary member of a household with others in it. Make one of them the primary member first.',
    );
    const moved = await move(jo, bob.memberId);
    expect(moved.status).toBe(200);
    expect(moved.body.household!.people.map((p: { firstName: string; isPrimary: boolean }) => [p.firstName, p.isPrimary])).toEqual([
      ['Bob', true],
      ['Jo', false],
    ]);
    // Two people is as many as a household holds without a family membership.
    const third = await move(ann.memberId, bob.memberId);
    expect([third.status, third.body.message]).toEqual([
      400,
      "Only a family membership covers more than two people, and Bob Baker's household has 2. Make it a family first (edit its primary member's membership type).",
    ]);
    await edit(bob.memberId, { membershipType: 'family' });
    expect((await move(ann.memberId, bob.memberId)).status).toBe(200);
    let r = await record(bob.memberId);
    expect(r.household.people.map((p) => [p.firstName, p.membershipType, p.isPrimary])).toEqual([
      ['Bob', 'family', true],
      ['Ann', 'family', false],
      ['Jo', 'family', false],
    ]);

    // The primary receives receipts and reminders, so needs an address.
    const noEmail = await admin.mutation('admin.members.household', { action: 'makePrimary', memberId: jo });
    expect(noEmail.body.message).toMatch(/^Jo Household has no e-mail address/);
    await admin.trpc.admin.members.household.mutate({ action: 'makePrimary', memberId: ann.memberId });
    r = await record(bob.memberId);
    expect(r.household.people.filter((p) => p.isPrimary).map((p) => p.firstName)).toEqual(['Ann']);

    // Bob leaves for a household of his own, on his own (adult) membership.
    const own = await admin.trpc.admin.members.household.mutate({ action: 'leave', memberId: bob.memberId });
    expect(own.household.id).not.toBe(r.household.id);
    expect(own).toMatchObject({ isPrimary: true, membershipType: 'adult', household: { membershipType: 'adult' } });
    expect(own.household.people).toHaveLength(1);
    expect((await admin.mutation('admin.members.household', { action: 'leave', memberId: bob.memberId })).body.message).toBe(
      'Bob Baker is the only person in their household already.',
    );

    const [audit] = await audits(bob.memberId, 'member.household.leave');
    expect(audit.before).toMatchObject({ householdId: r.household.id });
    expect(audit.after).toMatchObject({ householdId: own.household.id });
    expect(JSON.stringify(audit.before)).toContain('Bob Baker (family)');
    expect(JSON.stringify(audit.after)).toContain('Bob Baker (adult, primary)');
  });
});

describe('changing e-mail address', () => {
  let mia: Awaited<ReturnType<typeof createMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    mia = await createMember(t, { email: 'mia@example.com', firstName: 'Mia', lastName: 'Mail' });
    other = await createMember(t, { email: 'olly@example.com', firstName: 'Olly', lastName: 'Other', signedIn: false });
    await createUser(t, { email: 'account-only@example.com', signedIn: false });
  });
  const tokenOf = async (to: string, action: () => Promise<unknown>) => linkIn(await t.mailAfter(to, action)).searchParams.get('token')!;
  const confirm = (token: string, client = t.client()) => client.mutation('members.confirmEmailChange', { token });

  it('refuses an address another member or account uses, before saving anything', async () => {
    const taken = await admin.mutation('admin.members.update', {
      ...(await record(mia.memberId)),
      id: mia.memberId,
      firstName: 'Mya',
      email: 'olly@example.com',
    });
    expect([taken.status, taken.body.message]).toEqual([
      409,
      'That e-mail address is already used by another member or account. Each person needs an address of their own.',
    ]);
    expect(taken.fieldErrors).toHaveProperty('email');
    expect((await record(mia.memberId)).firstName).toBe('Mia');
    const account = await admin.mutation('admin.members.requestEmailChange', { memberId: mia.memberId, email: 'Account-Only@example.com' });
    expect(account.status).toBe(409);
  });

  it('changes how the member signs in only once the new address is confirmed, and tells the old address', async () => {
    let token = '';
    const mail = await t.mailAfter('mia.new@example.com', async () => {
      const row = await edit(mia.memberId, { email: 'mia.new@example.com' });
      // Nothing changes yet: the committee sees what it waits for.
      expect(row).toMatchObject({ email: 'mia@example.com', pendingEmail: 'mia.new@example.com' });
    });
    expect(mail.subject).toContain('Confirm your new e-mail address');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/email-change');
    token = link.searchParams.get('token')!;
    expect((await record(mia.memberId)).emailChange).toMatchObject({ newEmail: 'mia.new@example.com' });
    const audit = (await audits(mia.memberId, 'member.emailChange.request'))[0];
    expect([audit.before, audit.after]).toEqual([
      { email: 'mia@example.com' },
      { email: 'mia@example.com', waitingForConfirmation: 'mia.new@example.com', provedBy: 'committee' },
    ]);

    // A mail scanner opening the link spends nothing: the page itself asks before it posts the token.
    expect((await t.client().fetch(`/email-change?token=${token}`)).status).toBe(200);
    expect((await t.em().findOneOrFail(User, { id: mia.userId })).email).toBe('mia@example.com');

    const notice = await t.mailAfter('mia@example.com', async () => {
      const done = await confirm(token);
      expect(done).toMatchObject({ status: 200, body: { email: 'mia.new@example.com' } });
    });
    expect(notice.subject).toContain('was changed');
    expect(notice.text).toContain('mia.new@example.com');
    const em = t.em();
    expect((await em.findOneOrFail(User, { id: mia.userId })).email).toBe('mia.new@example.com');
    expect((await em.findOneOrFail(Member, { id: mia.memberId })).email).toBe('mia.new@example.com');
    expect((await record(mia.memberId)).emailChange).toBeNull();
    expect((await audits(mia.memberId, 'member.emailChange.confirm'))[0].after).toEqual({
      email: 'mia.new@example.com',
      accountEmail: 'mia.new@example.com',
      sessionsEnded: true,
    });

    // Single use.
    expect((await confirm(token)).body.message).toBe('This link has already been used.');

    // The new address signs in; the old one no longer does (a minute on: sign-in links are not sent twice a minute).
    t.clock.advance(61_000);
    const signedIn = t.client();
    const signInLink = linkIn(
      await t.mailAfter('mia.new@example.com', () => signedIn.trpc.auth.login.mutate({ email: 'mia.new@example.com' })),
    );
    await signedIn.trpc.auth.verifyToken.mutate({ token: signInLink.searchParams.get('token')!, purpose: 'sign_in' });
    expect(await signedIn.trpc.auth.me.query()).toMatchObject({ id: mia.userId, email: 'mia.new@example.com' });
    const before = t.mail.to('mia@example.com').length;
    await t.client().trpc.auth.login.mutate({ email: 'mia@example.com' });
    await new Promise((r) => setTimeout(r, 400));
    expect(t.mail.to('mia@example.com')).toHaveLength(before);
    expect(await t.em().count(User, { email: 'mia@example.com' })).toBe(0);
  });

  it('refuses at confirmation an address someone took in the meantime', async () => {
    const token = await tokenOf('race@example.com', () =>
      admin.trpc.admin.members.requestEmailChange.mutate({ memberId: other.memberId, email: 'race@example.com' }),
    );
    await createUser(t, { email: 'race@example.com', signedIn: false });
    const res = await confirm(token);
    expect([res.status, res.body.message]).toEqual([
      409,
      'That e-mail address is already used by another member or account. Each person needs an address of their own.',
    ]);
    expect((await t.em().findOneOrFail(Member, { id: other.memberId })).email).toBe('olly@example.com');
  });

  it('expires after 24 hours; a resend replaces the link (at most once a minute); a cancel withdraws it', async () => {
    const first = await tokenOf('olly.late@example.com', () =>
      admin.trpc.admin.members.requestEmailChange.mutate({ memberId: other.memberId, email: 'olly.late@example.com' }),
    );
    const tooSoon = await admin.mutation('admin.members.resendEmailChange', { memberId: other.memberId });
    expect(tooSoon.status).toBe(429);
    t.clock.advance(61_000);
    const second = await tokenOf('olly.late@example.com', () =>
      admin.trpc.admin.members.resendEmailChange.mutate({ memberId: other.memberId }),
    );
    expect(second).not.toBe(first);
    expect((await confirm(first)).body.message).toBe('This link is invalid. Please ask for a new one.');
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await confirm(second)).body.message).toBe('This link has expired. Please ask for a new one.');
    expect((await record(other.memberId)).emailChange).toBeNull();

    const third = await tokenOf('olly.third@example.com', () =>
      admin.trpc.admin.members.requestEmailChange.mutate({ memberId: other.memberId, email: 'olly.third@example.com' }),
    );
    const cancelled = await admin.trpc.admin.members.cancelEmailChange.mutate({ memberId: other.memberId });
    expect(cancelled).toEqual({
      message: 'The change to olly.third@example.com was cancelled. The address stays olly@example.com.',
      pending: null,
    });
    // Cancelling twice is no error.
    expect((await admin.trpc.admin.members.cancelEmailChange.mutate({ memberId: other.memberId })).pending).toBeNull();
    expect((await confirm(third)).body.message).toBe('This link was withdrawn: a newer one was sent, or the change was cancelled.');
    expect((await t.em().findOneOrFail(Member, { id: other.memberId })).email).toBe('olly@example.com');
  });

  it('lets a member ask only for their own record, and nobody signed out', async () => {
    const someone = (await createMember(t, { firstName: 'Sal' })).client;
    const res = await someone.mutation('admin.members.requestEmailChange', { memberId: other.memberId, email: 'x@example.com' });
    expect(res.status).toBe(403);
    expect(
      (await t.client().mutation('admin.members.requestEmailChange', { memberId: other.memberId, email: 'x@example.com' })).status,
    ).toBe(401);
  });
});

describe('the dashboard and the list agree', () => {
  it("shows current, expired and pending members exactly as the list's filters count them", async () => {
    await createMember(t, { status: 'expired', signedIn: false });
    await createMember(t, { status: 'pending', signedIn: false });
    const overview = await admin.trpc.admin.overview.query();
    const total = async (status?: 'active' | 'expired' | 'pending') =>
      (await admin.trpc.admin.members.search.query(status ? { status } : {})).total;
    expect(overview.members).toEqual({
      all: await total(),
      current: await total('active'),
      expired: await total('expired'),
      pending: await total('pending'),
    });
    expect(overview.members!.current + overview.members!.expired + overview.members!.pending).toBe(overview.members!.all);
    expect(overview.totalMembers).toBe(overview.members!.current + overview.members!.expired);
  });
});

describe('Export CSV', () => {
  it('names the filter it used in the file name, and writes phone numbers as they are', async () => {
    const plain = await admin.fetch('/api/admin/export/members');
    expect(plain.headers.get('content-disposition')).toBe(`attachment; filename="members-all-${clubDay()}.csv"`);
    const text = await plain.text();
    expect(text).toContain(',+61 400 111 222,');
    expect(text).not.toContain("'+61");
    const filtered = await admin.fetch('/api/admin/export/members?status=expired&type=adult&search=O%27Brien%20%26%20co');
    expect(filtered.headers.get('content-disposition')).toBe(
      `attachment; filename="members-expired-adult-search-o-brien-co-${clubDay()}.csv"`,
    );
  });
});

describe('renewal reminders', () => {
  it('lists the reminders that went out and sends one again by hand, once per press and not twice in a row; audited', async () => {
    const em = t.em();
    const { memberId, householdId, email } = await createMember(t, { firstName: 'Rita', lastName: 'Renew', signedIn: false });
    const expiry = addDays(clubDay(), 20);
    await em.nativeUpdate(Member, { id: memberId }, { expiryDate: expiry });
    const junior = await addPerson(householdId, 'Ray', addYears(today, -8), 'junior');
    const job = new RenewalsService({
      clock: t.clock,
      mailer: createMailer({ smtpUrl: t.env.SMTP_URL, from: 'club@club.test', outboxDir: '/nonexistent', log: { info: () => {} } }),
      publicUrl: 'http://club.test',
      club: { profile: async () => EXAMPLE_CLUB_PROFILE, membership: async () => EXAMPLE_MEMBERSHIP_RULES },
      log: { error: () => {}, info: () => {} },
    });
    await t.mailAfter(email, () => job.run(t.em()));
    // The junior's record shows the household's reminders (they go to its primary member).
    let r = await record(junior);
    expect(r.reminders).toEqual([expect.objectContaining({ kind: '30_days', email, sentBy: null, expiryDate: expiry })]);
    expect(r.reminder).toEqual({ to: email, refusal: null });

    const requestKey = randomUUID();
    const mail = await t.mailAfter(email, async () => {
      expect(await admin.trpc.admin.members.sendRenewalReminder.mutate({ memberId: junior, requestKey })).toEqual({
        message: `Renewal reminder sent to ${email}.`,
      });
    });
    expect(mail.subject).toContain('Time to renew');
    // The same press again (a retried request) sends nothing more; another press straight after is refused.
    const count = t.mail.to(email).length;
    expect((await admin.trpc.admin.members.sendRenewalReminder.mutate({ memberId: junior, requestKey })).message).toMatch(
      /^The reminder went to /,
    );
    const again = await admin.mutation('admin.members.sendRenewalReminder', { memberId: junior, requestKey: randomUUID() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(`^A reminder went to ${email} at \\d{1,2}:\\d{2}\\s[ap]m\\. Wait a few minutes before sending another\\.$`),
    );
    expect(t.mail.to(email)).toHaveLength(count);

    r = await record(junior);
    expect(r.reminders.map((x) => [x.kind, x.sentBy])).toEqual([
      ['manual', 'Sue Secretary'],
      ['30_days', null],
    ]);
    const [audit] = await audits(memberId, 'member.renewalReminder');
    expect(audit.after).toEqual({ kind: 'manual', to: email, expiryDate: expiry });

    // Ten minutes on, another may go; a pending registration has nothing to renew.
    t.clock.advance(11 * 60_000);
    expect((await admin.trpc.admin.members.sendRenewalReminder.mutate({ memberId, requestKey: randomUUID() })).message).toBe(
      `Renewal reminder sent to ${email}.`,
    );
    const pending = await createMember(t, { status: 'pending', signedIn: false });
    expect((await record(pending.memberId)).reminder.refusal).toMatch(/^This membership has never been paid/);
    expect(
      (await admin.mutation('admin.members.sendRenewalReminder', { memberId: pending.memberId, requestKey: randomUUID() })).status,
    ).toBe(400);
  });
});

describe('shirt orders', () => {
  it('counts the sizes of the current members and names those without one, as CSV and PDF', async () => {
    const em = t.em();
    const { memberId } = await createMember(t, { firstName: 'Noah', lastName: 'Nosize', signedIn: false });
    await em.nativeUpdate(Member, { id: memberId }, { shirtSize: null });
    await createMember(t, { firstName: 'Exie', lastName: 'Expired', status: 'expired', signedIn: false });
    const report = await admin.trpc.admin.reports.shirts.query();
    const current = await admin.trpc.admin.members.search.query({ status: 'active', pageSize: 100 });
    expect(report.total).toBe(current.total);
    expect(report.sizes.reduce((sum, s) => sum + s.count, 0) + report.missing).toBe(report.total);
    expect(report.people.find((p) => p.name === 'Noah Nosize')).toMatchObject({ shirtSize: null });
    expect(report.people.some((p) => p.name === 'Exie Expired')).toBe(false);
    const xl = report.sizes.find((s) => s.size === 'XL')!.count;
    expect(xl).toBeGreaterThanOrEqual(1);

    const csv = await admin.fetch('/api/admin/reports/shirts.csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="shirt-order-${clubDay()}.csv"`);
    const lines = (await csv.text()).split('\r\n');
    expect(lines).toContain(`XL,${xl}`);
    expect(lines).toContain(`No size on record,${report.missing}`);
    expect(lines).toContain('Noah Nosize,No size on record,Adult,' + report.people.find((p) => p.name === 'Noah Nosize')!.email);

    const pdf = await admin.fetch('/api/admin/reports/shirts.pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true })).text;
    expect(text).toContain('Shirt Order');
    expect(text).toContain('No size on record: ask these members');
    expect(text).toContain('Noah Nosize');
    expect(text).not.toContain('Exie Expired');
  });
});

describe("an event's entrants", () => {
  it('lists who entered with division, payment and check-in, and the waiting list, as CSV', async () => {
    const event = await createEvent(t, { name: 'Whiting Wander', maxParticipants: 2 });
    const a = await createMember(t, { firstName: 'Eli', lastName: 'Entrant', signedIn: false });
    const b = await createMember(t, { firstName: 'Jun', lastName: 'Junior', membershipType: 'junior', signedIn: false });
    const c = await createMember(t, { firstName: 'Wes', lastName: 'Waiting', signedIn: false });
    await enterEvent(t, event.id, a.memberId);
    await enterEvent(t, event.id, b.memberId);
    const em = t.em();
    await em.nativeUpdate(
      EventRegistration,
      { event: event.id, member: a.memberId },
      { feeCents: 1000, paidAt: t.clock.now(), checkedInAt: t.clock.now() },
    );
    em.create(WaitlistEntry, { event: em.getReference(Event, event.id), member: em.getReference(Member, c.memberId) });
    await em.flush();

    const view = await admin.trpc.admin.signOn.list.query({ id: event.id });
    expect(view.entrants.map((e) => [e.name, e.division, e.paymentState, Boolean(e.checkedInAt)])).toEqual([
      ['Eli Entrant', 'open', 'paid', true],
      ['Jun Junior', 'junior', 'free', false],
    ]);
    const res = await admin.fetch(`/api/admin/events/${event.id}/entrants.csv`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="entrants-whiting-wander.csv"');
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Member or guest,Division,Age on the day,Fee,Payment,Paid by,Checked in,Disqualified,Phone,Email,Entered');
    expect(lines[1]).toMatch(/^Eli Entrant,Member,Open,\d+,10\.00,Paid,,\d\d\/\d\d\/\d{4} \d{1,2}:\d\d\s[ap]m,no,0400 000 000,/);
    expect(lines[2]).toMatch(/^Jun Junior,Member,Juniors,\d+,0\.00,Free,,no,no,/);
    expect(lines).toContain('Waiting list,Position,Asked for a place');
    expect(lines.find((l) => l.startsWith('Wes Waiting,1,'))).toBeTruthy();
    const member = (await createMember(t)).client;
    expect((await member.fetch(`/api/admin/events/${event.id}/entrants.csv`)).status).toBe(403);
  });
});

describe('GET /api/admin/members (docs/api.md)', () => {
  it('answers a JSON array of admin member rows, pages by query parameters and puts the total in X-Total-Count', async () => {
    const all = await admin.json('GET', '/api/admin/members');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(all.body[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        firstName: expect.any(String),
        lastName: expect.any(String),
        membershipType: expect.any(String),
        status: expect.any(String),
      }),
    );
    expect(all.body[0]).toHaveProperty('email');
    expect(all.body[0]).toHaveProperty('expiryDate');

    const first = await admin.json('GET', '/api/admin/members?page=1&pageSize=2');
    const second = await admin.json('GET', '/api/admin/members?page=2&limit=2');
    expect(first.body).toHaveLength(2);
    expect(second.body).toHaveLength(2);
    expect(second.body[0]!.id).not.toBe(first.body[0]!.id);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(first.headers.get('link')).toContain('page=2&pageSize=2>; rel="next"');
    const search = await admin.json('GET', '/api/admin/members?search=Rita&status=active');
    expect(search.body.map!((r: { firstName: string }) => r.firstName)).toEqual(['Rita']);
    expect(search.headers.get('x-total-count')).toBe('1');
    expect((await admin.json('GET', '/api/admin/members?pageSize=500')).status).toBe(400);
    expect((await t.client().json('GET', '/api/admin/members')).status).toBe(401);
    expect((await (await createUser(t)).client.json('GET', '/api/admin/members')).status).toBe(403);
  });
});

// A member signed in on their own account sees their own record only: the committee's procedures are admin-only.
describe('access', () => {
  it('keeps the record, household and reminder procedures to the committee', async () => {
    const { client, memberId } = await createMember(t);
    expect((await client.json('GET', `/trpc/admin.members.get?input=${encodeURIComponent(JSON.stringify({ memberId }))}`)).status).toBe(
      403,
    );
    expect((await client.mutation('admin.members.household', { action: 'leave', memberId })).status).toBe(403);
    expect((await client.mutation('admin.members.sendRenewalReminder', { memberId, requestKey: randomUUID() })).status).toBe(403);
  });
});
