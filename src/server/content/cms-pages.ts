import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageData, PageView } from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import { suggestSlug } from '../../shared/site-navigation';
import { ContentPage } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { findById, pageView, saveAudited } from './cms-common';
import { savedHtml } from './html';

/** The committee's pages: listed, created, edited and deleted, each slug used once. */
export class CmsPages {
  constructor(private readonly siteOrigin: string) {}

  async listPages(em: EntityManager): Promise<PageView[]> {
    return (await em.find(ContentPage, {}, { orderBy: { title: 'asc' } })).map((p) => pageView(p));
  }

  async createPage(em: EntityManager, actor: Actor, input: PageData): Promise<PageView> {
    await this.refuseTakenSlug(em, input.slug, null);
    const page = em.create(ContentPage, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content') });
    await saveAudited(em, actor, 'page.create', 'ContentPage', page.id, null, input, 'A page with that slug already exists.');
    return pageView(page);
  }

  async updatePage(em: EntityManager, actor: Actor, id: string, input: PageData): Promise<PageView> {
    const page = await findById(em, ContentPage, id, 'That page does not exist.');
    await this.refuseTakenSlug(em, input.slug, id);
    const before = pageView(page);
    em.assign(page, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content') });
    await saveAudited(em, actor, 'page.update', 'ContentPage', id, before, input, 'A page with that slug already exists.');
    return pageView(page);
  }

  /** A slug another page has is refused on the slug field, naming that page and suggesting a free one. */
  private async refuseTakenSlug(em: EntityManager, slug: string, id: string | null): Promise<void> {
    const other = await em.findOne(ContentPage, { slug, ...(id ? { id: { $ne: id } } : {}) });
    if (!other) return;
    const taken = (await em.find(ContentPage, { slug: { $like: `${slug}%` } }, { fields: ['slug'] })).map((p) => p.slug);
    throw new AppError(
      'CONFLICT',
      `The address /pages/${slug} is already used by the page '${other.title}'. Choose another slug, such as ${suggestSlug(slug, taken)}.`,
      { field: 'slug' },
    );
  }

  async deletePage(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const page = await findById(em, ContentPage, id, 'That page does not exist.');
    recordAudit(em, {
      actor: actor.user,
      action: 'page.delete',
      entityType: 'ContentPage',
      entityId: id,
      before: pageView(page),
      after: null,
    });
    em.remove(page);
    await em.flush();
    return { message: 'Page deleted successfully' };
  }
}
