import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, User } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { createAdmin, createEvent, createMember, enterEvent } from '../support/factories';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** An adult member with a junior and a second adult in the household. */
async function family() {
  const adult = await createMember(t, { firstName: 'Dana', lastName: 'Reef' });
  const em = t.em();
  const household = await em.findOneOrFail(Household, { id: adult.householdId });
  const today = clubToday(t.clock.now());
  const base = {
    household,
    email: null,
    gender: 'male' as const,
    shirtSize: 'S' as const,
    status: 'active' as const,
    memberSince: today,
    expiryDate: addYears(today, 1),
  };
  const junior = em.create(Member, {
    ...base,
    firstName: 'Kit',
    lastName: 'Reef',
    dateOfBirth: addYears(today, -10),
    membershipType: 'junior',
    phone: null,
    address: null,
  });
  const partner = em.create(Member, {
    ...base,
    firstName: 'Lee',
    lastName: 'Reef',
    dateOfBirth: '1979-01-01',
    membershipType: 'adult',
    phone: '0411 111 111',
    address: '9 Private Rd, Bogangar NSW 2488',
  });
  await em.flush();
  return { adult, juniorId: junior.id, partnerId: partner.id };
}

const audits = (memberId: string) => t.em().find(AuditLog, { entityType: 'Member', entityId: memberId }, { orderBy: { id: 'asc' } });

describe('a member keeps their own details', () => {
  it('changes phone, address and shirt size, audited before and after; the same values again record nothing', async () => {
    const { adult } = await family();
    const input = { memberId: adult.memberId, phone: '0455 123 456', address: '3 Coral St, Kingscliff NSW 2487', shirtSize: 'L' as const };
    const view = await adult.client.trpc.memberDetails.update.mutate(input);
    expect(view).toMatchObject({ phone: '0455 123 456', address: '3 Coral St, Kingscliff NSW 2487', shirtSize: 'L', editable: true });
    expect(await adult.client.trpc.members.profile.query()).toMatchObject({ phone: '0455 123 456', shirtSize: 'L' });
    const [entry] = await audits(adult.memberId);
    expect(entry).toMatchObject({
      action: 'member.details.self',
      before: { phone: '0400 000 000', shirtSize: 'M' },
      after: { phone: '0455 123 456', shirtSize: 'L' },
    });
    await adult.client.trpc.memberDetails.update.mutate(input);
    expect(await audits(adult.memberId)).toHaveLength(1);
  });

  it('refuses a bad phone number with the field named, and changes nothing', async () => {
    const { adult } = await family();
    const res = await adult.client.mutation('memberDetails.update', {
      memberId: adult.memberId,
      phone: 'call me',
      address: null,
      shirtSize: 'M',
    });
    expect(res.status).toBe(400);
    expect(res.fieldErrors).toHaveProperty('phone');
    expect((await t.em().findOneOrFail(Member, { id: adult.memberId })).phone).toBe('0400 000 000');
  });
});

describe("a household's adult keeps the juniors' emergency contact and medical notes", () => {
  it('sees the household with standing and expiry, edits a junior, and does not see the other adult’s contact details', async () => {
    const { adult, juniorId, partnerId } = await family();
    const household = await adult.client.trpc.memberDetails.household.query();
    expect(household.people.map((p) => [p.firstName, p.status, p.editable])).toEqual([
      ['Dana', 'active', true],
      ['Kit', 'active', true],
      ['Lee', 'active', false],
    ]);
    expect(household.people[2]).toMatchObject({ phone: null, address: null, expiryDate: addYears(clubToday(t.clock.now()), 1) });

    await adult.client.trpc.memberDetails.update.mutate({
      memberId: juniorId,
      phone: null,
      address: null,
      shirtSize: 'XS',
      emergencyContact: { name: 'Gran Reef', phone: '07 5555 1234', relationship: 'Grandmother' },
      medicalNotes: 'Asthma: blue puffer in the tackle box.',
    });
    const kit = await t.em().findOneOrFail(Member, { id: juniorId });
    expect(kit).toMatchObject({
      emergencyContactName: 'Gran Reef',
      emergencyContactPhone: '07 5555 1234',
      medicalNotes: 'Asthma: blue puffer in the tackle box.',
    });
    expect((await audits(juniorId))[0]).toMatchObject({
      action: 'member.details.household',
      after: { emergencyContactRelationship: 'Grandmother' },
    });

    // The committee sees them at the sign-on desk on competition day; an adult entrant shows none.
    const event = await createEvent(t);
    await enterEvent(t, event.id, juniorId);
    await enterEvent(t, event.id, adult.memberId);
    const { client: committee } = await createAdmin(t);
    const desk = await committee.trpc.admin.signOn.list.query({ id: event.id });
    const care = Object.fromEntries(desk.entrants.map((e) => [e.memberId, e.juniorCare]));
    expect(care[juniorId]).toEqual({
      emergencyContact: { name: 'Gran Reef', phone: '07 5555 1234', relationship: 'Grandmother' },
      medicalNotes: 'Asthma: blue puffer in the tackle box.',
    });
    expect(care[adult.memberId]).toBeNull();

    const other = await adult.client.mutation('memberDetails.update', {
      memberId: partnerId,
      phone: '0400 999 999',
      address: null,
      shirtSize: 'M',
    });
    expect(other.status).toBe(403);
    const stranger = await createMember(t);
    const notMine = await stranger.client.mutation('memberDetails.update', {
      memberId: juniorId,
      phone: null,
      address: null,
      shirtSize: 'M',
      medicalNotes: 'x',
    });
    expect(notMine.status).toBe(403);
    const adultNotes = await adult.client.mutation('memberDetails.update', {
      memberId: adult.memberId,
      phone: null,
      address: null,
      shirtSize: 'M',
      medicalNotes: 'None',
    });
    expect([adultNotes.status, adultNotes.body.message]).toEqual([400, 'Emergency contacts and medical notes are kept for juniors.']);
  });
});

describe("a member's login e-mail", () => {
  it('changes only once the new address is confirmed from the link sent to it', async () => {
    const member = await createMember(t, { email: 'sam.old@example.com', firstName: 'Sam' });
    // Without a password, a link to the current address proves it is Sam asking; then the new address hears.
    const check = await t.mailAfter('sam.old@example.com', () =>
      member.client.trpc.memberDetails.requestEmailChange.mutate({ email: 'Sam.New@example.com' }),
    );
    const mail = await t.mailAfter('sam.new@example.com', () =>
      t.client().mutation('members.confirmEmailChange', { token: linkIn(check).searchParams.get('token')! }),
    );
    expect((await member.client.trpc.memberDetails.household.query()).pendingEmail).toMatchObject({ newEmail: 'sam.new@example.com' });
    expect((await t.em().findOneOrFail(User, { id: member.userId })).email).toBe('sam.old@example.com');
    const token = linkIn(mail).searchParams.get('token')!;
    expect((await t.client().mutation('members.confirmEmailChange', { token })).status).toBe(200);
    expect((await t.em().findOneOrFail(User, { id: member.userId })).email).toBe('sam.new@example.com');
    // Confirmed from another browser: every session of Sam's account has ended, this one included.
    expect(await member.client.trpc.auth.me.query()).toBeNull();
  });

  it("refuses another person's address", async () => {
    await createMember(t, { email: 'taken@example.com', signedIn: false });
    const member = await createMember(t);
    const res = await member.client.mutation('memberDetails.requestEmailChange', { email: 'taken@example.com' });
    expect(res.status).toBe(409);
  });
});
