import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, clubToday, daysBetween } from '../../shared/dates';
import type { Clock } from '../clock';
import { Member } from '../db/entities';
import { renewalReminderMessage } from '../emails/renewal.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { feeFor } from './members.service';

export interface RenewalsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The reminder windows, in days before expiry: the 30-day one until a week out, then the 7-day one. */
const WINDOWS = [
  { kind: '30_days', from: 8, to: 30 },
  { kind: '7_days', from: 0, to: 7 },
] as const;

/**
 * The renewal job: reminder e-mails 30 and 7 days before a membership ends, and 'Inactive' on the day
 * after it ends. Everything it knows is in the database, so it picks up where it left off after a
 * restart (a reminder missed on day 30 goes out on day 29), and every step is safe to run twice or
 * on two instances at once.
 */
export class RenewalsService {
  constructor(private readonly deps: RenewalsDeps) {}

  async run(em: EntityManager): Promise<{ reminded: number; expired: number }> {
    const today = clubToday(this.deps.clock.now());
    const expired = await this.expire(em, today);
    let reminded = 0;
    for (const window of WINDOWS) reminded += await this.remind(em, today, window);
    if (reminded || expired) this.deps.log.info({ reminded, expired }, 'Renewal job');
    return { reminded, expired };
  }

  /** Memberships past their expiry become expired ('Inactive'), each with an audit entry, in one statement. */
  private async expire(em: EntityManager, today: string): Promise<number> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `with gone as (
         update members set status = 'expired', updated_at = now()
         where status = 'active' and expiry_date < ? returning id, expiry_date
       )
       insert into audit_log (actor_id, actor_label, action, entity_type, entity_id, before, after, created_at)
       select null, 'renewals', 'member.expire', 'Member', gone.id::text,
              jsonb_build_object('status', 'active', 'expiryDate', gone.expiry_date),
              jsonb_build_object('status', 'expired'), now()
       from gone returning entity_id as id`,
      [today],
    );
    return rows.length;
  }

  private async remind(em: EntityManager, today: string, window: (typeof WINDOWS)[number]): Promise<number> {
    const due = await em.find(
      Member,
      {
        isPrimary: true,
        status: 'active',
        email: { $ne: null },
        expiryDate: { $gte: addDays(today, window.from), $lte: addDays(today, window.to) },
      },
      { populate: ['household'], orderBy: { expiryDate: 'asc' } },
    );
    let sent = 0;
    for (const member of due) {
      // Claim first: only the run whose insert lands sends this reminder.
      const claimed = await em.getConnection().execute<{ id: number }[]>(
        `insert into renewal_reminders (member_id, kind, expiry_date, sent_at) values (?, ?, ?, now())
         on conflict (member_id, kind, expiry_date) do nothing returning id`,
        [member.id, window.kind, member.expiryDate],
      );
      if (!claimed.length) continue;
      const household = await em.find(Member, { household: member.household });
      const mail = await renewalReminderMessage({
        firstName: member.firstName,
        expiryDate: member.expiryDate!,
        daysLeft: daysBetween(today, member.expiryDate!),
        feeCents: feeFor(member.household, household),
        renewUrl: `${this.deps.publicUrl}/member`,
      });
      if (await deliverQuietly(this.deps.mailer, this.deps.log, { to: member.email!, ...mail })) sent += 1;
      // Not delivered: give the claim back so the next run tries again.
      else await em.getConnection().execute('delete from renewal_reminders where id = ?', [claimed[0].id]);
    }
    return sent;
  }
}
