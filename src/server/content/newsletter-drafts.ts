import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import type { NewsletterData, NewsletterSummary, NewsletterUpdate, NewsletterView } from '../../shared/newsletters.schema';
import { NewsArticle, Newsletter } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import {
  auditFields,
  checkSegment,
  countsOf,
  eventNames,
  findNewsletter,
  newsletterView,
  refuseUnlessDraft,
  summaryOf,
} from './newsletter-common';
import { escapeHtml } from '../emails/layout';
import { sanitizeHtml, savedHtml } from './html';

/** Newsletter drafts: listed, written, edited, deleted, and made from a news article. */
export class NewsletterDrafts {
  constructor(private readonly siteOrigin: string) {}

  async list(em: EntityManager): Promise<NewsletterSummary[]> {
    const newsletters = await em.find(Newsletter, {}, { populate: ['sentBy'], orderBy: { createdAt: 'desc' } });
    const counts = await countsOf(
      em,
      newsletters.map((n) => n.id),
    );
    const events = await eventNames(
      em,
      newsletters.map((n) => n.segment),
    );
    return newsletters.map((n) => summaryOf(n, counts.get(n.id), events));
  }

  async create(em: EntityManager, actor: Actor, input: NewsletterData): Promise<NewsletterView> {
    await checkSegment(em, input.segment);
    const newsletter = newDraft(em, actor, {
      subject: input.subject,
      bodyHtml: savedHtml(input.bodyHtml, this.siteOrigin, 'bodyHtml'),
      segment: input.segment,
      sourceArticle: null,
    });
    await em.flush();
    return newsletterView(em, newsletter.id);
  }

  async update(em: EntityManager, actor: Actor, input: NewsletterUpdate): Promise<NewsletterView> {
    const newsletter = await findNewsletter(em, input.id);
    refuseUnlessDraft(newsletter);
    await checkSegment(em, input.segment);
    const before = auditFields(newsletter);
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
      after: auditFields(newsletter),
    });
    await em.flush();
    return newsletterView(em, newsletter.id);
  }

  async remove(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const newsletter = await findNewsletter(em, id);
    refuseUnlessDraft(newsletter, 'A sent newsletter stays in the archive: it cannot be deleted.');
    recordAudit(em, {
      actor: actor.user,
      action: 'newsletter.delete',
      entityType: 'Newsletter',
      entityId: id,
      before: auditFields(newsletter),
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
    if (existing) return newsletterView(em, existing.id);
    const picture = article.featuredImageUrl
      ? `<p><img src="${escapeHtml(article.featuredImageUrl)}" alt="${escapeHtml(article.title)}"></p>`
      : '';
    const newsletter = newDraft(em, actor, {
      subject: article.title.slice(0, 200),
      bodyHtml: sanitizeHtml(`${picture}${article.content}`, this.siteOrigin),
      segment: { kind: 'current' },
      sourceArticle: article,
    });
    await em.flush();
    return newsletterView(em, newsletter.id);
  }
}

/** A new draft by the committee member, audited; from a news article, the audit names it. */
function newDraft(
  em: EntityManager,
  actor: Actor,
  draft: Pick<Newsletter, 'subject' | 'bodyHtml' | 'segment'> & { sourceArticle: NewsArticle | null },
): Newsletter {
  const newsletter = em.create(Newsletter, {
    ...draft,
    segmentLabel: null,
    status: 'draft',
    sponsors: null,
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
    after: draft.sourceArticle ? { ...auditFields(newsletter), sourceArticleId: draft.sourceArticle.id } : auditFields(newsletter),
  });
  return newsletter;
}
