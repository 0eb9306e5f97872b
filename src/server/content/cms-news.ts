import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsData, NewsView } from '../../shared/cms.schema';
import type { Clock } from '../clock';
import { NewsArticle } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { refuseApiAddress } from './api-address';
import { findById, newsView, saveAudited } from './cms-common';
import { savedHtml } from './html';

/** The club's news articles: listed, written, published and deleted. */
export class CmsNews {
  constructor(
    private readonly deps: { clock: Clock },
    private readonly siteOrigin: string,
  ) {}

  async listNews(em: EntityManager): Promise<NewsView[]> {
    return (await em.find(NewsArticle, {}, { orderBy: { createdAt: 'desc' } })).map((a) => newsView(a));
  }

  async createNews(em: EntityManager, actor: Actor, input: NewsData): Promise<NewsView> {
    refuseApiAddress(input.featuredImageUrl, 'The featured image', 'featuredImageUrl', this.siteOrigin);
    const article = em.create(NewsArticle, {
      ...input,
      content: savedHtml(input.content, this.siteOrigin, 'content'),
      publishedAt: input.published ? this.deps.clock.now() : null,
    });
    await saveAudited(em, actor, 'news.create', 'NewsArticle', article.id, null, { title: input.title, published: input.published });
    return newsView(article);
  }

  /** Publishing stamps publishedAt now; unpublishing clears it; staying published keeps the stamp. */
  async updateNews(em: EntityManager, actor: Actor, id: string, input: NewsData): Promise<NewsView> {
    refuseApiAddress(input.featuredImageUrl, 'The featured image', 'featuredImageUrl', this.siteOrigin);
    const article = await findById(em, NewsArticle, id, 'That article does not exist.');
    const before = { title: article.title, published: article.published, publishedAt: article.publishedAt?.toISOString() ?? null };
    const publishedAt = input.published ? (article.published && article.publishedAt ? article.publishedAt : this.deps.clock.now()) : null;
    em.assign(article, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content'), publishedAt });
    await saveAudited(em, actor, 'news.update', 'NewsArticle', id, before, { title: input.title, published: input.published });
    return newsView(article);
  }

  async deleteNews(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const article = await findById(em, NewsArticle, id, 'That article does not exist.');
    recordAudit(em, {
      actor: actor.user,
      action: 'news.delete',
      entityType: 'NewsArticle',
      entityId: id,
      before: { title: article.title },
      after: null,
    });
    em.remove(article);
    await em.flush();
    return { message: 'Article deleted successfully' };
  }
}
