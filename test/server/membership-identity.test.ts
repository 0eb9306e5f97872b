import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Member, User } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { joinForm } from '../support/join-form';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

// E-mail addresses belong to whoever proves them: in the join form, in e-mail-only login, in the receipt.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = () => clubToday(t.clock.now());
const form = (overrides: Record<string, unknown> = {}) => joinForm(today(), overrides);

async function joinAndPay(client: TestClient, overrides: Record<string, unknown> = {}) {
  const joined = await client.mutation('members.register', form(overrides));
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const order = await client.json('POST', '/paypal/order', { amount: joined.body.amount, currency: 'AUD', intent: 'CAPTURE' });
  const captured = await client.json('POST', `/paypal/order/${order.body.id}/capture`, {});
  expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  return joined.body;
}

describe('the join form never says whether an address belongs to a member', () => {
  it("answers alike for a current member's, a lapsed member's, an unpaid and an unknown address; the owner is told by e-mail; their record is untouched", async () => {
    const current = await joinAndPay(t.client(), { email: 'current@example.com', firstName: 'Cora' });
    const unpaidBrowser = t.client();
    await unpaidBrowser.mutation('members.register', form({ email: 'unpaid@example.com', firstName: 'Una' }));

    const stranger = t.client();
    const answers: Awaited<ReturnType<TestClient['mutation']>>[] = [];
    for (const email of ['current@example.com', 'unpaid@example.com', 'nobody.yet@example.com']) {
      answers.push(await stranger.mutation('members.register', form({ email, firstName: 'Mal', lastName: 'Lory' })));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const shape = (a: (typeof answers)[number]) => ({ ...a.body, householdId: 'x', memberId: 'x' });
    expect(new Set(answers.map((a) => JSON.stringify(shape(a)))).size).toBe(1);

    // The member's own record is as it was.
    const record = await t.em().findOneOrFail(Member, { id: current.memberId });
    expect(record).toMatchObject({ firstName: 'Cora', status: 'active' });
    // The owner's notice goes out after the answer.
    const notice = await vi.waitFor(() => {
      const sent = t.mail.to('current@example.com').find((m) => m.subject.startsWith('Your e-mail address was used'));
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(notice.subject).toBe('Your e-mail address was used to join Tweed Coast Anglers Club');
    expect(notice.text).toContain('You are already a member');
    expect((await t.mail.waitFor('unpaid@example.com', 1)).text).toContain('You registered before and have not paid yet');
    expect(t.mail.to('nobody.yet@example.com')).toHaveLength(0);
    // The notice's button signs the owner in.
    const owner = t.client();
    await owner.trpc.auth.verifyToken.mutate({ token: linkIn(notice).searchParams.get('token')!, purpose: 'sign_in' });
    expect(await owner.trpc.members.profile.query()).toMatchObject({ firstName: 'Cora', status: 'active' });

    // Trying again and again does not flood the owner's inbox: a few notices a day.
    for (let i = 0; i < 5; i++)
      expect((await t.client().mutation('members.register', form({ email: 'current@example.com' }))).status).toBe(200);
    const notices = () => t.mail.to('current@example.com').filter((m) => m.subject.startsWith('Your e-mail address was used'));
    await vi.waitFor(() => expect(notices()).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 300));
    expect(notices()).toHaveLength(3);
  });
});

describe('the join form answers in the same time for any address', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  it('takes no longer for a known address (its owner is told) than for an unknown one: medians of 15, under 1.5 times', async () => {
    const N = 15;
    const WARM_UP = 3;
    for (let i = 0; i < N + WARM_UP; i++) await t.client().mutation('members.register', form({ email: `timed.known${i}@example.com` }));
    const stranger = t.client();
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await stranger.mutation('members.register', form({ email, firstName: 'Tim', lastName: 'Ing' }));
      const ms = performance.now() - start;
      expect(res.status).toBe(200);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < N + WARM_UP; i++) {
      const k = await timed(`timed.known${i}@example.com`);
      // The owner's notice is on its way before the next measurement starts, so one never slows the other.
      await t.mail.waitFor(`timed.known${i}@example.com`, 1);
      const u = await timed(`timed.unknown${i}@example.com`);
      if (i < WARM_UP) continue;
      known.push(k);
      unknown.push(u);
    }
    const [k, u] = [median(known), median(unknown)];
    expect(k / u, `median ${k.toFixed(1)} ms for known addresses, ${u.toFixed(1)} ms for unknown ones`).toBeLessThan(1.5);
    expect(t.mail.to('timed.unknown0@example.com')).toHaveLength(0);
  });
});

