import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Member, User } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { createMember } from '../support/factories';
import { joinForm } from '../support/join-form';
import type { ReceivedMail } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// Changing the address one signs in with: who is asking, what happens to the sessions, and the way back.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'correct horse battery';
type Mail = ReceivedMail;
/** The /email-change link of a mail, its whole query included. */
const changeLink = (mail: Mail) => new URL(/https?:\/\/\S+?\/email-change\?\S+/.exec(mail.text)![0]);
const tokenOf = (mail: Mail, param = 'token') => changeLink(mail).searchParams.get(param)!;
const signedIn = async (client: TestClient) => (await client.trpc.auth.me.query()) !== null;
const audits = (entityId: string, action: string) => t.em().find(AuditLog, { entityId, action }, { orderBy: { id: 'asc' } });
const user = (id: string) => t.em().findOneOrFail(User, { id });

/** A member with a password, signed in on two devices. */
async function memberWithPassword(email: string) {
  const member = await createMember(t, { email, firstName: 'Paz' });
  await member.client.trpc.auth.setPassword.mutate({ newPassword: PASSWORD });
  const phone = t.client();
  await phone.trpc.auth.login.mutate({ email, password: PASSWORD });
  return { ...member, phone };
}

describe('a member with a password changes their login e-mail', () => {
  it('asks for the password first; a missing or wrong one changes nothing and sends nothing', async () => {
    const paz = await memberWithPassword('paz@example.com');
    const before = t.mail.messages.length;
    const missing = await paz.client.mutation('memberDetails.requestEmailChange', { email: 'paz.new@example.com' });
    expect([missing.status, missing.body.message]).toEqual([400, 'Please enter your current password.']);
    const wrong = await paz.client.mutation('memberDetails.requestEmailChange', {
      email: 'paz.new@example.com',
      currentPassword: 'not it at all',
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Your current password is incorrect.']);
    expect((await paz.client.trpc.memberDetails.household.query()).pendingEmail).toBeNull();
    expect(t.mail.messages.length).toBe(before);
  });

  it('ends every other session once confirmed, keeps the confirming browser, and tells the old address with an undo link', async () => {
    const paz = await memberWithPassword('paz2@example.com');
    const link = await t.mailAfter('paz2.new@example.com', () =>
      paz.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'paz2.new@example.com', currentPassword: PASSWORD }),
    );
    expect((await paz.client.trpc.memberDetails.household.query()).pendingEmail).toMatchObject({ step: 'new_address' });
    // Asking changed nothing yet: both devices are still signed in.
    expect([await signedIn(paz.client), await signedIn(paz.phone)]).toEqual([true, true]);

    const notice = await t.mailAfter('paz2@example.com', async () => {
      const res = await paz.client.mutation('members.confirmEmailChange', { token: tokenOf(link) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: 'paz2.new@example.com', changed: true });
    });
    expect((await user(paz.userId)).email).toBe('paz2.new@example.com');
    expect(await signedIn(paz.client)).toBe(true);
    expect(await signedIn(paz.phone)).toBe(false);

    expect(notice.subject).toBe('Your e-mail address for Tweed Coast Anglers Club was changed');
    expect(notice.text).toContain('The undo link works for 7 days, even if the address is changed again in the meantime.');
    const undo = changeLink(notice);
    expect(undo.pathname).toBe('/email-change');
    expect(undo.searchParams.get('undo')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await audits(paz.memberId, 'member.emailChange.confirm'))[0].after).toMatchObject({ sessionsEnded: true });
    expect((await audits(paz.memberId, 'member.emailChange.request'))[0].after).toMatchObject({ provedBy: 'password' });
  });
});

