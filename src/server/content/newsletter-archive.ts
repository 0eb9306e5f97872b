import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import type { ArchivedNewsletter, DeliveryPage, DeliveryStatus } from '../../shared/newsletters.schema';
import { Member, Newsletter, NewsletterDelivery } from '../db/entities';
import type { Actor } from '../platform/actor';
import { requireUser } from '../platform/actor';
import { findNewsletter, NOT_FOUND } from './newsletter-common';
import { sanitizeHtml } from './html';

/** Sent newsletters: a member's archive, one as it was sent, and the committee's list of its messages. */
export class NewsletterArchive {
  constructor(private readonly siteOrigin: string) {}

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
    await findNewsletter(em, input.id);
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

  private async addressesOf(em: EntityManager, actor: Actor): Promise<string[]> {
    const user = requireUser(actor);
    const member = await em.findOne(Member, { user: user.id });
    return [...new Set([user.email.toLowerCase(), ...(member?.email ? [member.email.toLowerCase()] : [])])];
  }
}
