import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { ONE_CLICK_UNSUBSCRIBE_PATH, segmentLabel, UNSUBSCRIBE_PAGE_PATH, type NewsletterView } from '../../shared/newsletters.schema';
import { Newsletter, NewsletterDelivery } from '../db/entities';
import { personalise } from '../emails/newsletter.emails';
import type { Actor } from '../platform/actor';
import { requireUser } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { auditFields, checkSegment, findNewsletter, newsletterView, NOT_FOUND, type NewslettersDeps } from './newsletter-common';
import type { NewsletterMail } from './newsletter-mail';
import type { NewsletterSegments } from './newsletter-segments';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** A claimed message whose answer never came back (the site stopped mid-send) is uncertain after this long. */
export const CLAIM_STALE_MS = 10 * 60_000;
/** One advisory lock for the queue's pacing, shared by every instance of the site. */
const QUEUE_LOCK = 7_204_211;
const UNCERTAIN_REASON = 'The site stopped while this message was being sent: it may or may not have arrived, so it was not sent again.';

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

/**
 * Sending: a draft queued for its segment once, failed or uncertain messages queued again, and the paced queue that
 * survives a restart (each recipient claimed before the message goes out, the answer recorded after).
 */
export class NewsletterSending {
  constructor(
    private readonly deps: NewslettersDeps,
    private readonly parts: { segments: NewsletterSegments; mail: NewsletterMail; tokens: UnsubscribeTokens },
    /** Tells the queue a newsletter was queued, so it starts at once rather than at its next look. */
    private readonly onQueued: () => void,
  ) {}

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
      const eventName = await checkSegment(tx, newsletter.segment);
      const { send, skipped } = await this.parts.segments.recipients(tx, newsletter.segment);
      if (!send.length) {
        throw new AppError(
          'BAD_REQUEST',
          'Nobody in this group can receive it (no e-mail addresses, or all unsubscribed). Please choose another group.',
          {
            field: 'segment',
          },
        );
      }
      const before = auditFields(newsletter);
      const sponsors = await this.parts.mail.websiteSponsors(tx);
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
        queuedAt: this.deps.clock.now(),
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
          ...auditFields(newsletter),
          recipients: send.length,
          skippedUnsubscribed: skipped.length,
          sponsors: sponsors.map((s) => s.name),
        },
      });
    });
    this.onQueued();
    return newsletterView(em, id, true);
  }

  /** Queues again the recipients whose message failed or is uncertain: the committee's decision, audited. */
  async resend(em: EntityManager, actor: Actor, input: { id: string; statuses: ('failed' | 'uncertain')[] }): Promise<NewsletterView> {
    const newsletter = await findNewsletter(em, input.id);
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
    return newsletterView(em, input.id, true);
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
    const now = this.deps.clock.now();
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
      const mail = await this.parts.mail.renderedFor(em, claim.newsletterId);
      const token = this.parts.tokens.tokenFor(claim.id);
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
      [error ? 'failed' : 'sent', error ? null : this.deps.clock.now(), error ? `Not delivered: ${error}` : null, claim.id],
    );
    await this.finishIfDone(em, [claim.newsletterId]);
    return !error;
  }

  private async markUncertain(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ newsletter_id: string }[]>(
      `update newsletter_deliveries set status = 'uncertain', reason = ? where status = 'sending' and claimed_at < ? returning newsletter_id`,
      [UNCERTAIN_REASON, new Date(this.deps.clock.now().getTime() - CLAIM_STALE_MS)],
    );
    if (rows.length) await this.finishIfDone(em, [...new Set(rows.map((r) => r.newsletter_id))]);
    return rows.length;
  }

  private async finishIfDone(em: EntityManager, ids: string[]) {
    await em.execute(
      `update newsletters n set status = 'sent', finished_at = ? where n.id in (?) and n.status = 'sending'
       and not exists (select 1 from newsletter_deliveries d where d.newsletter_id = n.id and d.status in ('queued', 'sending'))`,
      [this.deps.clock.now(), ids],
    );
  }
}
