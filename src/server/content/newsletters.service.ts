import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { addDays, clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  segmentLabel,
  UNSUBSCRIBE_PAGE_PATH,
  type ArchivedNewsletter,
  type DeliveryCounts,
  type DeliveryPage,
  type DeliveryStatus,
  type NewsletterChoice,
  type NewsletterContent,
  type NewsletterData,
  type NewsletterSponsor,
  type NewsletterSummary,
  type NewsletterUpdate,
  type NewsletterView,
  type RenderedNewsletter,
  type Segment,
  type SegmentCount,
  type UnsubscribeInfo,
} from '../../shared/newsletters.schema';
import type { Clock } from '../clock';
import { Event, Member, NewsArticle, Newsletter, NewsletterDelivery, NewsletterPreference, SiteSetting, Sponsor } from '../db/entities';
import { personalise, renderNewsletter, type RenderedNewsletterMail } from '../emails/newsletter.emails';
import type { Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { requireUser } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { sanitizeHtml, savedHtml } from './html';
import { juniorOnSql } from '../membership/junior-age';
import { currentMemberSql, expiredMemberSql } from '../membership/member-status';

export interface NewslettersDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** The site's secret, from which the unsubscribe links' signing key is derived. */
  sealingSecret?: string;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** A claimed message whose answer never came back (the site stopped mid-send) is uncertain after this long. */
export const CLAIM_STALE_MS = 10 * 60_000;
/** One advisory lock for the queue's pacing, shared by every instance of the site. */
const QUEUE_LOCK = 7_204_211;
const UNCERTAIN_REASON = 'The site stopped while this message was being sent: it may or may not have arrived, so it was not sent again.';

interface Recipient {
  memberId: string | null;
  email: string;
  name: string | null;
}

interface Claim {
  id: number;
  newsletterId: string;
  email: string;
}

export interface QueuePass {
  sent: number;
  failed: number;
  uncertain: number;
  /** Whether messages are still waiting (the queue comes back sooner). */
  more: boolean;
}

const EMPTY_COUNTS: DeliveryCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0 };
const NOT_FOUND = 'That newsletter does not exist.';
const BAD_LINK = 'This unsubscribe link is not valid. Please use the link in the newest e-mail from the club, or contact the club.';

/**
 * Newsletters and notices to members: drafts, the segments they go to, test sends, sending through a paced queue
 * that survives a restart (each recipient claimed before the message goes out), the archive, and unsubscribing.
 */
export class NewslettersService {
  private readonly siteOrigin: string;
  /** Told when a newsletter is queued, so the queue starts at once rather than at its next look. */
  onQueued: () => void = () => {};
  private readonly rendered = new Map<string, Promise<RenderedNewsletterMail>>();

  constructor(private readonly deps: NewslettersDeps) {
    this.siteOrigin = new URL(deps.publicUrl).origin;
  }

  private now() {
    return this.deps.clock.now();
  }

  // ---------- Drafts ----------

  async list(em: EntityManager): Promise<NewsletterSummary[]> {
    const newsletters = await em.find(Newsletter, {}, { populate: ['sentBy'], orderBy: { createdAt: 'desc' } });
    const counts = await this.countsOf(
      em,
      newsletters.map((n) => n.id),
    );
    const events = await this.eventNames(
      em,
      newsletters.map((n) => n.segment),
    );
    return newsletters.map((n) => this.summary(n, counts.get(n.id), events));
  }

  /** `fresh`: read again from the database (after a write in another unit of work). */
  async get(em: EntityManager, id: string, fresh = false): Promise<NewsletterView> {
    const newsletter = await this.find(em, id, fresh);
    const counts = await this.countsOf(em, [id]);
    return this.view(newsletter, counts.get(id), await this.eventNames(em, [newsletter.segment]));
  }

