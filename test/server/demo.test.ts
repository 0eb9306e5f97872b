import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { clubToday } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { isJuniorOn } from '../../src/shared/membership';
import { isCurrentMember } from '../../src/server/membership/member-status';
import { financialYearOf } from '../../src/shared/reports.schema';
import { nextSeason } from '../../src/shared/sponsors';
import {
  DEMO_DOMAIN,
  DEMO_LOGINS,
  DemoSeedRefused,
  demoEnvironmentRefusal,
  seedDemoClub,
  type DemoSeedResult,
} from '../../src/server/demo/seed';
import { AuditLog, EmailChange, Member, User } from '../../src/server/db/entities';
import { createMailer } from '../../src/server/integrations/mailer';
import { outboxMails } from '../support/outbox';
import { documentsToAccept } from '../../src/shared/documents';
import { PUBLIC_URL, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { freshSite, image, signIn } from './demo-site';

const env = { NODE_ENV: 'test' as const, PUBLIC_URL };

describe('the demo club (npm run demo)', () => {
  let site: Awaited<ReturnType<typeof freshSite>>;
  let first: DemoSeedResult;
  let t: TestApp;
  let member: TestClient;
  let admin: TestClient;
  const today = clubToday(new Date());
  let seedingStarted = 0;
  const outbox = () => path.join(site.dataDir, 'outbox');

  beforeAll(async () => {
    site = await freshSite();
    seedingStarted = Date.now();
    // The site's outbox, where the demo leaves the mail the committee is meant to open.
    const mailer = createMailer({ outboxDir: outbox(), from: 'demo@club.test', log: { info: () => {} } });
    first = await seedDemoClub({ orm: site.orm, objects: site.objects, env, mailer });
    // The site as it then runs on that database and object folder.
    t = await startTestApp({ databaseUrl: site.databaseUrl, env: { DATA_DIR: site.dataDir } });
    member = await signIn(t, DEMO_LOGINS.member);
    admin = await signIn(t, DEMO_LOGINS.admin);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('seeds an empty database and reports what it made', () => {
    expect(first.seeded).toBe(true);
    expect(first.seededOn).toBe(today);
    expect(first.counts.members).toBeGreaterThanOrEqual(40);
    expect(first.counts.members).toBeLessThanOrEqual(60);
  });

  it('has members of every type and status, with paid memberships', async () => {
    const search = (input: Parameters<typeof admin.trpc.admin.members.search.query>[0]) =>
      admin.trpc.admin.members.search.query({ pageSize: 100, ...input });
    const all = await search({});
    expect(all.total).toBe(first.counts.members);
    for (const type of ['adult', 'junior', 'family'] as const) expect((await search({ type })).total, type).toBeGreaterThan(0);
    for (const status of ['active', 'pending', 'expired', 'expiring'] as const)
      expect((await search({ status })).total, status).toBeGreaterThan(0);
    // A family household: 2 adults and juniors, on one family membership.
    const nguyens = await search({ search: 'Nguyen' });
    expect(nguyens.rows.map((r) => r.membershipType)).toEqual(['family', 'family', 'family', 'family']);
    // Everyone is on the demo's own domain, with Australian addresses in the Tweed.
    expect(all.rows.filter((r) => r.email).every((r) => r.email!.endsWith(`@${DEMO_DOMAIN}`))).toBe(true);
    expect(all.rows.filter((r) => r.address).every((r) => / NSW 24\d\d$/.test(r.address!))).toBe(true);

    const overview = await admin.trpc.admin.overview.query();
    // Those who have not paid yet are not counted as members.
    expect(overview.totalMembers).toBe(all.total - (await search({ status: 'pending' })).total);
    expect(overview.revenueYtdCents).toBeGreaterThan(0);
    expect(overview.sponsors).toBeGreaterThanOrEqual(5);
    expect(overview.activeEvents).toBeGreaterThanOrEqual(4);
  });

  it('sends the newsletter to households with juniors to every household with a current member under 16, families included', async () => {
    const em = site.orm.em.fork();
    const people = await em.find(Member, { isGuest: false }, { populate: ['household'] });
    const withJuniors = new Set(
      people
        .filter((m) => isCurrentMember(m, today) && isJuniorOn(EXAMPLE_MEMBERSHIP_RULES, m.dateOfBirth, today))
        .map((m) => m.household.id),
    );
    const families = people.filter((m) => m.isPrimary && withJuniors.has(m.household.id)).map((m) => m.lastName);
    expect(families).toEqual(expect.arrayContaining(['Nguyen', 'Patterson', 'Robinson']));
    // The segment reaches each of those households' addresses once (an address that unsubscribed is counted apart).
    const addresses = new Set(people.filter((m) => withJuniors.has(m.household.id) && m.email).map((m) => m.email!.toLowerCase()));
    const count = await admin.trpc.admin.newsletters.count.query({ segment: { kind: 'juniors' } });
    expect(count.recipients + count.unsubscribed).toBe(addresses.size);
  });

  it("has every household's adult holding the club documents in force, so renewals can be paid", async () => {
    const em = site.orm.em.fork();
    const primaries = await em.find(Member, { isPrimary: true, isGuest: false });
    expect(
      primaries
        .filter((m) => documentsToAccept(EXAMPLE_CLUB_DOCUMENTS, m.documentsAccepted).length)
        .map((m) => `${m.firstName} ${m.lastName}`),
    ).toEqual([]);
  });

  it("shows the committee's member records: reminders sent, one by hand, an e-mail change waiting, the shirt order", async () => {
    const waiting = (await admin.trpc.admin.members.search.query({ pageSize: 100 })).rows.filter((r) => r.pendingEmail);
    expect(waiting).toHaveLength(1);
    const record = await admin.trpc.admin.members.get.query({ memberId: waiting[0].id });
    expect(record.emailChange?.newEmail).toMatch(/\.home@/);
    const lapsed = (await admin.trpc.admin.members.search.query({ status: 'expired', pageSize: 100 })).rows;
    const reminded = await Promise.all(lapsed.map((r) => admin.trpc.admin.members.get.query({ memberId: r.id })));
    const byHand = reminded.find((r) => r.reminders.some((x) => x.kind === 'manual'));
    expect(byHand?.reminders.map((x) => x.kind)).toEqual(expect.arrayContaining(['manual', '30_days']));
    const shirts = await admin.trpc.admin.reports.shirts.query();
    expect(shirts.total).toBeGreaterThan(20);
    expect(shirts.missing).toBeGreaterThanOrEqual(1);
    expect(shirts.missing).toBeLessThan(shirts.total / 10);
  });

  it('logs the demo member in to a family membership with events and catches', async () => {
    const me = await member.trpc.auth.me.query();
    expect(me).toMatchObject({ email: DEMO_LOGINS.member.email, firstName: 'Daniel', role: 'member' });
    const profile = (await member.trpc.members.profile.query())!;
    expect(profile).toMatchObject({ membershipType: 'family', status: 'active' });
    expect(profile.household).toHaveLength(4);
    expect(profile.expiryDate! > today).toBe(true);

    const registrations = await member.trpc.events.myRegistrations.query();
    expect(registrations.some((r) => r.eventDate.slice(0, 10) < today)).toBe(true);
    expect(registrations.some((r) => clubToday(new Date(r.eventDate)) === today)).toBe(true);

    const catches = await member.trpc.catches.mine.query();
    const statuses = new Set(catches.map((c) => c.status));
    expect(statuses).toEqual(new Set(['verified', 'rejected', 'pending']));
    expect(catches.filter((c) => c.status === 'rejected').map((c) => c.rejectReason)).toContainEqual(expect.stringMatching(/club code/i));
    const photo = await image(member, catches[0].photoUrl);
    expect(photo).toMatchObject({ status: 200, type: 'image/webp' });
    expect(photo.bytes).toBeGreaterThan(5000);
    expect((await image(member, catches[0].thumbnailUrl)).status).toBe(200);
  });

  it('signs the administrator in with the admin role', async () => {
    expect(await admin.trpc.auth.me.query()).toMatchObject({ email: DEMO_LOGINS.admin.email, role: 'admin' });
  });

  it("has the demo member's notification choices, and no phone subscribed (no push service needed)", async () => {
    expect(await member.trpc.notifications.settings.query()).toMatchObject({
      preferences: { event_tomorrow: true, catch_judged: true, results_final: true, waitlist_place_freed: false },
      devices: 0,
    });
  });

  it("has the demo member's membership cards, payments with receipts and a calendar address", async () => {
    const { cards } = await member.trpc.memberCard.mine.query();
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(cards[0]).toMatchObject({ own: true, status: 'active' });
    const code = cards[0].verifyUrl.split('/verify/')[1];
    expect(await t.client().trpc.verify.card.query({ code })).toMatchObject({ current: true, name: cards[0].name });

    const payments = await member.trpc.memberPayments.history.query();
    const receipt = payments.find((p) => p.receiptUrl);
    expect(receipt).toBeTruthy();
    const pdf = await member.fetch(receipt!.receiptUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const feed = await member.trpc.calendarFeed.mine.query();
    const ics = await t.client().fetch(feed.httpsUrl.slice(PUBLIC_URL.length));
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('(entered)');
  });

  it("has the demo member's household with his juniors' emergency contact and medical notes", async () => {
    const household = await member.trpc.memberDetails.household.query();
    const juniors = household.people.filter((p) => p.isJunior);
    expect(juniors.map((p) => p.firstName).sort()).toEqual(['Chloe', 'Ethan']);
    for (const junior of juniors) {
      expect(junior).toMatchObject({ editable: true, emergencyContact: { name: 'Linh Nguyen', relationship: 'Grandmother' } });
      expect(junior.medicalNotes).toBeTruthy();
    }
  });

  it('has past events with results and upcoming ones, one of them today', async () => {
    const visitor = t.client();
    const upcoming = await visitor.trpc.events.upcoming.query();
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    expect(clubToday(new Date(upcoming[0].eventDate))).toBe(today);
    expect(upcoming.every((e) => e.imageUrl)).toBe(true);
    expect((await image(visitor, upcoming[0].imageUrl!)).status).toBe(200);
    expect(upcoming.some((e) => e.registeredCount > 0)).toBe(true);
    expect(upcoming.some((e) => e.isFull)).toBe(true);

    const events = await admin.trpc.admin.events.list.query();
    expect(events.filter((e) => e.status === 'completed').length).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.status === 'cancelled')).toBe(true);

    const started = await visitor.trpc.events.started.query();
    const completed = started.filter((e) => e.status === 'completed');
    const results = await visitor.trpc.catches.results.query({ id: completed[completed.length - 1].id });
    expect(results.categories.length).toBeGreaterThan(1);
    expect(results.categories[0].placings[0]).toMatchObject({ place: 1, points: 3 });
    expect(results.photosFrom).toBeNull();
    expect((await image(visitor, results.categories[0].placings[0].thumbnailUrl!)).status).toBe(200);
    const ladder = await visitor.trpc.catches.ladder.query({ year: Number(today.slice(0, 4)) });
    // The season ladder counts this calendar year only: empty in the first weeks of January.
    if (completed.some((e) => e.eventDate.slice(0, 4) === today.slice(0, 4))) expect(ladder.length).toBeGreaterThan(0);
  });

  it("shows today's club day on a live board, provisional, with results in both divisions once fishing has been open an hour", async () => {
    const visitor = t.client();
    const todays = (await visitor.trpc.events.upcoming.query())[0];
    const board = await visitor.trpc.catches.liveBoard.query({ id: todays.id });
    expect(board).toMatchObject({ eventName: 'Club Day at Jack Evans Boat Harbour', divisions: true, status: 'provisional' });
    // Today's catches are logged (and judged half an hour later) only for the hours that had passed when it was seeded.
    if (seedingStarted - Date.parse(board.fishingOpens) >= 60 * 60_000) {
      expect(board.pending).toBeGreaterThan(0);
      expect([...new Set(board.categories.map((c) => c.division))]).toEqual(['junior', 'open']);
      expect(JSON.stringify(board)).not.toMatch(/latitude|longitude|gps/i);
    }
    // The club's placing rule is on, as its rules have it: no angler takes two places in one category.
    expect(await admin.trpc.admin.placingRules.get.query()).toMatchObject({ onePlacingPerAngler: true });
    for (const c of board.categories) {
      const names = c.placings.map((p) => p.anglerName);
      expect(new Set(names).size, `${c.division} ${c.species}`).toBe(names.length);
    }
    const stream = await fetch(`${t.baseUrl}/api/events/${todays.id}/live`);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.body?.cancel();
  });

  it('has judged catches with flags and reasons, and a queue still to judge', async () => {
    const queue = await admin.trpc.admin.catches.queue.query();
    expect(queue.length).toBeGreaterThanOrEqual(2);
    expect(queue.every((c) => c.photoUrl && c.gpsText)).toBe(true);
    const overview = await admin.trpc.admin.overview.query();
    expect(overview.catchesBySpecies.length).toBeGreaterThanOrEqual(5);
    const audit = await admin.trpc.admin.audit.query({ entityType: 'Catch', page: 1, pageSize: 100 });
    const rejected = audit.rows.filter((r) => r.action === 'catch.reject');
    expect(rejected.length).toBeGreaterThanOrEqual(4);
    expect(rejected.map((r) => (r.after as { rejectReason: string }).rejectReason).join(' ')).toMatch(/Tweed Shire/);
    // Catch photos carry the camera's time and place, which the judge sees beside the flags.
    const withCamera = queue.filter((c) => c.photoCamera);
    expect(withCamera.length).toBeGreaterThan(0);
    expect(withCamera[0].photoLatitude).toBeLessThan(-28);
  });

  it("has a photo taken offshore for the judge, and a re-used photo linked to the season's first catch", async () => {
    const queue = await admin.trpc.admin.catches.queue.query();
    const offshore = queue.find((c) => c.flags.includes('photo_outside_area'))!;
    expect(offshore.flags).toEqual(expect.arrayContaining(['photo_outside_area', 'photo_far_from_phone']));
    expect(offshore.flags).not.toContain('phone_outside_area');
    // No other catch of the demo has a photo out of place or a copied photo: the flags are the scripted ones.
    const judged = async (flag: 'photo_outside_area' | 'duplicate_photo') =>
      (await admin.trpc.admin.catches.judged.query({ flag, pageSize: 100 })).rows;
    // Besides it, only the fish from Queensland: its phone and its photo both say Currumbin Creek.
    const outOfPlace = [...queue.filter((c) => c.flags.includes('photo_outside_area')), ...(await judged('photo_outside_area'))];
    expect(outOfPlace).toHaveLength(2);
    expect(outOfPlace.find((c) => c.id !== offshore.id)).toMatchObject({
      flags: ['phone_outside_area', 'photo_outside_area'],
      status: 'rejected',
    });
    const copies = (await judged('duplicate_photo')).filter((c) => c.flags.includes('duplicate_photo'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ eventName: 'Terranora Mangrove Jack Challenge', status: 'rejected' });
    expect(copies[0].duplicateOf).toMatchObject({ eventName: 'Tweed River Bream & Flathead Classic' });
    const original = await admin.trpc.admin.catches.get.query({ id: copies[0].duplicateOf!.id });
    expect(original).toMatchObject({ fishType: 'Flathead', size: 58.5, anglerName: copies[0].duplicateOf!.anglerName });
  });

  it("has, once fishing has been open an hour, a mate's copied photo and a photo without a location waiting today", async () => {
    const todays = (await t.client().trpc.events.upcoming.query())[0];
    const board = await t.client().trpc.catches.liveBoard.query({ id: todays.id });
    if (seedingStarted - Date.parse(board.fishingOpens) < 60 * 60_000) return;
    const queue = await admin.trpc.admin.catches.queue.query({ eventId: todays.id });
    // Today's event comes first in the judges' choice.
    expect((await admin.trpc.admin.catches.waitingEvents.query())[0]).toMatchObject({ id: todays.id, today: true });
    const noPlace = queue.find((c) => c.photoCamera && c.flags.includes('no_photo_location'))!;
    expect(noPlace).toMatchObject({ photoLatitude: null, photoTakenAt: expect.any(String) });
    const copy = queue.find((c) => c.flags.includes('duplicate_photo'))!;
    expect(copy.duplicateOf).toMatchObject({ eventName: todays.name });
    const compared = await admin.trpc.admin.catches.compare.query({ id: copy.id });
    expect(compared.earlier.id).toBe(copy.duplicateOf!.id);
    expect(compared.likeness).toMatchObject({ kind: 'same_picture', summary: expect.stringMatching(/identical once lined up/) });
  });

  it('has a decision reopened and judged again, and an angler disqualified and suspended for a re-used photo', async () => {
    const audit = await admin.trpc.admin.audit.query({ entityType: 'Catch', page: 1, pageSize: 100 });
    expect(audit.rows.find((r) => r.action === 'catch.reopen')?.after).toMatchObject({
      status: 'pending',
      reason: expect.stringMatching(/clock/),
    });
    const rejected = await admin.trpc.admin.catches.judged.query({ status: 'rejected', pageSize: 100 });
    const copied = rejected.rows.find((r) => r.disqualified)!;
    expect(copied.disqualified!.reason).toMatch(/Photo tampering/);
    expect(copied.anglerSuspendedUntil! > today).toBe(true);
    const { rows } = await admin.trpc.admin.members.search.query({ search: copied.anglerName, pageSize: 5 });
    expect(rows.find((r) => r.id === copied.anglerId)!.suspension?.until).toBe(copied.anglerSuspendedUntil);
  });

  it("has today's mystery fish sealed, a past one revealed, and a picture of the month closed with a winner and one open with votes", async () => {
    const fish = await admin.trpc.admin.mysteryFish.list.query();
    const events = await admin.trpc.admin.events.list.query();
    const todays = events.find((e) => e.eventDate.slice(0, 10) <= today && e.name === 'Club Day at Jack Evans Boat Harbour')!;
    expect(fish.find((f) => f.eventId === todays.id)).toMatchObject({ state: 'sealed', sealedByName: expect.any(String) });
    expect(fish.find((f) => f.eventId === todays.id)!.species).toBeUndefined();
    expect(await member.trpc.events.mysteryFish.query({ id: todays.id })).toEqual({
      eventId: todays.id,
      eventName: todays.name,
      state: 'sealed',
      prize: '$100 cash',
    });
    expect(fish.find((f) => f.eventName === 'Terranora Mangrove Jack Challenge')).toMatchObject({
      state: 'revealed',
      species: 'Flathead',
      lengthText: '50 cm',
    });

    const months = await admin.trpc.admin.pictureOfMonth.overview.query();
    const closed = months.find((m) => m.closed)!;
    const open = months.find((m) => !m.closed && m.totalVotes > 0)!;
    expect(closed.winner).toMatchObject({ anglerName: expect.any(String), votes: expect.any(Number) });
    expect(open.month > closed.month).toBe(true);
    expect(await t.client().trpc.pictureOfMonth.winner.query()).toMatchObject({
      month: closed.month,
      winner: { anglerName: closed.winner!.anglerName },
    });
    // The demo member has not voted in the open month: the login can try it.
    const view = await member.trpc.pictureOfMonth.month.query({ month: open.month });
    expect(view).toMatchObject({ closed: false, myVoteCatchId: null, cannotVote: null });
    expect(view.candidates.length).toBeGreaterThan(1);
  });

  it("has today's club day at the sign-on desk: paid online and at the desk, pay at sign-on, checked in, guests, a junior, a member and a guest waiting", async () => {
    const todays = (await admin.trpc.admin.events.list.query()).find((e) => e.name === 'Club Day at Jack Evans Boat Harbour')!;
    expect(todays).toMatchObject({ memberFee: '10.00', juniorFee: '0.00', nonMemberFee: '15.00', isFull: true });
    const desk = await admin.trpc.admin.signOn.list.query({ id: todays.id });
    const paidBy = new Set(desk.entrants.map((e) => e.paidBy));
    expect([...paidBy]).toEqual(expect.arrayContaining(['Demo payment', 'Cash', 'Card (at the desk)']));
    expect(desk.entrants.some((e) => e.paymentState === 'pay_at_sign_on')).toBe(true);
    expect(desk.counts.checkedIn).toBeGreaterThan(3);
    expect(desk.entrants.filter((e) => e.kind === 'guest').map((e) => e.name)).toEqual(
      expect.arrayContaining(['Riley Visitor', 'Sam Walkup']),
    );
    expect(desk.entrants.some((e) => e.division === 'junior' && e.fee === '0.00')).toBe(true);
    // A member waits first, then a walk-up guest the desk put on the list; both were passed over once, audited.
    expect(desk.waiting).toHaveLength(2);
    expect(desk.waiting[1]).toMatchObject({ name: 'Tom Tinnie', position: 2 });
    const audited = async (entityType: string) => (await admin.trpc.admin.audit.query({ entityType, pageSize: 100 })).rows;
    const passed = (await audited('Event')).find((a) => a.action === 'waitlist.passedOver' && a.entityId === todays.id);
    expect(passed?.after).toMatchObject({ passedOver: desk.waiting.map((w) => w.name) });
    expect(desk.entrants.map((e) => e.name)).toContain(passed?.after?.added);
    // One who paid cash was taken off: the $10.00 handed back is a refund in Payments, and the removal is audited.
    const removed = (await audited('EventRegistration')).find((a) => a.action === 'entry.remove');
    expect(removed?.after).toMatchObject({ eventId: todays.id, feeCents: 1000, refundedCents: 1000 });
    expect(desk.entrants.map((e) => e.name)).not.toContain(removed?.after?.name);
    const { rows } = await admin.trpc.admin.payments.list.query({ kind: 'event', pageSize: 100 });
    expect(rows.find((r) => r.purpose === 'refund' && r.payee === removed?.after?.name)).toMatchObject({ amount: '-10.00' });
    // The demo member's own entry was paid online.
    const mine = (await member.trpc.events.myRegistrations.query()).find((r) => r.eventId === todays.id);
    expect(mine).toMatchObject({ paymentState: 'paid' });
  });

  it('has membership payments taken by hand, a refund that ended a membership, and an unpaid registration', async () => {
    const { rows } = await admin.trpc.admin.payments.list.query({ kind: 'membership', pageSize: 100 });
    const methods = new Set(rows.map((r) => r.method));
    for (const method of ['demo', 'cash', 'bank_transfer', 'cheque'] as const) expect(methods, method).toContain(method);
    expect(rows.find((r) => r.method === 'bank_transfer')?.reference).toBe('EFT T HARRIS SUBS');
    const refund = rows.find((r) => r.purpose === 'refund')!;
    expect(refund).toMatchObject({
      amount: '-40.00',
      payee: 'Chloe Bishop',
      note: 'Moving to Perth for work before her first competition',
    });
    const chloe = await admin.trpc.admin.members.search.query({ search: 'Chloe Bishop', pageSize: 5 });
    expect(chloe.rows[0].status).toBe('expired');
  });

  it('has active sponsors with logos, a pending application, news and content', async () => {
    const visitor = t.client();
    const sponsors = await visitor.trpc.sponsors.active.query();
    expect(sponsors.length).toBeGreaterThanOrEqual(5);
    for (const sponsor of sponsors) expect((await image(visitor, sponsor.logoUrl!)).type).toBe('image/webp');
    const all = await admin.trpc.admin.sponsors.list.query();
    expect(all.some((s) => s.status === 'pending')).toBe(true);
    // Accepted sponsors confirmed their address from the acknowledgement; the pending applicant has not yet.
    expect(all.filter((s) => s.status === 'active').every((s) => s.addressConfirmed)).toBe(true);
    expect(all.find((s) => s.status === 'pending')!.addressConfirmed).toBe(false);

    // Season invoices: paid by bank transfer or online, one accepted sponsor still to pay, one renewed for the season after.
    const invoices = all.flatMap((s) => s.invoices);
    expect(invoices.some((i) => i.status === 'paid' && i.method === 'bank_transfer' && i.reference)).toBe(true);
    expect(invoices.some((i) => i.status === 'paid' && i.method === 'demo')).toBe(true);
    expect(all.find((s) => s.companyName === 'Salt & Ice Seafood Co.')!.invoices.map((i) => i.status)).toEqual(['unpaid']);
    const renewed = all.find((s) => s.companyName === 'Kingscliff Marine & Outboard')!.invoices;
    expect(renewed.map((i) => i.status)).toEqual(['unpaid', 'paid']);
    expect(renewed[0].season).toBe(nextSeason(renewed[1].season));
    // Only money received is revenue.
    const fy = financialYearOf(today);
    const summary = await admin.trpc.admin.reports.financial.query({ from: fy.start, to: fy.end });
    const received = invoices
      .filter((i) => i.paidOn && i.paidOn >= fy.start && i.paidOn <= fy.end)
      .reduce((sum, i) => sum + Math.round(Number(i.amount) * 100), 0);
    expect(summary.totals.sponsorship).toBe(received);

    const news = await visitor.trpc.cms.news.query({ limit: 10 });
    expect(news.length).toBeGreaterThanOrEqual(4);
    expect(news.some((n) => n.title.startsWith('Results:'))).toBe(true);
    expect((await admin.trpc.admin.cms.news.list.query()).some((n) => !n.published)).toBe(true);

    // Newsletters: last month's in the archive with each member's outcome (one bounced, one unsubscribed), and a draft.
    const newsletters = await admin.trpc.admin.newsletters.list.query();
    const sent = newsletters.find((n) => n.status === 'sent')!;
    expect(sent.counts).toMatchObject({ failed: 1, skipped: 1, queued: 0, sending: 0 });
    expect(sent.counts.sent).toBeGreaterThan(20);
    expect(newsletters.some((n) => n.status === 'draft' && n.segment.kind === 'expiring')).toBe(true);
    const issue = await admin.trpc.admin.newsletters.read.query({ id: sent.id });
    expect(issue.bodyHtml).toMatch(/<img src="\/api\/objects\/images\/[0-9a-f-]{36}\.webp"/);
    expect(issue.sponsors.length).toBeGreaterThan(0);

    const landing = await visitor.trpc.cms.sections.query({ pageSlug: 'landing' });
    expect(landing.find((s) => s.sectionKey === 'hero_subtitle')!.content).toMatch(/Tweed/);
    const home = await visitor.trpc.cms.sections.query({ pageSlug: 'home' });
    const picture = home.find((s) => s.contentType === 'image')!;
    expect((await image(visitor, picture.content)).status).toBe(200);
    expect((await visitor.trpc.cms.pages.query()).map((p) => p.slug)).toContain('about');
    // Pages with sections in the menu and the footer; the about page has a photo placed in its text.
    const navigation = await visitor.trpc.cms.settings.query();
    expect(navigation.menu?.map((l) => l.slug)).toEqual(['about', 'where-to-fish']);
    expect(navigation.footer?.map((l) => l.slug)).toEqual(['about', 'where-to-fish']);
    const about = await visitor.trpc.cms.contentPage.query({ slug: 'about' });
    expect(about.sections.map((s) => s.sectionKey)).toEqual(['main_content', 'juniors', 'meetings']);
    const placed = /<img src="(\/api\/objects\/images\/[0-9a-f-]{36}\.webp)" alt="[^"]+" width="\d+" height="\d+"/.exec(
      about.sections[0].content,
    );
    expect((await image(visitor, placed![1])).status).toBe(200);
    const spots = await visitor.trpc.cms.contentPage.query({ slug: 'where-to-fish' });
    expect(spots.sections.map((s) => s.sectionKey)).toEqual(['tides_and_safety']);
    expect((await visitor.trpc.cms.settings.query()).contactEmail).toBe(`committee@${DEMO_DOMAIN}`);
  });

  it("has a guest's unpaid online entry holding a place in the coming Saturday's competition, until 10 minutes after seeding", async () => {
    const saturday = (await admin.trpc.admin.events.list.query()).find((e) => e.name.includes('Kingscliff'))!;
    const desk = await admin.trpc.admin.signOn.list.query({ id: saturday.id });
    const held = desk.entrants.filter((e) => e.heldUntil);
    expect(held.map((e) => [e.name, e.kind, e.paymentState])).toEqual([['Noah Pending', 'guest', 'unpaid']]);
    expect(desk.counts.held).toBe(1);
    const until = new Date(held[0].heldUntil!).getTime();
    expect(until).toBeGreaterThanOrEqual(seedingStarted + 10 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it('has a draft page with a published section, which visitors see neither of', async () => {
    const visitor = t.client();
    await expect(visitor.trpc.cms.contentPage.query({ slug: 'committee' })).rejects.toThrow('That page does not exist.');
    expect(await visitor.trpc.cms.sections.query({ pageSlug: 'committee' })).toEqual([]);
    expect((await visitor.fetch('/pages/committee', { headers: { accept: 'text/html' } })).status).toBe(404);
    const page = (await admin.trpc.admin.cms.pages.list.query()).find((p) => p.slug === 'committee')!;
    expect(page.published).toBe(false);
    const sections = (await admin.trpc.admin.cms.sections.list.query()).filter((s) => s.pageSlug === 'committee');
    expect(sections.map((s) => [s.sectionKey, s.published])).toEqual([['meetings', true]]);
  });

  it("has a member's login moved two days ago: the notice's undo link in the outbox still works, and the join typed with the new address is set aside for the committee", async () => {
    const em = site.orm.em.fork();
    const [confirmed] = await em.find(AuditLog, { action: 'member.emailChange.confirm' });
    const { email: oldEmail } = confirmed.before as { email: string };
    const mover = await em.findOneOrFail(Member, { id: confirmed.entityId });
    expect(mover.email).toBe(oldEmail.replace('@', '.new@'));
    const change = await em.findOneOrFail(EmailChange, { member: mover, confirmedAt: { $ne: null } });
    expect(change.undoExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);

    // The committee's audit log notes the set-aside join, which keeps no address.
    const [setAside] = await em.find(AuditLog, { action: 'member.email.setAside' });
    expect(setAside.after).toMatchObject({ email: null, claimedBy: mover.id });
    const log = await admin.trpc.admin.audit.query({ entityId: setAside.entityId });
    expect(log.rows.map((e) => e.action)).toContain('member.email.setAside');
    expect(await admin.trpc.admin.members.get.query({ memberId: setAside.entityId })).toMatchObject({ firstName: 'Jamie', email: null });

    // The notice to the old address is in the outbox, and its undo link puts the address back.
    const notices = outboxMails(outbox(), oldEmail);
    expect(notices.map((m) => m.subject)).toEqual(['Your e-mail address for Tweed Coast Anglers Club was changed']);
    const undo = /https?:\/\/\S+?\/email-change\?undo=([A-Za-z0-9_-]+)/.exec(notices[0].text)![1];
    const undone = await t.client().mutation('members.undoEmailChange', { token: undo });
    expect([undone.status, undone.body.email]).toEqual([200, oldEmail]);
  });

  it('seeding again reuses the demo instead of adding a second one', async () => {
    const again = await seedDemoClub({ orm: site.orm, objects: site.objects, env });
    expect(again).toMatchObject({ seeded: false, seededOn: first.seededOn });
    expect((await admin.trpc.admin.members.search.query({})).total).toBe(first.counts.members);
    expect((await admin.trpc.admin.events.list.query()).length).toBe(first.counts.events);
    expect((await admin.trpc.admin.sponsors.list.query()).length).toBe(first.counts.sponsors);
  });
});

describe('the demo never goes into a production or real database', () => {
  it('refuses NODE_ENV=production, before touching the database', async () => {
    const site = await freshSite();
    try {
      await expect(seedDemoClub({ orm: site.orm, objects: site.objects, env: { ...env, NODE_ENV: 'production' } })).rejects.toThrow(
        DemoSeedRefused,
      );
      expect(await site.orm.em.fork().count(User, {})).toBe(0);
    } finally {
      await site.close();
    }
    expect(demoEnvironmentRefusal({ NODE_ENV: 'production' }, true)).toMatch(/NODE_ENV is production/);
  });

  it('refuses an external database or bucket unless explicitly allowed', () => {
    expect(demoEnvironmentRefusal({ NODE_ENV: 'development' }, false)).toBeNull();
    expect(demoEnvironmentRefusal({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://club@db.example/club' }, false)).toMatch(
      /DATABASE_URL.*--allow-external-database/s,
    );
    expect(demoEnvironmentRefusal({ NODE_ENV: 'development', S3_BUCKET: 'club-photos' }, false)).toMatch(/S3_BUCKET/);
    expect(demoEnvironmentRefusal({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://club@db.example/club' }, true)).toBeNull();
  });

  it('refuses a database that already has real users, and leaves it as it was', async () => {
    const site = await freshSite();
    try {
      const em = site.orm.em.fork();
      em.create(User, { email: 'secretary@tweedcoastanglers.org.au', firstName: 'Real', lastName: 'Person' });
      await em.flush();
      await expect(seedDemoClub({ orm: site.orm, objects: site.objects, env })).rejects.toThrow(
        /already has real users \(for example secretary@tweedcoastanglers\.org\.au\)/,
      );
      expect(await site.orm.em.fork().count(User, {})).toBe(1);
    } finally {
      await site.close();
    }
  });
});
