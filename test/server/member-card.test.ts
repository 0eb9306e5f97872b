import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, MemberCard } from '../../src/server/db/entities';
import { RATE_RULES } from '../../src/server/platform/rate-limit.service';
import { addDays, addYears, clubToday } from '../../src/shared/dates';
import { createMember } from '../support/factories';
import { PUBLIC_URL, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ rateRules: { cardVerifyPerIp: { ...RATE_RULES.cardVerifyPerIp, limit: 5 } } });
});
afterAll(async () => {
  await t?.close();
});

/** The code in a card's QR address. */
const codeOf = (verifyUrl: string) => {
  const match = new RegExp(`^${PUBLIC_URL}/verify/([A-Za-z0-9_-]+)$`).exec(verifyUrl);
  if (!match) throw new Error(`Not a verify address: ${verifyUrl}`);
  return match[1];
};
/** What /verify shows, asked as a stranger would (no session, an address of its own: the limit is per address). */
const verify = (code: string, ip?: string) => t.client(ip).trpc.verify.card.query({ code });

async function junior(householdId: string, firstName: string) {
  const em = t.em();
  const today = clubToday(t.clock.now());
  const member = em.create(Member, {
    household: em.getReference(Household, householdId),
    isPrimary: false,
    firstName,
    lastName: 'Newman',
    dateOfBirth: addYears(today, -11),
    membershipType: 'junior',
    status: 'active',
    memberSince: today,
    expiryDate: addYears(today, 1),
  });
  await em.flush();
  return member.id;
}

describe('the membership card', () => {
  it('shows the member their name, type, expiry and a QR address that stays the same; the code itself is not stored', async () => {
    const { client, memberId } = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const { cards } = await client.trpc.memberCard.mine.query();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      memberId,
      own: true,
      name: 'Casey Newman',
      membershipType: 'adult',
      status: 'active',
      expiryDate: addYears(clubToday(t.clock.now()), 1),
      suspendedUntil: null,
    });
    const code = codeOf(cards[0].verifyUrl);
    // 24 characters of base64url: 144 bits.
    expect(code).toHaveLength(24);
    expect((await client.trpc.memberCard.mine.query()).cards[0].verifyUrl).toBe(cards[0].verifyUrl);

    const row = await t.em().findOneOrFail(MemberCard, { member: memberId });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists the household juniors’ cards after the member’s own, and nobody else’s', async () => {
    const adult = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const sam = await junior(adult.householdId, 'Sam');
    await createMember(t, { firstName: 'Other', lastName: 'Household' });
    const { cards } = await adult.client.trpc.memberCard.mine.query();
    expect(cards.map((c) => [c.name, c.own, c.membershipType])).toEqual([
      ['Casey Newman', true, 'adult'],
      ['Sam Newman', false, 'junior'],
    ]);
    expect(cards[1].memberId).toBe(sam);
    expect(await verify(codeOf(cards[1].verifyUrl))).toMatchObject({ current: true, name: 'Sam Newman' });
  });

  it('has no card before the membership is paid', async () => {
    const { client } = await createMember(t, { status: 'pending' });
    expect(await client.trpc.memberCard.mine.query()).toEqual({ cards: [] });
  });

  it('is asked for with a session', async () => {
    const res = await t.client().mutation('memberCard.reissue', { memberId: randomBytes(16).toString('hex') });
    expect(res.status).toBe(401);
  });
});