describe('a member without a password changes their login e-mail', () => {
  it('proves it is them through a link to the current address first; then the new address confirms; every session ends', async () => {
    const sky = await createMember(t, { email: 'sky@example.com', firstName: 'Sky' });
    const newBefore = t.mail.to('sky.new@example.com').length;
    const check = await t.mailAfter('sky@example.com', async () => {
      const res = await sky.client.mutation('memberDetails.requestEmailChange', { email: 'sky.new@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'To make sure it is you, we have sent a link to sky@example.com. Open it, and we then send the confirmation link to sky.new@example.com.',
      );
    });
    expect(check.subject).toBe('Is it you changing your e-mail address for Tweed Coast Anglers Club?');
    expect(changeLink(check).searchParams.get('step')).toBe('identity');
    expect(t.mail.to('sky.new@example.com')).toHaveLength(newBefore);
    expect((await sky.client.trpc.memberDetails.household.query()).pendingEmail).toMatchObject({ step: 'identity' });

    // Opened from the mailbox (another browser): it proves who asked and sends the link to the new address.
    const confirmLink = await t.mailAfter('sky.new@example.com', async () => {
      const res = await t.client().mutation('members.confirmEmailChange', { token: tokenOf(check) });
      expect(res.body).toMatchObject({ changed: false, email: 'sky.new@example.com' });
    });
    expect((await user(sky.userId)).email).toBe('sky@example.com');
    // The first link is spent.
    expect((await t.client().mutation('members.confirmEmailChange', { token: tokenOf(check) })).status).toBe(400);

    await t.mailAfter('sky@example.com', () => t.client().mutation('members.confirmEmailChange', { token: tokenOf(confirmLink) }));
    expect((await user(sky.userId)).email).toBe('sky.new@example.com');
    // Confirmed from another browser: the member's own session ended too.
    expect(await signedIn(sky.client)).toBe(false);
  });
});

describe("a committee member's own login e-mail", () => {
  it('is not changed from the members list, where nothing asks for the password: the profile is the place, and nothing is saved', async () => {
    const ada = await createMember(t, { email: 'ada.admin@example.com', firstName: 'Ada', role: 'admin' });
    const r = await ada.client.trpc.admin.members.get.query({ memberId: ada.memberId });
    const res = await ada.client.mutation('admin.members.update', {
      id: r.id,
      firstName: 'Adaline',
      lastName: r.lastName,
      email: 'ada.elsewhere@example.com',
      phone: r.phone,
      address: r.address,
      membershipType: r.membershipType,
      status: r.status,
      expiryDate: r.expiryDate,
    });
    expect([res.status, res.body.message]).toEqual([
      400,
      'Change your own sign-in address from your profile (Profile → Change e-mail), where it asks for your password first.',
    ]);
    expect(await t.em().findOneOrFail(Member, { id: ada.memberId })).toMatchObject({ firstName: 'Ada', email: 'ada.admin@example.com' });
    expect(t.mail.to('ada.elsewhere@example.com')).toHaveLength(0);
  });
});

describe("the old address's undo link", () => {
  it('restores the old address for 7 days, ends the sessions again and removes the password; pressing again does nothing more', async () => {
    const paz = await memberWithPassword('undo@example.com');
    const link = await t.mailAfter('undo.new@example.com', () =>
      paz.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'undo.new@example.com', currentPassword: PASSWORD }),
    );
    const notice = await t.mailAfter('undo@example.com', () => paz.client.mutation('members.confirmEmailChange', { token: tokenOf(link) }));
    expect(await signedIn(paz.client)).toBe(true);

    t.clock.advance(6 * 86_400_000);
    const undone = await t.client().mutation('members.undoEmailChange', { token: tokenOf(notice, 'undo') });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({
      message:
        'Your e-mail address is undo@example.com again, and every device signed in to your account has been signed out. Sign in with a link to undo@example.com, then set a new password in Settings.',
      email: 'undo@example.com',
    });
    const account = await user(paz.userId);
    expect([account.email, account.passwordHash]).toEqual(['undo@example.com', null]);
    expect((await t.em().findOneOrFail(Member, { id: paz.memberId })).email).toBe('undo@example.com');
    expect(await signedIn(paz.client)).toBe(false);
    await expect(t.client().trpc.auth.login.mutate({ email: 'undo.new@example.com', password: PASSWORD })).rejects.toThrow(
      'Invalid email or password.',
    );
    expect((await audits(paz.memberId, 'member.emailChange.undo'))[0].after).toMatchObject({
      email: 'undo@example.com',
      sessionsEnded: true,
    });

    // Safe to press again: the same answer, nothing done twice.
    const again = await t.client().mutation('members.undoEmailChange', { token: tokenOf(notice, 'undo') });
    expect(again.body).toEqual(undone.body);
    expect(await audits(paz.memberId, 'member.emailChange.undo')).toHaveLength(1);
    // The owner signs in with a link to the old address.
    await t.mailAfter('undo@example.com', () => t.client().trpc.auth.login.mutate({ email: 'undo@example.com' }));
  });

  it('stops working after 7 days, and refuses a made-up token', async () => {
    const ivy = await createMember(t, { email: 'ivy@example.com', firstName: 'Ivy' });
    await ivy.client.trpc.auth.setPassword.mutate({ newPassword: PASSWORD });
    const link = await t.mailAfter('ivy.new@example.com', () =>
      ivy.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'ivy.new@example.com', currentPassword: PASSWORD }),
    );
    const notice = await t.mailAfter('ivy@example.com', () => ivy.client.mutation('members.confirmEmailChange', { token: tokenOf(link) }));
    t.clock.advance(7 * 86_400_000 + 1000);
    const late = await t.client().mutation('members.undoEmailChange', { token: tokenOf(notice, 'undo') });
    expect([late.status, late.body.message]).toEqual([400, expect.stringContaining('This undo link has expired.')]);
    expect((await user(ivy.userId)).email).toBe('ivy.new@example.com');
    const madeUp = await t.client().mutation('members.undoEmailChange', { token: 'x'.repeat(43) });
    expect([madeUp.status, madeUp.body.message]).toEqual([400, 'This undo link is invalid.']);
  });
});

