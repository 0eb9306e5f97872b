import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { addDays, clubToday } from '../../src/shared/dates';
import { AuditLog, Household, Member, RenewalReminder } from '../../src/server/db/entities';
import { ormOptions } from '../../src/server/db/orm.config';
import { createMailer } from '../../src/server/integrations/mailer';
import { RenewalsService } from '../../src/server/membership/renewals.service';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let secondOrm: MikroORM;
let today: string;
const day = (offset: number) => addDays(today, offset);
const log = { error: () => {}, info: () => {} };
/** The job as an instance of the site runs it: its own database pool, the real SMTP mailer. */
const instance = (orm: MikroORM, smtpUrl = t.env.SMTP_URL) => ({
  orm,
  service: new RenewalsService({
    clock: t.clock,
    mailer: createMailer({ smtpUrl, from: 'club@club.test', outboxDir: '/nonexistent', log: { info: () => {} } }),
    publicUrl: 'http://club.test',
    club: { profile: async () => EXAMPLE_CLUB_PROFILE, membership: async () => EXAMPLE_MEMBERSHIP_RULES },
    log,
  }),
});

beforeAll(async () => {
  t = await startTestApp();
  secondOrm = await MikroORM.init(ormOptions(t.databaseUrl, { logger: () => {} }));
  today = clubToday(t.clock.now());
  const em = t.em();
  const household = (
    type: 'adult' | 'family',
    people: [string, string | null, boolean][],
    expiry: string,
    status: 'active' | 'expired' = 'active',
  ) => {
    const h = em.create(Household, { membershipType: type });
    for (const [firstName, email, isPrimary] of people) {
      em.create(Member, {
        household: h,
        isPrimary,
        firstName,
        lastName: 'Renew',
        email,
        phone: null,
        address: null,
        dateOfBirth: '1980-01-01',
        gender: null,
        shirtSize: null,
        membershipType: type === 'family' ? 'adult' : type,
        status,
        memberSince: '2025-07-01',
        expiryDate: expiry,
        termsAcceptedAt: null,
        codeOfConductAcceptedAt: null,
      });
    }
  };
  household(
    'family',
    [
      ['Ann', 'ann@example.com', true],
      ['Alf', 'alf@example.com', false],
    ],
    day(30),
  );
  household('adult', [['Cal', 'cal@example.com', true]], day(7));
  household('adult', [['Dee', 'dee@example.com', true]], day(20));
  household('adult', [['Eli', 'eli@example.com', true]], day(-1));
  household('adult', [['Fay', 'fay@example.com', true]], day(45));
  household('adult', [['Gus', 'gus@example.com', true]], day(5), 'expired');
  await em.flush();
});
afterAll(async () => {
  await secondOrm?.close(true);
  await t?.close();
});

const mailsTo = (who: string) => t.mail.to(`${who}@example.com`);

describe('the renewal job', () => {
  it('two instances running at once send each reminder once, and expire what has ended', async () => {
    const a = instance(t.orm);
    const b = instance(secondOrm);
    const [ra, rb] = await Promise.all([a.service.run(a.orm.em.fork()), b.service.run(b.orm.em.fork())]);
    expect(ra.reminded + rb.reminded).toBe(3);
    expect(ra.expired + rb.expired).toBe(1);

    expect(mailsTo('ann').map((m) => m.subject)).toEqual(['Time to renew your Tweed Coast Anglers Club membership']);
    expect(mailsTo('ann')[0].text).toContain('http://club.test/member');
    expect(mailsTo('ann')[0].text).toContain('$120.00');
    expect(mailsTo('alf')).toHaveLength(0); // the household's primary member is the one reminded
    expect(mailsTo('dee')).toHaveLength(1);
    expect(mailsTo('cal').map((m) => m.subject)).toEqual(['Your Tweed Coast Anglers Club membership ends in 7 days']);
    for (const who of ['eli', 'fay', 'gus']) expect(mailsTo(who)).toHaveLength(0);

    const eli = await t.em().findOneOrFail(Member, { firstName: 'Eli' });
    expect(eli.status).toBe('expired');
    const audit = await t.em().findOneOrFail(AuditLog, { entityId: eli.id, action: 'member.expire' });
    expect(audit).toMatchObject({ actorLabel: 'renewals', after: { status: 'expired' } });

    // Again (a restart, the next hour): nothing new.
    expect(await a.service.run(t.em())).toEqual({ reminded: 0, expired: 0 });
    expect(mailsTo('ann')).toHaveLength(1);
  });

  it('sends the 7-day reminder when that day comes, and loses no reminder while mail is down', async () => {
    t.clock.advance(23 * 86_400_000); // Ann is now 7 days from expiry, Fay 22; Dee has ended.
    const down = instance(t.orm, 'smtp://127.0.0.1:9');
    expect((await down.service.run(t.em())).reminded).toBe(0);
    expect(await t.em().count(RenewalReminder, { kind: '7_days' })).toBe(1); // only Cal's from before
    const up = instance(t.orm);
    expect((await up.service.run(t.em())).reminded).toBe(2);
    expect(mailsTo('fay').map((m) => m.subject)).toEqual(['Time to renew your Tweed Coast Anglers Club membership']);
    expect(mailsTo('ann').map((m) => m.subject)).toEqual([
      'Time to renew your Tweed Coast Anglers Club membership',
      'Your Tweed Coast Anglers Club membership ends in 7 days',
    ]);
    expect((await t.em().findOneOrFail(Member, { firstName: 'Dee' })).status).toBe('expired');
  });
});