describe('/verify', () => {
  it('says Current member with the name only: nothing else personal', async () => {
    const { client } = await createMember(t, { firstName: 'Casey', lastName: 'Newman', email: 'casey.newman@example.com' });
    const code = codeOf((await client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    const res = await t.client().json('GET', `/trpc/verify.card?input=${encodeURIComponent(JSON.stringify({ code }))}`);
    expect(res.status).toBe(200);
    const answer = res.body.result!.data;
    expect(Object.keys(answer).sort()).toEqual(['checkedAt', 'current', 'name']);
    expect(answer).toMatchObject({ current: true, name: 'Casey Newman' });
    const text = JSON.stringify(res.body);
    for (const personal of ['casey.newman@example.com', 'River St', '0400', '1980', 'adult'])
      expect(text.toLowerCase()).not.toContain(personal.toLowerCase());
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says Not a current member once the membership has lapsed, or the committee has ended or suspended it', async () => {
    const lapsed = await createMember(t, { firstName: 'Lapsed', lastName: 'Angler', status: 'expired' });
    const lapsedCode = codeOf((await lapsed.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    expect(await verify(lapsedCode)).toMatchObject({ current: false, name: 'Lapsed Angler' });

    // Current until the expiry date passes: the card stops verifying by itself the day after.
    const ending = await createMember(t, { firstName: 'Ending', lastName: 'Soon' });
    const em = t.em();
    const endingMember = await em.findOneOrFail(Member, { id: ending.memberId });
    endingMember.expiryDate = clubToday(t.clock.now());
    await em.flush();
    const endingCode = codeOf((await ending.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    expect(await verify(endingCode)).toMatchObject({ current: true, name: 'Ending Soon' });
    t.clock.advance(24 * 3600_000);
    expect(await verify(endingCode)).toMatchObject({ current: false, name: 'Ending Soon' });

    const cancelled = await createMember(t, { firstName: 'Cancelled', lastName: 'Angler' });
    const cancelledCode = codeOf((await cancelled.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    await em.nativeUpdate(Member, { id: cancelled.memberId }, { status: 'expired' });
    expect(await verify(cancelledCode)).toMatchObject({ current: false, name: 'Cancelled Angler' });

    const suspended = await createMember(t, { firstName: 'Suspended', lastName: 'Angler' });
    const suspendedCode = codeOf((await suspended.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    await em.nativeUpdate(Member, { id: suspended.memberId }, { suspendedUntil: addDays(clubToday(t.clock.now()), 30) });
    expect(await verify(suspendedCode)).toMatchObject({ current: false, name: 'Suspended Angler' });
    expect((await suspended.client.trpc.memberCard.mine.query()).cards[0].suspendedUntil).toBe(addDays(clubToday(t.clock.now()), 30));

    // A deleted member's card is gone with them: their code reads as one never issued.
    const deleted = await createMember(t, { firstName: 'Deleted', lastName: 'Angler' });
    const deletedCode = codeOf((await deleted.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    await em.nativeDelete(Member, { id: deleted.memberId });
    expect(await verify(deletedCode)).toMatchObject({ current: false, name: null });
  });

  it('answers a guessed, malformed or unknown code the same neutral way: no name, the same fields', async () => {
    const guessed = await verify(randomBytes(18).toString('base64url'));
    const malformed = await verify('not-a-card');
    const empty = await verify('');
    for (const answer of [guessed, malformed, empty]) {
      expect(Object.keys(answer).sort()).toEqual(['checkedAt', 'current', 'name']);
      expect(answer).toMatchObject({ current: false, name: null });
    }
  });

  it('refuses the old code once the card is reissued, and the new one verifies; the reissue is audited', async () => {
    const { client, memberId } = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const old = codeOf((await client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    const reissued = await client.trpc.memberCard.reissue.mutate({ memberId });
    const fresh = codeOf(reissued.verifyUrl);
    expect(fresh).not.toBe(old);
    expect(await verify(old)).toMatchObject({ current: false, name: null });
    expect(await verify(fresh)).toMatchObject({ current: true, name: 'Casey Newman' });
    expect((await client.trpc.memberCard.mine.query()).cards[0].verifyUrl).toBe(reissued.verifyUrl);
    const audit = await t.em().findOneOrFail(AuditLog, { action: 'card.reissue', entityId: memberId });
    expect(audit.before).toMatchObject({ serial: 1 });
    expect(audit.after).toMatchObject({ serial: 2 });
  });

  it('lets nobody reissue a card outside their household: it reads as not found', async () => {
    const mine = await createMember(t);
    const other = await createMember(t, { firstName: 'Other', lastName: 'Person' });
    const otherCode = codeOf((await other.client.trpc.memberCard.mine.query()).cards[0].verifyUrl);
    const res = await mine.client.mutation('memberCard.reissue', { memberId: other.memberId });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('You can see the cards of your own household only.');
    expect(await verify(otherCode)).toMatchObject({ current: true, name: 'Other Person' });
  });

  it('is rate limited per address like the other public endpoints', async () => {
    const ip = '10.250.1.1';
    for (let i = 0; i < 5; i++) await verify(randomBytes(18).toString('base64url'), ip);
    const res = await t.client(ip).json('GET', `/trpc/verify.card?input=${encodeURIComponent(JSON.stringify({ code: 'x' }))}`);
    expect(res.status).toBe(429);
    expect(res.body.error!.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(res.body.error!.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