describe('an account taken over and moved on again', () => {
  it("is restored by the first address's undo link: A→B→C undone from A, the later undo link and a waiting change called off", async () => {
    const owner = await memberWithPassword('first@example.com');
    // Someone who knows the password moves the login to B, then on to C, and asks for D.
    const toB = await t.mailAfter('second@example.com', () =>
      owner.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'second@example.com', currentPassword: PASSWORD }),
    );
    const noticeToA = await t.mailAfter('first@example.com', () =>
      owner.client.mutation('members.confirmEmailChange', { token: tokenOf(toB) }),
    );
    t.clock.advance(3_600_000);
    const toC = await t.mailAfter('third@example.com', () =>
      owner.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'third@example.com', currentPassword: PASSWORD }),
    );
    const noticeToB = await t.mailAfter('second@example.com', () =>
      owner.client.mutation('members.confirmEmailChange', { token: tokenOf(toC) }),
    );
    expect((await user(owner.userId)).email).toBe('third@example.com');
    t.clock.advance(3_600_000);
    const toD = await t.mailAfter('fourth@example.com', () =>
      owner.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'fourth@example.com', currentPassword: PASSWORD }),
    );

    // Two days later the owner reads the notice at A and presses its undo link.
    t.clock.advance(2 * 86_400_000);
    const undone = await t.client().mutation('members.undoEmailChange', { token: tokenOf(noticeToA, 'undo') });
    expect([undone.status, undone.body.email]).toEqual([200, 'first@example.com']);
    const account = await user(owner.userId);
    expect([account.email, account.passwordHash]).toEqual(['first@example.com', null]);
    expect((await t.em().findOneOrFail(Member, { id: owner.memberId })).email).toBe('first@example.com');
    expect(await signedIn(owner.client)).toBe(false);
    expect((await audits(owner.memberId, 'member.emailChange.undo'))[0].before).toEqual({
      email: 'third@example.com',
      accountEmail: 'third@example.com',
    });

    // The change waiting for D is called off, and B's undo link cannot take the account back from its owner.
    const late = await t.client().mutation('members.confirmEmailChange', { token: tokenOf(toD) });
    expect([late.status, late.body.message]).toEqual([400, 'This link was withdrawn: a newer one was sent, or the change was cancelled.']);
    const back = await t.client().mutation('members.undoEmailChange', { token: tokenOf(noticeToB, 'undo') });
    expect([back.status, back.body.message]).toEqual([
      400,
      expect.stringContaining('This undo link no longer works: an earlier address of this account was restored since.'),
    ]);
    expect((await user(owner.userId)).email).toBe('first@example.com');
    expect(await audits(owner.memberId, 'member.emailChange.undo')).toHaveLength(1);
    // The owner signs in with a link to A.
    await t.mailAfter('first@example.com', () => t.client().trpc.auth.login.mutate({ email: 'first@example.com' }));
  });
});

describe('an address is reserved only by whoever proved it', () => {
  it("a stranger's unpaid join and unverified sign-up with an address do not stop its owner moving their login to it; the join is set aside for the committee", async () => {
    const joined = await t
      .client()
      .mutation('members.register', joinForm(clubToday(t.clock.now()), { email: 'claim@example.com', firstName: 'Stan' }));
    expect(joined.status).toBe(200);
    await t.client().trpc.auth.signup.mutate({ email: 'claim@example.com', firstName: 'Stan', lastName: 'Ger' });
    const stray = await t.em().findOneOrFail(User, { email: 'claim@example.com' });

    const owner = await createMember(t, { email: 'claim.old@example.com', firstName: 'Cleo' });
    await owner.client.trpc.auth.setPassword.mutate({ newPassword: PASSWORD });
    const asked = await owner.client.mutation('memberDetails.requestEmailChange', {
      email: 'claim@example.com',
      currentPassword: PASSWORD,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const link = await t.mail.waitFor('claim@example.com', t.mail.to('claim@example.com').length);
    const confirmed = await owner.client.mutation('members.confirmEmailChange', { token: tokenOf(link) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    expect((await user(owner.userId)).email).toBe('claim@example.com');
    expect(await t.em().findOne(User, { id: stray.id })).toBeNull();
    expect((await t.em().findOneOrFail(Member, { id: joined.body.memberId })).email).toBeNull();
    const [setAside] = await audits(joined.body.memberId!, 'member.email.setAside');
    expect(setAside.before).toEqual({ email: 'claim@example.com' });
    expect(setAside.after).toMatchObject({ email: null, claimedBy: owner.memberId, note: expect.stringContaining('for the committee') });
  });

  it('a paid membership or a verified account with the address still holds it', async () => {
    await createMember(t, { email: 'held@example.com', signedIn: false });
    const owner = await createMember(t, { email: 'held.other@example.com' });
    const res = await owner.client.mutation('memberDetails.requestEmailChange', { email: 'held@example.com' });
    expect(res.status).toBe(409);
  });
});
