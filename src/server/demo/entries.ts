/* Step 4b: today's club day at the sign-on desk: entries in every state, a guest, a junior entered by a parent, one taken off with their cash handed back, and a waiting list passed over once. */
import { randomUUID } from 'node:crypto';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../shared/club-example';
import { acceptedGuestVersions } from '../../shared/documents';
import { addDays, addYears } from '../../shared/dates';
import { isJuniorOn } from '../../shared/membership';
import { Event, EventRegistration } from '../db/entities';
import type { GuestSession } from '../events/guest-entries.service';
import type { PayerSession } from '../payments/payments.service';
import { isCurrentMember } from '../membership/member-status';
import type { DemoContext, SeededEvent, SeededHousehold } from './context';
import { DEMO_DOMAIN } from './demo-data';

/** A browser as the payment calls see it: its own payer key. */
function browser(): GuestSession & { payer: PayerSession } {
  const key = randomUUID();
  let guestEntry: string | undefined;
  return {
    payer: { key, ensureKey: () => key },
    get guestEntry() {
      return guestEntry;
    },
    rememberGuestEntry(id: string) {
      guestEntry = id;
    },
    signInGuest() {},
  };
}

/**
 * Today's club day, as the sign-on desk finds it in the morning: the demo member's family paid online, others pay at
 * sign-on (two already did, cash and card), a handful checked in, a junior entered with their parent, a guest who
 * entered and paid online, a walk-up guest signed on at the desk, one who paid cash and was taken off (the cash handed
 * back), and, the day being full, a member and then a walk-up guest on the waiting list, passed over once when the
 * committee added a member anyway.
 */
export async function seedEntryDay(demo: DemoContext) {
  const seeded = demo.events.get('today');
  if (!seeded) return;
  const { event, day, start } = seeded;
  const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);

  // The two logins' own entries were paid online the week before.
  for (const household of [demo.member, demo.admin]) {
    if (!seeded.registered.includes(household)) continue;
    await payOnline(demo, household, event.id, demo.local(addDays(day, -5), '19:30'));
  }
  const family = await enterParentAndJunior(demo, seeded);
  await enterGuestOnline(demo, seeded);

  // The morning: the desk opens half an hour before the start.
  const entries = await demo.em.find(EventRegistration, { event }, { populate: ['member'], orderBy: { createdAt: 'asc', id: 'asc' } });
  const walkUp = await signOnWalkUp(demo, seeded, before);
  const early = await checkInEarly(demo, entries, walkUp, before);
  await handedBack(demo, entries, early, before);
  await fillTheDay(demo, seeded, family, before);
}

/** A parent enters themselves and their junior in one go, then pays online. The household, if one fits. */
async function enterParentAndJunior(demo: DemoContext, seeded: SeededEvent): Promise<SeededHousehold | undefined> {
  const { event, day } = seeded;
  const family = demo.households.find(
    (h) =>
      !seeded.registered.includes(h) &&
      h !== demo.member &&
      h !== demo.admin &&
      h.members.some((m) => isJuniorOn(demo.membership, m.dateOfBirth, day) && isCurrentMember(m, day)) &&
      h.members.some((m) => !isJuniorOn(demo.membership, m.dateOfBirth, day) && isCurrentMember(m, day)) &&
      !isJuniorOn(demo.membership, h.primary.dateOfBirth, day) &&
      isCurrentMember(h.primary, day),
  );
  if (!family) return undefined;
  const junior = family.members.find((m) => isJuniorOn(demo.membership, m.dateOfBirth, day) && isCurrentMember(m, day))!;
  await demo.at(demo.local(addDays(day, -3), '20:10'), () =>
    demo.services.entries.enter(demo.em, family.actor, event.id, { memberIds: [family.primary.id, junior.id], payAtSignOn: false }),
  );
  await payOnline(demo, family, event.id, demo.local(addDays(day, -3), '20:12'));
  seeded.registered.push(family);
  return family;
}

/** A visitor enters as a guest and pays the non-member fee online. */
async function enterGuestOnline(demo: DemoContext, seeded: SeededEvent) {
  const { event, day } = seeded;
  const guestBrowser = browser();
  await demo.at(demo.local(addDays(day, -2), '12:40'), () =>
    demo.services.guests.enter(demo.em, demo.actor(null), guestBrowser, {
      eventId: event.id,
      firstName: 'Riley',
      lastName: 'Visitor',
      email: `riley.visitor@${DEMO_DOMAIN}`,
      phone: '0411 222 333',
      dateOfBirth: addYears(day, -34),
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    }),
  );
  await demo.at(demo.local(addDays(day, -2), '12:43'), async () => {
    const order = await demo.services.guests.createOrder(demo.em, guestBrowser);
    await demo.services.guests.capture(demo.em, demo.actor(null), guestBrowser, order.id);
  });
}

/** A walk-up non-member signed on at the desk, paying cash. Their entry's id. */
async function signOnWalkUp(demo: DemoContext, seeded: SeededEvent, before: (minutes: number) => Date): Promise<string> {
  const desk = demo.admin.actor;
  const walkUp = await demo.at(before(25), () =>
    demo.services.signOnDesk.addGuest(demo.em, desk, {
      eventId: seeded.event.id,
      firstName: 'Sam',
      lastName: 'Walkup',
      email: null,
      phone: '0400 987 654',
      dateOfBirth: addYears(seeded.day, -51),
    }),
  );
  await demo.at(before(24), () =>
    demo.services.signOnDesk.recordPayment(demo.em, desk, {
      registrationId: walkUp.registrationId,
      method: 'cash',
      reference: 'Desk book 0412',
      requestKey: randomUUID(),
    }),
  );
  return walkUp.registrationId;
}

