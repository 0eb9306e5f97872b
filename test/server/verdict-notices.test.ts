import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Household, Member } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// Every verdict reaches the angler: by push when they have a browser taking them (notifications.test.ts), by e-mail
// otherwise. These anglers have no push subscription, so each verdict comes by e-mail, once.

let t: TestApp;
let admin: TestClient;
let eventId: string;
const EVENT = 'Verdict Cup';

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  eventId = (
    await admin.trpc.admin.events.create.mutate({
      name: EVENT,
      location: 'Tweed River',
      eventDate: `${clubToday(t.clock.now())}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    })
  ).id;
});
afterAll(() => t?.close());

/** An angler without push notifications, and a 31 cm bream of theirs waiting for the judges. */
async function anglerWithCatch(firstName: string) {
  const angler = await createMember(t, { firstName });
  const catchId = await logCatch(t, angler.client, { eventId, memberId: angler.memberId, fishType: 'Bream', size: '31' });
  return { ...angler, catchId };
}

/** Lets any e-mail still on its way arrive, then lists the subjects an address received. */
async function subjects(address: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return t.mail.to(address).map((m) => m.subject);
}

describe('verdicts by e-mail for anglers without push notifications', () => {
  it('e-mails a plain approval, once however often the request is retried', async () => {
    const angler = await anglerWithCatch('Abe');
    const mail = await t.mailAfter(angler.email, () => admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'approve' }));
    expect(mail.subject).toBe(`Your catch was approved: Bream at ${EVENT}`);
    expect(mail.text).toContain('Hi Abe,');
    expect(mail.text).toContain(`The judges approved your Bream (31 cm) at ${EVENT}.`);
    expect(mail.text).toContain('See my catches: http://club.test/member?tab=catches');

    // A retry after a lost answer, a double tap, and two at once: the verdict stands, nobody hears twice.
    await admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'approve' });
    await Promise.all([1, 2, 3].map(() => admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'approve' })));
    expect(await subjects(angler.email)).toEqual([`Your catch was approved: Bream at ${EVENT}`]);
  });

  it('sends one e-mail when two tries of the same verdict arrive at once', async () => {
    const angler = await anglerWithCatch('Cy');
    const reject = { id: angler.catchId, action: 'reject' as const, reason: 'Club code not visible in the photo.' };
    await Promise.all([admin.trpc.admin.catches.judge.mutate(reject), admin.trpc.admin.catches.judge.mutate(reject)]);
    expect(await subjects(angler.email)).toEqual([`Your catch was not accepted: Bream at ${EVENT}`]);
    expect(t.mail.last(angler.email).text).toContain('Their reason: Club code not visible in the photo.');
  });

  it('e-mails a correction with what changed', async () => {
    const angler = await anglerWithCatch('Dee');
    const mail = await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'approve', size: 29.5, fishType: 'Whiting' }),
    );
    expect(mail.subject).toBe(`Your catch was approved with a correction: Bream at ${EVENT}`);
    expect(mail.text).toContain('Size: 31 cm → 29.5 cm');
    expect(mail.text).toContain('Species: Bream → Whiting');
  });

  it('tells the angler a decision is reopened, then the final verdict after the second look', async () => {
    const angler = await anglerWithCatch('Eve');
    await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'reject', reason: 'No club code on the mat.' }),
    );

    const reopened = await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.reopen.mutate({ id: angler.catchId, reason: 'The code is under the fish after all' }),
    );
    expect(reopened.subject).toBe(`The judges are looking again at your catch: Bream at ${EVENT}`);
    expect(reopened.text).toContain(
      `The judges have reopened their decision on your Bream (31 cm) at ${EVENT}, which they had not accepted`,
    );
    expect(reopened.text).toContain('It may count after all: you will hear their decision.');
    // The committee's own reason stays in the audit log.
    expect(reopened.text).not.toContain('under the fish');
    // A retried reopen is refused and tells nobody again.
    await expect(admin.trpc.admin.catches.reopen.mutate({ id: angler.catchId, reason: 'Again' })).rejects.toThrow(
      'This catch is already waiting for the judges',
    );

    const final = await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.judge.mutate({ id: angler.catchId, action: 'approve', size: 30.5 }),
    );
    expect(final.subject).toBe(`After a second look, your catch was approved with a correction: Bream at ${EVENT}`);
    expect(final.text).toContain('After a second look, the judges approved your catch');
    expect(final.text).toContain('Size: 31 cm → 30.5 cm');
    expect(await subjects(angler.email)).toEqual([
      `Your catch was not accepted: Bream at ${EVENT}`,
      `The judges are looking again at your catch: Bream at ${EVENT}`,
      `After a second look, your catch was approved with a correction: Bream at ${EVENT}`,
    ]);

    // Reopening an approval says it no longer counts for now.
    const again = await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.reopen.mutate({ id: angler.catchId, reason: 'Size to be checked on the mat' }),
    );
    expect(again.text).toContain('which they had approved');
    expect(again.text).toContain('Until they decide again it does not count towards the results.');
  });

  it("tells a junior's household through its primary member, naming the junior", async () => {
    const parent = await createMember(t, { firstName: 'Dan', membershipType: 'family' });
    const em = t.em();
    const junior = em.create(Member, {
      household: em.getReference(Household, parent.householdId),
      isPrimary: false,
      firstName: 'Mia',
      lastName: 'Member',
      email: null,
      dateOfBirth: addYears(clubToday(t.clock.now()), -10),
      membershipType: 'junior',
      status: 'active',
      expiryDate: addYears(clubToday(t.clock.now()), 1),
    });
    await em.flush();
    const catchId = await logCatch(t, parent.client, { eventId, memberId: junior.id, fishType: 'Tailor', size: '33' });
    const mail = await t.mailAfter(parent.email, () => admin.trpc.admin.catches.judge.mutate({ id: catchId, action: 'approve' }));
    expect(mail.subject).toBe(`Mia's catch was approved: Tailor at ${EVENT}`);
    expect(mail.text).toContain('Hi Dan,');
    expect(mail.text).toContain(`The judges approved Mia's Tailor (33 cm) at ${EVENT}.`);
  });

  it('refuses a verdict on a catch that does not exist with 404, and bad input with 400, and e-mails nobody', async () => {
    const before = t.mail.messages.length;
    const missing = await admin.mutation('admin.catches.judge', { id: '00000000-0000-4000-8000-000000000000', action: 'approve' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That catch does not exist.');
    const bad = await admin.mutation('admin.catches.judge', { id: 'not-a-catch', action: 'approve' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('That is not a valid catch id.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.messages.length).toBe(before);
  });
});
