import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addDays, clubToday, daysBetween, formatClubTime } from '../../shared/dates';
import type { MembershipRules } from '../../shared/membership';
import { AppError } from '../../shared/errors';
import type { SentReminder } from '../../shared/member-records.schema';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Member, RenewalReminder } from '../db/entities';
import { renewalReminderMessage } from '../emails/renewal.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { feeFor } from './members.service';

export interface RenewalsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  club: Pick<ClubSettingsService, 'profile' | 'membership'>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** A reminder sent by hand is refused for this long after the last one: a second press, another committee member's tab. */
const MANUAL_GAP_MS = 10 * 60_000;

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
    const rules = await this.deps.club.membership(em);
    let reminded = 0;
    for (const window of WINDOWS) reminded += await this.remind(em, rules, today, window);
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

  /** The household's primary member, who receives the reminders of everyone in it. */
  private async primaryOf(em: EntityManager, memberId: string): Promise<Member | null> {
    const member = await em.findOne(Member, { id: memberId, isGuest: false }, { populate: ['household'] });
    if (!member) return null;
    return member.isPrimary ? member : em.findOne(Member, { household: member.household, isPrimary: true }, { populate: ['household'] });
  }

  /** The renewal reminders that went to a member's household (its primary member), newest first. */
  async sentTo(em: EntityManager, memberId: string): Promise<SentReminder[]> {
    const primary = await this.primaryOf(em, memberId);
    if (!primary) return [];
    const rows = await em.find(
      RenewalReminder,
      { member: primary },
      { populate: ['sentBy'], orderBy: { sentAt: 'desc', id: 'desc' }, limit: 50 },
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      sentAt: r.sentAt.toISOString(),
      expiryDate: r.expiryDate,
      email: r.email ?? null,
      sentBy: r.sentBy ? `${r.sentBy.firstName} ${r.sentBy.lastName}` : null,
    }));
  }

  /** Where a reminder sent by hand now would go, or why none can be sent. */
  async reminderTarget(em: EntityManager, memberId: string): Promise<{ to: string | null; refusal: string | null }> {
    const primary = await this.primaryOf(em, memberId);
    const refusal = this.refusal(primary);
    return { to: refusal ? null : primary!.email!, refusal };
  }

  private refusal(primary: Member | null): string | null {
    if (!primary) return 'This household has no primary member to send a reminder to.';
    if (!primary.memberSince || !primary.expiryDate)
      return 'This membership has never been paid, so there is nothing to renew yet: the join form is waiting for payment.';
    if (!primary.email) return `${primary.firstName} ${primary.lastName}, the household's primary member, has no e-mail address.`;
    return null;
  }

  /**
   * Sends the household's renewal reminder again, by hand: audited, and once per press of the button (its request
   * key), and not again within ten minutes of the last one sent by hand, so a double click or a second committee
   * member's tab does not send two.
   */
  async sendByHand(em: EntityManager, actor: Actor, input: { memberId: string; requestKey: string }): Promise<{ message: string }> {
    const now = this.deps.clock.now();
    const today = clubToday(now);
    const claim = await em.transactional(async (tem) => {
      const found = await this.primaryOf(tem, input.memberId);
      if (!found) throw new AppError('NOT_FOUND', 'That member does not exist.');
      const refusal = this.refusal(found);
      if (refusal) throw new AppError('BAD_REQUEST', refusal);
      const primary = await tem.findOneOrFail(Member, { id: found.id }, { populate: ['household'], lockMode: LockMode.PESSIMISTIC_WRITE });
      const same = await tem.findOne(RenewalReminder, { member: primary, kind: 'manual', requestKey: input.requestKey });
      if (same) return { already: same, primary };
      const last = await tem.findOne(
        RenewalReminder,
        { member: primary, kind: 'manual', sentAt: { $gt: new Date(now.getTime() - MANUAL_GAP_MS) } },
        { orderBy: { sentAt: 'desc' } },
      );
      if (last)
        throw new AppError(
          'CONFLICT',
          `A reminder went to ${last.email ?? primary.email} at ${formatClubTime(last.sentAt)}. Wait a few minutes before sending another.`,
        );
      const reminder = tem.create(RenewalReminder, {
        member: primary,
        kind: 'manual',
        expiryDate: primary.expiryDate!,
        requestKey: input.requestKey,
        sentBy: actor.user,
        email: primary.email,
        sentAt: now,
      });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.renewalReminder',
        entityType: 'Member',
        entityId: primary.id,
        before: null,
        after: { kind: 'manual', to: primary.email, expiryDate: primary.expiryDate },
      });
      await tem.flush();
      return { already: null, primary, reminder };
    });
    const { primary } = claim;
    if (claim.already)
      return { message: `The reminder went to ${claim.already.email ?? primary.email} at ${formatClubTime(claim.already.sentAt)}.` };
    const household = await em.find(Member, { household: primary.household });
    const rules = await this.deps.club.membership(em);
    const mail = await renewalReminderMessage(await this.deps.club.profile(em), {
      firstName: primary.firstName,
      expiryDate: primary.expiryDate!,
      daysLeft: daysBetween(today, primary.expiryDate!),
      feeCents: feeFor(rules, primary.household, household),
      renewUrl: `${this.deps.publicUrl}/member`,
    });
    if (await deliverQuietly(this.deps.mailer, this.deps.log, { to: primary.email!, ...mail })) {
      return { message: `Renewal reminder sent to ${primary.email}.` };
    }
    // Not delivered: the claim goes, so the committee can try again at once.
    await em.nativeDelete(RenewalReminder, { id: claim.reminder!.id });
    throw new AppError('SERVICE_UNAVAILABLE', 'The reminder could not be sent just now. Please try again in a few minutes.');
  }

  /** The reminders of one window, each with the household's fee at the club's fees (`rules`). */
  private async remind(em: EntityManager, rules: MembershipRules, today: string, window: (typeof WINDOWS)[number]): Promise<number> {
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
        `insert into renewal_reminders (member_id, kind, expiry_date, sent_at, request_key, email) values (?, ?, ?, now(), '', ?)
         on conflict (member_id, kind, expiry_date, request_key) do nothing returning id`,
        [member.id, window.kind, member.expiryDate, member.email],
      );
      if (!claimed.length) continue;
      const household = await em.find(Member, { household: member.household });
      const mail = await renewalReminderMessage(await this.deps.club.profile(em), {
        firstName: member.firstName,
        expiryDate: member.expiryDate!,
        daysLeft: daysBetween(today, member.expiryDate!),
        feeCents: feeFor(rules, member.household, household),
        renewUrl: `${this.deps.publicUrl}/member`,
      });
      if (await deliverQuietly(this.deps.mailer, this.deps.log, { to: member.email!, ...mail })) sent += 1;
      // Not delivered: give the claim back so the next run tries again.
      else await em.getConnection().execute('delete from renewal_reminders where id = ?', [claimed[0].id]);
    }
    return sent;
  }
}