/** Those who came early are checked in (and the walk-up); two of those paying at sign-on pay (cash, card) as they do. */
async function checkInEarly(
  demo: DemoContext,
  entries: EventRegistration[],
  walkUpId: string,
  before: (minutes: number) => Date,
): Promise<EventRegistration[]> {
  const desk = demo.admin.actor;
  const early = entries.filter((e) => !e.member.isGuest).slice(0, 6);
  for (const [i, entry] of early.entries()) {
    await demo.at(before(22 - i * 2), () => demo.services.signOnDesk.checkIn(demo.em, desk, { registrationId: entry.id, checkedIn: true }));
  }
  await demo.at(before(22), () => demo.services.signOnDesk.checkIn(demo.em, desk, { registrationId: walkUpId, checkedIn: true }));
  const payingHere = early.filter((e) => e.payAtSignOn && !e.paidAt).slice(0, 2);
  for (const [i, entry] of payingHere.entries()) {
    await demo.at(before(20 - i * 2), () =>
      demo.services.signOnDesk.recordPayment(demo.em, desk, {
        registrationId: entry.id,
        method: i === 0 ? 'cash' : 'card',
        reference: null,
        requestKey: randomUUID(),
      }),
    );
  }
  return early;
}

/**
 * The day is full from here on: the committee caps it at the entries so far, a late member and then a walk-up
 * non-member wait for a place, and the committee adds a member anyway, passing over those waiting.
 */
async function fillTheDay(demo: DemoContext, seeded: SeededEvent, family: SeededHousehold | undefined, before: (minutes: number) => Date) {
  const { event, day } = seeded;
  const desk = demo.admin.actor;
  const current = await demo.em.findOneOrFail(Event, { id: event.id }, { refresh: true });
  current.maxParticipants = current.registeredCount;
  await demo.em.flush();
  const late = demo.households.find(
    (h) => !seeded.registered.includes(h) && h !== family && isCurrentMember(h.primary, day) && !h.primary.suspendedUntil,
  );
  if (late) {
    await demo.at(demo.local(addDays(day, -1), '21:15'), () => demo.services.entries.joinWaitlist(demo.em, late.actor, event.id, {}));
  }
  // A walk-up non-member who found it full waits behind them, with a phone number for the desk to call.
  await demo.at(before(10), () =>
    demo.services.guestWaitlist.deskJoin(demo.em, desk, {
      eventId: event.id,
      firstName: 'Tom',
      lastName: 'Tinnie',
      email: null,
      phone: '0400 246 810',
      dateOfBirth: addYears(day, -27),
    }),
  );
  // The committee adds a member anyway (the skipper taking the judges out): those waiting are passed over, audited.
  const skipper = demo.households.find(
    (h) => !seeded.registered.includes(h) && h !== family && h !== late && isCurrentMember(h.primary, day) && !h.primary.suspendedUntil,
  );
  if (skipper)
    await demo.at(before(8), () =>
      demo.services.entries.addEntrant(demo.em, desk, event.id, skipper.primary.id, { passOverWaiting: true }),
    );
}

/** One who paid cash at the desk is called away before the start: taken off, their fee handed back (recorded as refunded). */
async function handedBack(demo: DemoContext, entries: EventRegistration[], early: EventRegistration[], before: (minutes: number) => Date) {
  const leaving = entries.find((e) => !e.member.isGuest && e.payAtSignOn && !e.paidAt && !early.includes(e));
  if (!leaving) return;
  const desk = demo.admin.actor;
  await demo.at(before(19), () =>
    demo.services.signOnDesk.recordPayment(demo.em, desk, {
      registrationId: leaving.id,
      method: 'cash',
      reference: null,
      requestKey: randomUUID(),
    }),
  );
  await demo.at(before(15), () => demo.services.entries.removeEntrant(demo.em, desk, leaving.id));
}

/** A household pays its unpaid entries in the event online (the demo payment provider). */
async function payOnline(demo: DemoContext, household: SeededHousehold, eventId: string, at: Date) {
  const session = browser();
  await demo.at(at, async () => {
    const mine = (await demo.services.entries.registrations(demo.em, household.actor)).filter((r) => r.eventId === eventId);
    if (!mine.some((r) => r.paymentState === 'unpaid' || r.paymentState === 'pay_at_sign_on')) return;
    const order = await demo.services.entries.createOrder(demo.em, household.actor, session.payer, eventId);
    await demo.services.entries.capture(demo.em, household.actor, session.payer, order.id);
  });
}

/**
 * The coming Saturday's competition: a visitor entered as a guest online as the demo was seeded and has not paid yet,
 * so the entry holds its place for its 10 minutes (the desk sees it as held) and is then given back.
 */
export async function seedHeldGuestEntry(demo: DemoContext) {
  const seeded = demo.events.get('kingscliff');
  if (!seeded) return;
  await demo.atSeedTime(() =>
    demo.services.guests.enter(demo.em, demo.actor(null), browser(), {
      eventId: seeded.event.id,
      firstName: 'Noah',
      lastName: 'Pending',
      email: `noah.pending@${DEMO_DOMAIN}`,
      phone: '0422 618 004',
      dateOfBirth: addYears(seeded.day, -29),
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    }),
  );
}
