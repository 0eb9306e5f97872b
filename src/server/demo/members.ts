/* Step 1: households join and pay (online with the demo provider, some renewals by hand), the logins get passwords; and, last of all, lapsed memberships expire. */
import { randomUUID } from 'node:crypto';
import { recordPaymentInput, refundPaymentInput } from '../../shared/admin-payments.schema';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../shared/club-example';
import { acceptedVersions } from '../../shared/documents';
import { addDays, addYears, clubToday, type IsoDate } from '../../shared/dates';
import { registrationInput, type RegistrationResult } from '../../shared/members.schema';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { Member, Payment, User } from '../db/entities';
import { DEMO_DOMAIN, DEMO_LOGINS, HOUSEHOLDS, type DemoHousehold, type DemoPerson } from './demo-data';
import { hhmm, type DemoContext } from './context';
import type { SeededHousehold } from './context';

function birthDate(demo: DemoContext, born: DemoHousehold['born']): IsoDate {
  if (typeof born === 'string') return born;
  return addDays(addYears(demo.today, -born.age), -demo.rng.int(20, 300));
}

function emailOf(demo: DemoContext, plan: DemoHousehold): string {
  if (plan.login) return DEMO_LOGINS[plan.login].email;
  return `${plan.firstName}.${plan.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${DEMO_DOMAIN}`;
}

/** A household's people as the join form has them: the one joining first, each with a date of birth. */
type Person = DemoPerson & { dateOfBirth: IsoDate };

/** A household just through the join form: what its payments need. */
interface Joined {
  plan: DemoHousehold;
  email: string;
  actor: Actor;
  registration: RegistrationResult;
  joinedAt: Date;
}

export async function seedMembers(demo: DemoContext) {
  for (const plan of HOUSEHOLDS) {
    const seeded = await seedHousehold(demo, plan);
    demo.households.push(seeded);
    if (plan.login === 'admin') demo.admin = seeded;
    if (plan.login === 'member') demo.member = seeded;
  }
  await setLoginPasswords(demo);
}

/** One household: its account, the join form, its payments (and a refund), then what the form does not ask. */
async function seedHousehold(demo: DemoContext, plan: DemoHousehold): Promise<SeededHousehold> {
  const expiresOn = plan.state === 'member' ? addDays(demo.today, plan.expiresIn!) : null;
  const payments: IsoDate[] = expiresOn
    ? plan.isNew
      ? [addYears(expiresOn, -1)]
      : [addYears(expiresOn, -2), addDays(addYears(expiresOn, -1), -demo.rng.int(0, 14))]
    : [];
  const joinDay = payments[0] ?? addDays(demo.today, -plan.registeredDaysAgo!);
  const email = emailOf(demo, plan);

  const user = await createAccount(demo, plan, email, joinDay);
  const actor = demo.actor(user);

  const people = [{ ...plan }, ...(plan.others ?? [])].map((p) => ({ ...p, dateOfBirth: birthDate(demo, p.born) }));
  const joinedAt = demo.local(joinDay, hhmm(demo.rng.int(7 * 60, 21 * 60)));
  const registration = await demo.at(joinedAt, () => join(demo, actor, plan, email, people));
  const joined: Joined = { plan, email, actor, registration, joinedAt };

  for (const [i, day] of payments.entries()) await payMembership(demo, joined, i, day);
  if (plan.refunded) await refundLastPayment(demo, registration.householdId, joinDay, plan.refunded);

  const members = await completeMembers(demo, plan, people, registration.householdId, joinedAt);
  // A refund that ended the membership ended it the day before the refund.
  const endedOn = plan.refunded ? addDays(joinDay, 11) : expiresOn;
  return {
    plan,
    user,
    actor,
    primary: members[0],
    members,
    joinedOn: payments[0] ?? null,
    expiresOn: endedOn,
  };
}

/** The account, made (its address confirmed) the evening before the household joins. */
async function createAccount(demo: DemoContext, plan: DemoHousehold, email: string, joinDay: IsoDate): Promise<User> {
  return demo.at(demo.local(addDays(joinDay, -1), hhmm(demo.rng.int(18 * 60, 21 * 60))), async () => {
    const now = demo.clock.now();
    return demo.em.create(User, {
      email,
      firstName: plan.firstName,
      lastName: plan.lastName,
      role: 'member',
      passwordHash: null,
      emailVerifiedAt: now,
      sessionVersion: 1,
      lastSignInAt: now,
    });
  });
}

/** The join form, filled in for the whole household. */
function join(demo: DemoContext, actor: Actor, plan: DemoHousehold, email: string, people: Person[]): Promise<RegistrationResult> {
  return demo.services.members.register(
    demo.em,
    actor,
    registrationInput.parse({
      firstName: plan.firstName,
      lastName: plan.lastName,
      email,
      phone: plan.phone,
      address: plan.address,
      dateOfBirth: people[0].dateOfBirth,
      gender: plan.gender,
      shirtSize: plan.shirt,
      membershipType: plan.type,
      termsAccepted: true,
      codeOfConductAccepted: true,
      documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
      additionalMembers: people.slice(1).map((p) => ({ firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth })),
    }),
  );
}