  async create(em: EntityManager, actor: Actor, input: NewsletterData): Promise<NewsletterView> {
    await this.checkSegment(em, input.segment);
    const newsletter = em.create(Newsletter, {
      subject: input.subject,
      bodyHtml: savedHtml(input.bodyHtml, this.siteOrigin, 'bodyHtml'),
      segment: input.segment,
      segmentLabel: null,
      status: 'draft',
      sponsors: null,
      sourceArticle: null,
      createdBy: actor.user,
      sentBy: null,
      queuedAt: null,
      finishedAt: null,
    });
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.create',
      entityType: 'Newsletter',
      entityId: newsletter.id,
      before: null,
      after: this.auditFields(newsletter),
    });
    await em.flush();
    return this.get(em, newsletter.id);
  }

  async update(em: EntityManager, actor: Actor, input: NewsletterUpdate): Promise<NewsletterView> {
    const newsletter = await this.find(em, input.id);
    this.refuseUnlessDraft(newsletter);
    await this.checkSegment(em, input.segment);
    const before = this.auditFields(newsletter);
    em.assign(newsletter, {
      subject: input.subject,
      bodyHtml: savedHtml(input.bodyHtml, this.siteOrigin, 'bodyHtml'),
      segment: input.segment,
    });
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.update',
      entityType: 'Newsletter',
      entityId: newsletter.id,
      before,
      after: this.auditFields(newsletter),
    });
    await em.flush();
    return this.get(em, newsletter.id);
  }

  async remove(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const newsletter = await this.find(em, id);
    this.refuseUnlessDraft(newsletter, 'A sent newsletter stays in the archive: it cannot be deleted.');
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.delete',
      entityType: 'Newsletter',
      entityId: id,
      before: this.auditFields(newsletter),
      after: null,
    });
    em.remove(newsletter);
    await em.flush();
    return { message: 'Draft deleted.' };
  }

  /** A draft made from a news article (its picture and text); asking again for the same article opens the same draft. */
  async fromArticle(em: EntityManager, actor: Actor, articleId: string): Promise<NewsletterView> {
    const article = await em.findOne(NewsArticle, { id: articleId });
    if (!article) throw new AppError('NOT_FOUND', 'That article does not exist.');
    const existing = await em.findOne(Newsletter, { sourceArticle: articleId, status: 'draft' }, { orderBy: { createdAt: 'desc' } });
    if (existing) return this.get(em, existing.id);
    const picture = article.featuredImageUrl
      ? `<p><img src="${escapeAttr(article.featuredImageUrl)}" alt="${escapeAttr(article.title)}"></p>`
      : '';
    const newsletter = em.create(Newsletter, {
      subject: article.title.slice(0, 200),
      bodyHtml: sanitizeHtml(`${picture}${article.content}`, this.siteOrigin),
      segment: { kind: 'current' },
      segmentLabel: null,
      status: 'draft',
      sponsors: null,
      sourceArticle: article,
      createdBy: actor.user,
      sentBy: null,
      queuedAt: null,
      finishedAt: null,
    });
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.create',
      entityType: 'Newsletter',
      entityId: newsletter.id,
      before: null,
      after: { ...this.auditFields(newsletter), sourceArticleId: article.id },
    });
    await em.flush();
    return this.get(em, newsletter.id);
  }

  // ---------- Segments ----------

  async countSegment(em: EntityManager, segment: Segment): Promise<SegmentCount> {
    const eventName = await this.checkSegment(em, segment);
    const { send, skipped, withoutEmail } = await this.recipients(em, segment);
    return { label: segmentLabel(segment, eventName), recipients: send.length, unsubscribed: skipped.length, withoutEmail };
  }

  /**
   * Everyone a segment holds today, one per address, split into those it goes to and those who unsubscribed; and how
   * many of its members have no address of their own (a family's juniors: they are reached, if at all, through another).
   */
  async recipients(em: EntityManager, segment: Segment): Promise<{ send: Recipient[]; skipped: Recipient[]; withoutEmail: number }> {
    const today = clubToday(this.now());
    const current = (a: string) => currentMemberSql('?', a);
    const person = `m.id as member_id, lower(m.email) as email, m.first_name || ' ' || m.last_name as name`;
    // Members without an address are read too, to be counted as such.
    const fromMembers = `from members m where m.is_guest = false`;
    let rows: { member_id: string | null; email: string | null; name: string | null }[];
    switch (segment.kind) {
      case 'current':
        rows = await em.execute(`select ${person} ${fromMembers} and ${current('m')} order by m.last_name, m.first_name`, [today]);
        break;
      case 'expiring':
        rows = await em.execute(`select ${person} ${fromMembers} and ${current('m')} and m.expiry_date <= ? order by m.expiry_date`, [
          today,
          addDays(today, segment.days),
        ]);
        break;
      case 'lapsed':
        // Lapsed: expired (or active past its expiry before the nightly job), never joined-but-unpaid, and not
        // current under another record with the same address (someone who rejoined).
        rows = await em.execute(
          `select ${person} ${fromMembers}
             and ${expiredMemberSql('?', 'm')}
             and lower(m.email) not in (select lower(c.email) from members c where c.email is not null and ${current('c')})
           order by m.last_name, m.first_name`,
          [today, today],
        );
        break;
      case 'juniors':
        // Every household with a current member under 16 today, whatever its membership type (a family's juniors too).
        rows = await em.execute(
          `select ${person} ${fromMembers}
             and m.household_id in (select j.household_id from members j
               where j.is_guest = false and ${current('j')} and ${juniorOnSql('j.date_of_birth', '?::date')})
           order by m.is_primary desc, m.last_name, m.first_name`,
          [today, today],
        );
        break;
      case 'event':
        // A junior entrant without an address of their own is reached through their household's primary member.
        rows = await em.execute(
          `select m.id as member_id, lower(coalesce(nullif(m.email, ''), p.email)) as email, m.first_name || ' ' || m.last_name as name
           from event_registrations r
           join members m on m.id = r.member_id
           left join members p on p.household_id = m.household_id and p.is_primary and p.id <> m.id
           where r.event_id = ? and coalesce(nullif(m.email, ''), p.email) is not null
           order by r.created_at`,
          [segment.eventId],
        );
        break;
      case 'news':
        rows = await em.execute(
          `select null as member_id, np.email, coalesce(u.first_name || ' ' || u.last_name, m.first_name || ' ' || m.last_name) as name
           from newsletter_preferences np
           left join users u on lower(u.email) = np.email
           left join lateral (select first_name, last_name from members where lower(email) = np.email order by is_primary desc limit 1) m on true
           where np.choice = 'news'
           order by np.email`,
        );
        break;
    }
    const seen = new Map<string, Recipient>();
    let withoutEmail = 0;
    for (const row of rows) {
      const email = (row.email ?? '').trim();
      if (!email) withoutEmail += 1;
      if (!email || seen.has(email)) continue;
      seen.set(email, { memberId: row.member_id, email, name: row.name });
    }
    const all = [...seen.values()];
    const none = new Set(
      all.length
        ? (
            await em.execute<{ email: string }[]>(`select email from newsletter_preferences where choice = 'none' and email in (?)`, [
              all.map((r) => r.email),
            ])
          ).map((r) => r.email)
        : [],
    );
    return { send: all.filter((r) => !none.has(r.email)), skipped: all.filter((r) => none.has(r.email)), withoutEmail };
  }

  // ---------- Preview and test ----------

  async preview(em: EntityManager, input: NewsletterContent): Promise<RenderedNewsletter> {
    const mail = await this.render(em, input, await this.websiteSponsors(em));
    return { subject: mail.subject, html: personalise(mail, `${this.deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}`).html };
  }

  /** Sends the text as it stands to the committee member asking (only them), marked as a test; audited. */
  async testSend(em: EntityManager, actor: Actor, input: NewsletterContent & { id?: string }): Promise<{ message: string }> {
    const user = requireUser(actor);
    const mail = await this.render(
      em,
      input,
      await this.websiteSponsors(em),
      'Test send: only you received this. Nothing has gone to members.',
    );
    let delivered = true;
    try {
      const test = personalise(mail, `${this.deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}`);
      await this.deps.mailer.send({ to: user.email, ...test, subject: `[Test] ${test.subject}` });
    } catch (error) {
      delivered = false;
      this.deps.log.error({ err: (error as Error)?.message, subject: input.subject }, 'Newsletter test send failed');
    }
    recordAudit(em, {
      actor: user,
      action: 'newsletter.test_send',
      entityType: 'Newsletter',
      entityId: input.id ?? 'unsaved',
      before: null,
      after: { to: user.email, subject: input.subject, delivered },
    });
    await em.flush();
    if (!delivered)
      throw new AppError('BAD_GATEWAY', 'The test could not be sent: the mail server did not accept it. Please try again later.');
    return { message: `A test was sent to ${user.email}.` };
  }

  // ---------- Sending ----------

  /**
   * Queues a draft for its segment, once: the draft's row is locked and must still be a draft, so a double click or
   * a second tab gets CONFLICT. The messages go out from the queue, outside this transaction.
   */
  async send(em: EntityManager, actor: Actor, id: string): Promise<NewsletterView> {
    const user = requireUser(actor);
    await em.transactional(async (tx) => {
      const newsletter = await tx.findOne(Newsletter, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!newsletter) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (newsletter.status !== 'draft') {
        throw new AppError('CONFLICT', 'This newsletter has already been sent. Each person receives it once.');
      }
      const eventName = await this.checkSegment(tx, newsletter.segment);
      const { send, skipped } = await this.recipients(tx, newsletter.segment);
      if (!send.length) {
        throw new AppError(
          'BAD_REQUEST',
          'Nobody in this group can receive it (no e-mail addresses, or all unsubscribed). Please choose another group.',
          {
            field: 'segment',
          },
        );
      }
      const before = this.auditFields(newsletter);
      const sponsors = await this.websiteSponsors(tx);
      for (const r of send)
        tx.create(NewsletterDelivery, { newsletter, member: r.memberId, email: r.email, name: r.name, status: 'queued' });
      for (const r of skipped) {
        tx.create(NewsletterDelivery, {
          newsletter,
          member: r.memberId,
          email: r.email,
          name: r.name,
          status: 'skipped',
          reason: 'Unsubscribed',
        });
      }
      tx.assign(newsletter, {
        status: 'sending',
        queuedAt: this.now(),
        sentBy: user,
        segmentLabel: segmentLabel(newsletter.segment, eventName),
        sponsors,
      });
      recordAudit(tx, {
        actor: user,
        action: 'newsletter.send',
        entityType: 'Newsletter',
        entityId: id,
        before,
        after: {
          ...this.auditFields(newsletter),
          recipients: send.length,
          skippedUnsubscribed: skipped.length,
          sponsors: sponsors.map((s) => s.name),
        },
      });
    });
    this.onQueued();
    return this.get(em, id, true);
  }

  /** Queues again the recipients whose message failed or is uncertain: the committee's decision, audited. */
  async resend(em: EntityManager, actor: Actor, input: { id: string; statuses: ('failed' | 'uncertain')[] }): Promise<NewsletterView> {
    const newsletter = await this.find(em, input.id);
    if (newsletter.status === 'draft') throw new AppError('CONFLICT', 'This newsletter has not been sent yet.');
    const rows = await em.execute<{ id: number; email: string; status: string }[]>(
      `update newsletter_deliveries d set status = 'queued', reason = null
       from (select id, status from newsletter_deliveries where newsletter_id = ? and status in (?) for update) old
       where d.id = old.id returning d.id, d.email, old.status`,
      [input.id, input.statuses],
    );
    if (!rows.length) throw new AppError('CONFLICT', 'There is nothing to send again: no message failed or is uncertain.');
    await em.execute(`update newsletters set status = 'sending', finished_at = null where id = ?`, [input.id]);
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.resend',
      entityType: 'Newsletter',
      entityId: input.id,
      before: { status: newsletter.status, deliveries: rows.map((r) => ({ email: r.email, status: r.status })) },
      after: { status: 'sending', deliveries: rows.map((r) => ({ email: r.email, status: 'queued' })) },
    });
    await em.flush();
    this.onQueued();
    return this.get(em, input.id, true);
  }

  /**
   * One pass of the queue: claims stale in-flight messages as uncertain, then sends while the pace allows
   * (`perSecond`, across every instance: each claim waits for 1/perSecond after the last, whoever made it).
   */
  async sendDue(em: EntityManager, perSecond: number): Promise<QueuePass> {
    const uncertain = await this.markUncertain(em);
    let sent = 0;
    let failed = 0;
    for (let claim = await this.claimNext(em, perSecond); claim; claim = await this.claimNext(em, perSecond)) {
      if (await this.deliver(em, claim)) sent += 1;
      else failed += 1;
    }
    const [{ waiting }] = await em.execute<{ waiting: boolean }[]>(
      `select exists (select 1 from newsletter_deliveries d join newsletters n on n.id = d.newsletter_id
                      where d.status = 'queued' and n.status = 'sending') as waiting`,
    );
    if (sent || failed || uncertain) this.deps.log.info({ sent, failed, uncertain }, 'Newsletter queue');
    return { sent, failed, uncertain, more: waiting };
  }

  private async claimNext(em: EntityManager, perSecond: number): Promise<Claim | null> {
    const now = this.now();
    return em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [QUEUE_LOCK]);
      const [{ last }] = await tx.execute<{ last: Date | null }[]>('select max(claimed_at) as last from newsletter_deliveries');
      if (last && now.getTime() - new Date(last).getTime() < 1000 / perSecond) return null;
      const rows = await tx.execute<{ id: string | number; newsletter_id: string; email: string }[]>(
        `update newsletter_deliveries d set status = 'sending', claimed_at = ?, attempts = d.attempts + 1
         from (select d2.id from newsletter_deliveries d2 join newsletters n on n.id = d2.newsletter_id
               where d2.status = 'queued' and n.status = 'sending' order by d2.id limit 1 for update of d2 skip locked) next
         where d.id = next.id returning d.id, d.newsletter_id, d.email`,
        [now],
      );
      return rows.length ? { id: Number(rows[0].id), newsletterId: rows[0].newsletter_id, email: rows[0].email } : null;
    });
  }

  /** Sends one claimed message (outside any transaction) and records the answer. */
  private async deliver(em: EntityManager, claim: Claim): Promise<boolean> {
    let error: string | null = null;
    try {
      const mail = await this.renderedFor(em, claim.newsletterId);
      const token = this.tokenFor(claim.id);
      const page = `${this.deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`;
      const oneClick = `${this.deps.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`;
      await this.deps.mailer.send({
        to: claim.email,
        ...personalise(mail, page),
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (thrown) {
      error = ((thrown as Error)?.message ?? String(thrown)).replace(/\s+/g, ' ').slice(0, 290);
      this.deps.log.error({ err: error, delivery: claim.id }, 'Newsletter delivery failed');
    }
    // An answer that comes after the claim was given up as uncertain is still recorded.
    await em.execute(
      `update newsletter_deliveries set status = ?, sent_at = ?, reason = ? where id = ? and status in ('sending', 'uncertain')`,
      [error ? 'failed' : 'sent', error ? null : this.now(), error ? `Not delivered: ${error}` : null, claim.id],
    );
    await this.finishIfDone(em, [claim.newsletterId]);
    return !error;
  }

  private async markUncertain(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ newsletter_id: string }[]>(
      `update newsletter_deliveries set status = 'uncertain', reason = ? where status = 'sending' and claimed_at < ? returning newsletter_id`,
      [UNCERTAIN_REASON, new Date(this.now().getTime() - CLAIM_STALE_MS)],
    );
    if (rows.length) await this.finishIfDone(em, [...new Set(rows.map((r) => r.newsletter_id))]);
    return rows.length;
  }

  private async finishIfDone(em: EntityManager, ids: string[]) {
    await em.execute(
      `update newsletters n set status = 'sent', finished_at = ? where n.id in (?) and n.status = 'sending'
       and not exists (select 1 from newsletter_deliveries d where d.newsletter_id = n.id and d.status in ('queued', 'sending'))`,
      [this.now(), ids],
    );
  }

  private renderedFor(em: EntityManager, id: string): Promise<RenderedNewsletterMail> {
    let mail = this.rendered.get(id);
    if (!mail) {
      mail = (async () => {
        const newsletter = await em.fork().findOneOrFail(Newsletter, { id });
        return this.render(em, newsletter, newsletter.sponsors ?? []);
      })();
      mail.catch(() => this.rendered.delete(id));
      // A few newsletters at most are ever sending at once.
      if (this.rendered.size >= 4) this.rendered.delete(this.rendered.keys().next().value!);
      this.rendered.set(id, mail);
    }
    return mail;
  }

  private async render(em: EntityManager, content: NewsletterContent, sponsors: NewsletterSponsor[], banner?: string) {
    const meeting = await em.fork().findOne(SiteSetting, { settingKey: 'meeting_night' });
    return renderNewsletter({
      subject: content.subject,
      bodyHtml: sanitizeHtml(content.bodyHtml, this.siteOrigin),
      sponsors,
      meetingNight: meeting?.settingValue?.trim() || null,
      publicUrl: this.deps.publicUrl,
      banner,
    });
  }

  /** The active sponsors whose package includes newsletters (Website, or Shirt & Website). */
  private async websiteSponsors(em: EntityManager): Promise<NewsletterSponsor[]> {
    const today = clubToday(this.now());
    const sponsors = await em.find(
      Sponsor,
      { status: 'active', sponsorshipType: { $in: ['website', 'both'] }, $or: [{ endDate: null }, { endDate: { $gte: today } }] },
      { orderBy: { amountCents: 'desc', companyName: 'asc' } },
    );
    return sponsors.map((s) => ({ name: s.companyName, logoUrl: s.logoUrl ?? null, websiteUrl: s.websiteUrl ?? null }));
  }

  // ---------- Archive ----------

  /** Sent newsletters a member may read: those that went to every member or the news list, and any sent to them. */
  async archive(em: EntityManager, actor: Actor): Promise<ArchivedNewsletter[]> {
    const emails = await this.addressesOf(em, actor);
    const rows = await em.execute<{ id: string; subject: string; queued_at: Date }[]>(
      `select n.id, n.subject, n.queued_at from newsletters n
       where n.status <> 'draft' and (n.segment->>'kind' in ('current', 'news')
         or exists (select 1 from newsletter_deliveries d where d.newsletter_id = n.id and d.email in (?) and d.status <> 'skipped'))
       order by n.queued_at desc limit 100`,
      [emails],
    );
    return rows.map((r) => ({ id: r.id, subject: r.subject, sentAt: new Date(r.queued_at).toISOString() }));
  }

  /** One archived newsletter as it was sent; the committee may read any, a member those in their archive. */
  async read(em: EntityManager, actor: Actor, id: string) {
    const user = requireUser(actor);
    const newsletter = await em.findOne(Newsletter, { id });
    const readable =
      newsletter && newsletter.status !== 'draft' && (user.role === 'admin' || (await this.archive(em, actor)).some((a) => a.id === id));
    if (!newsletter || !readable) throw new AppError('NOT_FOUND', NOT_FOUND);
    return {
      id: newsletter.id,
      subject: newsletter.subject,
      sentAt: newsletter.queuedAt!.toISOString(),
      bodyHtml: sanitizeHtml(newsletter.bodyHtml, this.siteOrigin),
      sponsors: newsletter.sponsors ?? [],
    };
  }

  async deliveries(
    em: EntityManager,
    input: { id: string; status?: DeliveryStatus; page: number; pageSize: number },
  ): Promise<DeliveryPage> {
    await this.find(em, input.id);
    const [rows, total] = await em.findAndCount(
      NewsletterDelivery,
      { newsletter: input.id, ...(input.status ? { status: input.status } : {}) },
      { orderBy: { id: 'asc' }, limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
    );
    return {
      total,
      rows: rows.map((d) => ({
        id: Number(d.id),
        email: d.email,
        name: d.name ?? null,
        status: d.status,
        reason: d.reason ?? null,
        sentAt: d.sentAt?.toISOString() ?? null,
      })),
    };
  }

  // ---------- Choices and unsubscribing ----------

  async myChoice(em: EntityManager, actor: Actor): Promise<{ email: string; choice: NewsletterChoice }> {
    const email = requireUser(actor).email.toLowerCase();
    const row = await em.findOne(NewsletterPreference, { email });
    return { email, choice: row?.choice ?? 'members' };
  }

  async setMyChoice(em: EntityManager, actor: Actor, choice: NewsletterChoice): Promise<{ email: string; choice: NewsletterChoice }> {
    const email = requireUser(actor).email.toLowerCase();
    await this.setChoice(em, email, choice, 'portal');
    return { email, choice };
  }

  async unsubscribeInfo(em: EntityManager, token: string): Promise<UnsubscribeInfo> {
    const delivery = await this.deliveryOf(em, token);
    const row = await em.findOne(NewsletterPreference, { email: delivery.email });
    return { email: delivery.email, subject: delivery.newsletter.subject, unsubscribed: row?.choice === 'none' };
  }

  /**
   * Unsubscribes the address a newsletter went to from every newsletter (from the page, or a mail app's one-click
   * button); safe to repeat. Service e-mails are not affected.
   */
  async unsubscribe(em: EntityManager, token: string, source: 'unsubscribe page' | 'one-click'): Promise<{ message: string }> {
    const delivery = await this.deliveryOf(em, token);
    await this.setChoice(em, delivery.email, 'none', source);
    await em.execute('update newsletter_deliveries set unsubscribed_at = coalesce(unsubscribed_at, ?) where id = ?', [
      this.now(),
      delivery.id,
    ]);
    return { message: `${delivery.email} is unsubscribed from the club's newsletters.` };
  }

  async resubscribe(em: EntityManager, token: string): Promise<{ message: string }> {
    const delivery = await this.deliveryOf(em, token);
    await this.setChoice(em, delivery.email, 'members', 'unsubscribe page');
    return { message: `${delivery.email} will receive the club's newsletters again.` };
  }

  private async setChoice(em: EntityManager, email: string, choice: NewsletterChoice, source: string) {
    const before = await em.findOne(NewsletterPreference, { email });
    if ((before?.choice ?? 'members') === choice) return;
    await em.execute(
      `insert into newsletter_preferences (email, choice, source, changed_at) values (?, ?, ?, ?)
       on conflict (email) do update set choice = excluded.choice, source = excluded.source, changed_at = excluded.changed_at`,
      [email, choice, source, this.now()],
    );
    // Kept with the club's records, so the committee can see why someone no longer receives newsletters.
    recordAudit(em, {
      actor: null,
      actorLabel: source,
      action: 'newsletter.choice',
      entityType: 'NewsletterPreference',
      entityId: email,
      before: { choice: before?.choice ?? 'members' },
      after: { choice },
    });
    await em.flush();
  }

  /** An unsubscribe link's token: the delivery's id and its signature, so nobody can unsubscribe another address. */
  tokenFor(deliveryId: number): string {
    return `${deliveryId}.${this.signature(deliveryId)}`;
  }

  private signature(deliveryId: number): string {
    if (!this.deps.sealingSecret) throw new Error('The site secret is not configured: unsubscribe links cannot be signed.');
    return createHmac('sha256', this.deps.sealingSecret).update(`newsletter-unsubscribe:${deliveryId}`).digest('base64url').slice(0, 32);
  }

  private async deliveryOf(em: EntityManager, token: string) {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
    if (!match) throw new AppError('BAD_REQUEST', BAD_LINK, { field: 'token' });
    const id = Number(match[1]);
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(match[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppError('BAD_REQUEST', BAD_LINK, { field: 'token' });
    const delivery = await em.findOne(NewsletterDelivery, { id }, { populate: ['newsletter'] });
    if (!delivery) throw new AppError('NOT_FOUND', BAD_LINK);
    return delivery;
  }

  // ---------- Helpers ----------

  private async addressesOf(em: EntityManager, actor: Actor): Promise<string[]> {
    const user = requireUser(actor);
    const member = await em.findOne(Member, { user: user.id });
    return [...new Set([user.email.toLowerCase(), ...(member?.email ? [member.email.toLowerCase()] : [])])];
  }

  private async find(em: EntityManager, id: string, fresh = false): Promise<Newsletter> {
    const newsletter = await em.findOne(Newsletter, { id }, { populate: ['sentBy'], refresh: fresh });
    if (!newsletter) throw new AppError('NOT_FOUND', NOT_FOUND);
    return newsletter;
  }

  private refuseUnlessDraft(newsletter: Newsletter, message = 'This newsletter has been sent: it can no longer be changed.') {
    if (newsletter.status !== 'draft') throw new AppError('CONFLICT', message);
  }

  /** An event segment must name an event that exists; returns its name. */
  private async checkSegment(em: EntityManager, segment: Segment): Promise<string | null> {
    if (segment.kind !== 'event') return null;
    const event = await em.findOne(Event, { id: segment.eventId });
    if (!event) throw new AppError('BAD_REQUEST', 'That event does not exist. Please choose another.', { field: 'segment.eventId' });
    return event.name;
  }

  private async countsOf(em: EntityManager, ids: string[]): Promise<Map<string, DeliveryCounts>> {
    const counts = new Map<string, DeliveryCounts>();
    if (!ids.length) return counts;
    const rows = await em.execute<{ newsletter_id: string; status: DeliveryStatus; n: string }[]>(
      'select newsletter_id, status, count(*) as n from newsletter_deliveries where newsletter_id in (?) group by newsletter_id, status',
      [ids],
    );
    for (const row of rows) {
      const c = counts.get(row.newsletter_id) ?? { ...EMPTY_COUNTS };
      c[row.status] = Number(row.n);
      c.total += Number(row.n);
      counts.set(row.newsletter_id, c);
    }
    return counts;
  }

  private async eventNames(em: EntityManager, segments: Segment[]): Promise<Map<string, string>> {
    const ids = [...new Set(segments.flatMap((s) => (s.kind === 'event' ? [s.eventId] : [])))];
    if (!ids.length) return new Map();
    const events = await em.find(Event, { id: { $in: ids } });
    return new Map(events.map((e) => [e.id, e.name]));
  }

  private summary(n: Newsletter, counts: DeliveryCounts | undefined, events: Map<string, string>): NewsletterSummary {
    return {
      id: n.id,
      subject: n.subject,
      status: n.status,
      segment: n.segment,
      segmentLabel: n.segmentLabel ?? segmentLabel(n.segment, n.segment.kind === 'event' ? events.get(n.segment.eventId) : null),
      createdAt: n.createdAt.toISOString(),
      updatedAt: n.updatedAt.toISOString(),
      queuedAt: n.queuedAt?.toISOString() ?? null,
      finishedAt: n.finishedAt?.toISOString() ?? null,
      sentBy: n.sentBy ? `${n.sentBy.firstName} ${n.sentBy.lastName}` : null,
      counts: counts ?? { ...EMPTY_COUNTS },
    };
  }

  private view(n: Newsletter, counts: DeliveryCounts | undefined, events: Map<string, string>): NewsletterView {
    return { ...this.summary(n, counts, events), bodyHtml: n.bodyHtml, sourceArticleId: n.sourceArticle?.id ?? null };
  }

  /** Every field the committee sets, for the audit log. */
  private auditFields(n: Newsletter) {
    return { subject: n.subject, bodyHtml: n.bodyHtml, segment: n.segment, status: n.status };
  }
}

function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
