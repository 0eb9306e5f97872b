/* Member records: the renewal reminders that went out, one sent again by hand, an e-mail change waiting for confirmation, and a junior without a shirt size for the shirt order. */
import { randomUUID } from 'node:crypto';
import { addDays } from '../../shared/dates';
import { isJuniorOn } from '../../shared/membership';
import { RenewalReminder } from '../db/entities';
import { hhmm, type DemoContext } from './context';

export async function seedMemberRecords(demo: DemoContext) {
  // The renewal job's reminders, 30 and 7 days before each membership ended or ends (as far as that day has come).
  for (const h of demo.households) {
    if (!h.expiresOn || !h.joinedOn || h.plan.refunded || !h.primary.email) continue;
    for (const [kind, days] of [
      ['30_days', 30],
      ['7_days', 7],
    ] as const) {
      const day = addDays(h.expiresOn, -days);
      if (day > demo.today || day <= h.joinedOn || day < addDays(demo.today, -120)) continue;
      demo.em.create(RenewalReminder, {
        member: h.primary,
        kind,
        expiryDate: h.expiresOn,
        email: h.primary.email,
        sentAt: demo.local(day, hhmm(2 * 60 + demo.rng.int(0, 30))),
      });
    }
  }
  await demo.em.flush();

  // A lapsed household that did not renew: the secretary sent the reminder again by hand a week after it lapsed.
  const lapsed = demo.households.find(
    (h) => h.expiresOn && h.expiresOn < demo.today && h.expiresOn >= addDays(demo.today, -60) && !h.plan.refunded && !h.plan.login,
  );
  if (lapsed) {
    const day = addDays(lapsed.expiresOn!, 7) < demo.today ? addDays(lapsed.expiresOn!, 7) : addDays(demo.today, -1);
    await demo.at(demo.local(day, '19:40'), () =>
      demo.services.renewals.sendByHand(demo.em, demo.admin.actor, { memberId: lapsed.primary.id, requestKey: randomUUID() }),
    );
  }

  // A current member whose new address waits for confirmation (the committee changed it this morning; the link is
  // valid for 24 hours, so a demo started again the next day shows it lapsed).
  const moving = demo.households.find(
    (h) => h.expiresOn && h.expiresOn > addDays(demo.today, 60) && !h.plan.login && h.members.length === 1,
  );
  if (moving) {
    const [name, domain] = moving.primary.email!.split('@');
    await demo.at(new Date(demo.now.getTime() - 3 * 3600_000), () =>
      demo.services.emailChange.request(demo.em, demo.admin.actor, { memberId: moving.primary.id, email: `${name}.home@${domain}` }),
    );
  }

  // One junior's size was never given (someone under the club's junior age, on any membership but the logins'): the
  // shirt order names them.
  const junior = demo.households
    .flatMap((h) => (h.expiresOn && h.expiresOn >= demo.today && !h.plan.login ? h.members : []))
    .find((m) => isJuniorOn(demo.membership, m.dateOfBirth, demo.today) && !m.isPrimary);
  if (junior) {
    junior.shirtSize = null;
    await demo.em.flush();
  }
}
