import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event, EventNotice, EventRegistration, Household, Member } from '../../src/server/db/entities';
import { addDays, addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { createAdmin, createMember, enterEvent } from '../support/factories';
import type { ReceivedMail } from '../support/mime';
import { FakeBrowser, PushService } from '../support/push-service';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let push: PushService;
let admin: TestClient;
let today: string;
let tomorrow: string;

beforeAll(async () => {
  push = new PushService();
  await push.start();
  t = await startTestApp({ env: { ADMIN_EMAILS: 'sec@club.test' }, pushAgent: push.agent() });
  admin = (await createAdmin(t, { email: 'sec@club.test' })).client;
  today = clubToday(t.clock.now());
  tomorrow = addDays(today, 1);
});
afterAll(async () => {
  await t?.close();
  await push?.stop();
});

/** Moves the test clock to a wall-clock time (club time) today. */
function clockAt(time: string) {
  t.clock.advance(clubLocalToInstant(`${today}T${time}`).getTime() - t.clock.now().getTime());
}

/** The .ics attached to a mail, decoded. */
function invitation(mail: ReceivedMail): string {
  const part =
    /Content-Type: text\/calendar[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: (\S+)[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(
      mail.raw,
    );
  if (!part) throw new Error('No calendar invitation attached');
  const [, encoding, body] = part;
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const reminders = (email: string) => t.mail.to(email).filter((m) => m.subject.startsWith('Tomorrow:'));

describe('the day-before reminders', () => {
  it('e-mail every entrant once (a junior through the primary member) with the invitation and what to bring, and push when on', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Whiting Wander',
      location: 'Cudgen Creek, Kingscliff',
      eventDate: `${tomorrow}T06:30`,
      fishingStart: '06:30',
      fishingEnd: '13:00',
    });
    const later = await admin.trpc.admin.events.create.mutate({
      name: 'Later Cup',
      location: 'Tweed Heads',
      eventDate: `${addDays(today, 2)}T07:00`,
    });
    const cancelled = await admin.trpc.admin.events.create.mutate({
      name: 'Off Cup',
      location: 'Tweed Heads',
      eventDate: `${tomorrow}T07:00`,
    });
    await t.em().nativeUpdate(Event, { id: cancelled.id }, { status: 'cancelled' });

    const adult = await createMember(t, { firstName: 'Ada' });
    const adultBrowser = new FakeBrowser();
    await adult.client.trpc.notifications.subscribe.mutate(adultBrowser.subscription(push.endpoint('ada')));
    const parent = await createMember(t, { firstName: 'Dan', membershipType: 'family' });
    const parentBrowser = new FakeBrowser();
    await parent.client.trpc.notifications.subscribe.mutate(parentBrowser.subscription(push.endpoint('dan')));
    await parent.client.trpc.notifications.setPreference.mutate({ kind: 'event_tomorrow', enabled: false });
    const em = t.em();
    const junior = em.create(Member, {
      household: em.getReference(Household, parent.householdId),
      isPrimary: false,
      firstName: 'Mia',
      lastName: 'Member',
      email: null,
      dateOfBirth: addYears(today, -11),
      membershipType: 'junior',
      status: 'active',
    });
    await em.flush();
    const out = await createMember(t, { firstName: 'Dee' });
    for (const id of [adult.memberId, junior.id, out.memberId]) await enterEvent(t, event.id, id);
    await t.em().nativeUpdate(EventRegistration, { event: event.id, member: out.memberId }, { disqualifiedAt: t.clock.now() });
    await enterEvent(t, later.id, adult.memberId);
    await enterEvent(t, cancelled.id, adult.memberId);

    // Not before 9:00 am on the day before: nobody's phone buzzes at midnight.
    clockAt('08:30');
    expect(await t.app.jobs.eventReminders()).toEqual({ reminded: 0 });
    clockAt('17:45');
    expect(await t.app.jobs.eventReminders()).toEqual({ reminded: 2 });

    const mail = await t.mail.waitFor(adult.email, 1);
    expect(reminders(adult.email)).toHaveLength(1);
    expect(mail.subject).toBe('Tomorrow: Whiting Wander');
    expect(mail.text).toContain('See you tomorrow, Ada!');
    expect(mail.text).toContain('You are entered in Whiting Wander, which is tomorrow.');
    expect(mail.text).toContain('Where: Cudgen Creek, Kingscliff');
    expect(mail.text).toContain('Fishing hours: 6:30 am to 1:00 pm.');
    expect(mail.text).toMatch(/When: .+6:30 am/);
    expect(mail.text).toContain('your NSW recreational fishing licence');
    expect(mail.text).toContain('the brag mat for every catch photo');
    expect(mail.text).toContain("The day's code shows on the club site when you sign on");
    expect(mail.raw).toMatch(/filename=whiting-wander\.ics/);
    const ics = invitation(mail);
    expect(ics).toContain('SUMMARY:Whiting Wander');
    expect(ics).toContain(
      `DTSTART:${clubLocalToInstant(`${tomorrow}T06:30`)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    expect(ics).toContain(
      `DTEND:${clubLocalToInstant(`${tomorrow}T13:00`)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );

    // The junior's reminder goes to the primary member, naming the junior; under 18s need no licence.
    const forMia = await t.mail.waitFor(parent.email, 1);
    expect(forMia.subject).toBe('Tomorrow: Whiting Wander');
    expect(forMia.text).toContain('Hi Dan,');
    expect(forMia.text).toContain('Mia is entered in Whiting Wander, which is tomorrow.');
    expect(forMia.text).toContain('no fishing licence: under 18s need none in NSW');
    expect(forMia.text).toContain('when Mia signs on');
    expect(invitation(forMia)).toContain('SUMMARY:Whiting Wander');
    expect(reminders(out.email)).toHaveLength(0);

    // The push: to Ada (on), not to Dan (he switched 'event tomorrow' off; his e-mail came anyway).
    expect(push.to('ada')).toHaveLength(1);
    expect(push.to('ada')[0].headers.ttl).toBe('72000');
    expect(adultBrowser.open(push.to('ada')[0].body)).toEqual({
      title: 'Tomorrow: Whiting Wander',
      body: "You're entered. Fishing 6:30 am to 1:00 pm at Cudgen Creek, Kingscliff. Bring the fishing licence and the brag mat.",
      url: '/member?tab=events',
      tag: `tomorrow-${event.id}`,
    });
    expect(push.to('dan')).toHaveLength(0);

    // Again (the next hour, a restart, a second instance): nothing twice.
    t.clock.advance(3600_000);
    expect(await t.app.jobs.eventReminders()).toEqual({ reminded: 0 });
    expect(reminders(adult.email)).toHaveLength(1);
    expect(reminders(parent.email)).toHaveLength(1);
    expect(push.to('ada')).toHaveLength(1);
    expect(await t.em().count(EventNotice, { event: event.id, kind: 'event_tomorrow' })).toBe(2);
  });

  it('tries again at the next run when the e-mail could not be delivered', async () => {
    clockAt('10:00');
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Bream Dawn',
      location: 'Chinderah',
      eventDate: `${tomorrow}T05:30`,
    });
    const member = await createMember(t, { firstName: 'Fay' });
    await enterEvent(t, event.id, member.memberId);
    t.mail.failing = true;
    try {
      expect(await t.app.jobs.eventReminders()).toEqual({ reminded: 0 });
    } finally {
      t.mail.failing = false;
    }
    expect(await t.em().count(EventNotice, { event: event.id })).toBe(0);
    expect(await t.app.jobs.eventReminders()).toEqual({ reminded: 1 });
    expect((await t.mail.waitFor(member.email, 1)).subject).toBe('Tomorrow: Bream Dawn');
  });
});