/** Payment `i`: the join fee minutes after the form, or a renewal on `day` (online, or by hand to the treasurer). */
async function payMembership(demo: DemoContext, joined: Joined, i: number, day: IsoDate) {
  const { plan, email, actor, registration, joinedAt } = joined;
  await demo.at(i === 0 ? new Date(joinedAt.getTime() + 4 * 60_000) : demo.local(day, hhmm(demo.rng.int(7 * 60, 22 * 60))), async () => {
    const amount = i === 0 ? registration.amount : (await demo.services.members.profile(demo.em, actor))!.renewalAmount;
    if (i > 0 && plan.renewedBy) {
      // Paid to the treasurer by hand and recorded under Admin → Payments.
      await demo.services.adminPayments.recordMembershipPayment(
        demo.em,
        demo.admin.actor,
        recordPaymentInput.parse({
          mode: 'renewal',
          memberId: registration.memberId,
          ...plan.renewedBy,
          paidOn: clubToday(demo.clock.now()),
          amount,
          requestKey: randomUUID(),
        }),
      );
      return;
    }
    const payer = { key: `demo-${email}`, ensureKey: () => `demo-${email}` };
    const order = await demo.services.payments.createOrder(
      demo.em,
      actor,
      payer,
      { amount, currency: 'AUD', intent: 'CAPTURE' },
      i === 0 ? registration.householdId : undefined,
    );
    await demo.services.payments.capture(demo.em, actor, payer, order.id);
  });
}

/** The committee refunds the household's last payment, twelve days after it joined, and ends the membership. */
async function refundLastPayment(demo: DemoContext, householdId: string, joinDay: IsoDate, reason: string) {
  const [last] = await demo.em.find(
    Payment,
    { household: householdId, status: 'completed' },
    { orderBy: { capturedAt: 'desc' }, limit: 1 },
  );
  await demo.at(demo.local(addDays(joinDay, 12), hhmm(19 * 60 + 30)), () =>
    demo.services.adminPayments.refund(
      demo.em,
      demo.admin.actor,
      refundPaymentInput.parse({
        paymentId: last.id,
        amount: (last.amountCents / 100).toFixed(2),
        reason,
        endMembership: true,
        requestKey: randomUUID(),
      }),
    ),
  );
}

/**
 * The household's members, the one who joined first and the others in the plan's order, with what the join form
 * does not ask filled in minutes after joining.
 */
async function completeMembers(
  demo: DemoContext,
  plan: DemoHousehold,
  people: Person[],
  householdId: string,
  joinedAt: Date,
): Promise<Member[]> {
  const members = await demo.em.find(Member, { household: householdId });
  members.sort(
    (a, b) =>
      Number(b.isPrimary) - Number(a.isPrimary) ||
      people.findIndex((p) => p.firstName === a.firstName) - people.findIndex((p) => p.firstName === b.firstName),
  );
  await demo.at(new Date(joinedAt.getTime() + 10 * 60_000), async () => {
    for (const member of members) {
      const person = people.find((p) => p.firstName === member.firstName && p.lastName === member.lastName);
      // What the join form does not ask of the others: their gender and shirt size, for the shirt order.
      if (person && !member.isPrimary) Object.assign(member, { gender: person.gender, shirtSize: person.shirt });
      // Long-standing members: their membership goes back before the website's records (juniors' do not).
      if (plan.sinceYear && member.memberSince && typeof person?.born === 'string')
        member.memberSince = `${plan.sinceYear}${member.memberSince.slice(4)}`;
    }
  });
  return members;
}

/** The two logins have a password (hashed like any other); the secretary is an administrator. */
async function setLoginPasswords(demo: DemoContext) {
  await demo.at(demo.local(addDays(demo.today, -400), '20:00'), async () => {
    await demo.services.admin.setRole(demo.em, { user: null, label: 'npm run demo' }, DEMO_LOGINS.admin.email, 'admin');
    for (const seeded of [demo.admin, demo.member]) {
      await demo.services.auth.setPassword(demo.em, seeded.actor, { newPassword: DEMO_LOGINS[seeded.plan.login!].password });
    }
  });
}

/** Households whose membership covered the whole span from `from` to `to`. */
export function activeBetween(demo: DemoContext, from: IsoDate, to: IsoDate): SeededHousehold[] {
  // (A refunded household is already ended in the database, whatever the dates say.)
  return demo.households.filter((h) => h.joinedOn && h.expiresOn && h.joinedOn < from && h.expiresOn >= to && !h.plan.refunded);
}

export async function expireLapsedMemberships(demo: DemoContext) {
  // What the nightly renewal job would have done on the day after each expiry.
  for (const h of demo.households) {
    if (!h.expiresOn || h.expiresOn >= demo.today || h.plan.refunded) continue;
    await demo.at(demo.local(addDays(h.expiresOn, 1), '00:05'), async () => {
      for (const member of h.members) {
        recordAudit(demo.em, {
          actor: null,
          actorLabel: 'renewals',
          action: 'member.expire',
          entityType: 'Member',
          entityId: member.id,
          before: { status: 'active', expiryDate: member.expiryDate },
          after: { status: 'expired' },
        });
        member.status = 'expired';
      }
    });
  }
}