describe('an e-mail address belongs to whoever proves it', () => {
  it("a signed-in account that types someone else's address does not get that membership; the owner can still join and claim it", async () => {
    const typist = await signedInClient(t, 'typist@example.com', { firstName: 'Ty', lastName: 'Pist' });
    const joined = await typist.client.mutation(
      'members.register',
      form({ email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' }),
    );
    expect(joined.status).toBe(200);
    expect(await typist.client.trpc.members.profile.query()).toBeNull();
    const typed = await t.em().findOneOrFail(Member, { id: joined.body.memberId }, { populate: ['user'] });
    expect(typed.user).toBeNull();

    // The owner signs up with her address and joins: her form replaces what was typed with her address.
    const owner = await signedInClient(t, 'owner@example.com', { firstName: 'Olive', lastName: 'Owner' });
    const own = await owner.client.mutation(
      'members.register',
      form({ email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner', shirtSize: 'M' }),
    );
    expect(own.status).toBe(200);
    const profile = await owner.client.trpc.members.profile.query();
    expect(profile).toMatchObject({
      firstName: 'Olive',
      email: 'owner@example.com',
      shirtSize: 'M',
      status: 'pending',
      paymentState: 'awaiting_payment',
    });
  });

  it('the owner of an address takes back a record another account held with it', async () => {
    const owner = await signedInClient(t, 'taken@example.com', { firstName: 'Tia', lastName: 'Ken' });
    const holder = await signedInClient(t, 'holder@example.com', { firstName: 'Hol', lastName: 'Der' });
    // A record with her address held by another account (as the earlier version of the site allowed).
    const joined = await holder.client.mutation(
      'members.register',
      form({ email: 'taken@example.com', firstName: 'Tia', lastName: 'Ken' }),
    );
    const em = t.em();
    const record = await em.findOneOrFail(Member, { id: joined.body.memberId });
    record.user = await em.findOneOrFail(User, { email: 'holder@example.com' });
    await em.flush();

    const claimed = await owner.client.mutation(
      'members.register',
      form({ email: 'taken@example.com', firstName: 'Tia', lastName: 'Ken' }),
    );
    expect(claimed.status).toBe(200);
    expect(claimed.body.memberId).toBe(joined.body.memberId);
    expect(await owner.client.trpc.members.profile.query()).toMatchObject({ firstName: 'Tia', email: 'taken@example.com' });
  });
});

describe("an owner signing up after a stranger's unverified sign-up with their address", () => {
  it("keeps the owner's own typed name: the stranger's name, sign-up and unpaid join are not theirs", async () => {
    const stranger = t.client();
    const joined = await stranger.mutation('members.register', form({ email: 'olive@example.com', firstName: 'Stan', lastName: 'Ger' }));
    expect(joined.status).toBe(200);
    await stranger.trpc.auth.signup.mutate({ email: 'olive@example.com', firstName: 'Stan', lastName: 'Ger' });

    // Later the owner signs up with her address, and opens the link she was sent.
    t.clock.advance(5 * 60_000);
    const owner = t.client();
    const link = await t.mailAfter('olive@example.com', () =>
      owner.trpc.auth.signup.mutate({ email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner' }),
    );
    expect(link.text).toContain("G'day Olive,");
    await owner.trpc.auth.verifyToken.mutate({ token: linkIn(link).searchParams.get('token')!, purpose: 'verify_email' });
    expect(await owner.trpc.auth.me.query()).toMatchObject({ firstName: 'Olive', lastName: 'Owner', emailVerified: true });
    // The join the stranger typed with her address is not put on her account.
    expect(await owner.trpc.members.profile.query()).toBeNull();
    expect(await t.em().findOneOrFail(Member, { id: joined.body.memberId }, { populate: ['user'] })).toMatchObject({
      firstName: 'Stan',
      user: null,
    });

    // She joins with her own details, which replace what was typed with her address.
    const own = await owner.mutation('members.register', form({ email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner' }));
    expect(own.status).toBe(200);
    expect(await owner.trpc.members.profile.query()).toMatchObject({ firstName: 'Olive', lastName: 'Owner', email: 'olive@example.com' });
  });

  it('still puts her own unpaid join on her account when she signs up with the name she joined with', async () => {
    const browser = t.client();
    const joined = await browser.mutation('members.register', form({ email: 'jo.own@example.com', firstName: 'Jo', lastName: 'Own' }));
    const link = await t.mailAfter('jo.own@example.com', () =>
      browser.trpc.auth.signup.mutate({ email: 'jo.own@example.com', firstName: 'jo', lastName: 'OWN' }),
    );
    await browser.trpc.auth.verifyToken.mutate({ token: linkIn(link).searchParams.get('token')!, purpose: 'verify_email' });
    expect(await browser.trpc.members.profile.query()).toMatchObject({ id: joined.body.memberId, firstName: 'Jo' });
  });
});

describe('a visitor who joins and pays gets in with nothing more than their e-mail', () => {
  it('e-mail-only login works for a paid visitor who never made an account, and answers before the mail goes out', async () => {
    await joinAndPay(t.client(), { email: 'walkin@example.com', firstName: 'Wal', lastName: 'Kin' });
    // The receipt's link is one way in; asking for a link at the login form is another.
    t.mail.delayMs = 800;
    try {
      const before = t.mail.to('walkin@example.com').length;
      const known = await t.client().json('POST', '/api/auth/login', { email: 'walkin@example.com' });
      // The answer came while the mail server was still busy with the mail.
      expect(t.mail.to('walkin@example.com')).toHaveLength(before);
      const unknown = await t.client().json('POST', '/api/auth/login', { email: 'never.joined@example.com' });
      expect({ ...known.body, message: known.body.message.replace('walkin@example.com', 'X') }).toEqual({
        ...unknown.body,
        message: unknown.body.message.replace('never.joined@example.com', 'X'),
      });
      const link = linkIn(await t.mail.waitFor('walkin@example.com', before + 1));
      const browser = t.client();
      await browser.trpc.auth.verifyToken.mutate({ token: link.searchParams.get('token')!, purpose: 'sign_in' });
      expect(await browser.trpc.members.profile.query()).toMatchObject({ firstName: 'Wal', status: 'active' });
    } finally {
      t.mail.delayMs = 0;
    }
    expect(t.mail.to('never.joined@example.com')).toHaveLength(0);
  });
});
