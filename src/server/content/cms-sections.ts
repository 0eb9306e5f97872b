import type { EntityManager } from '@mikro-orm/postgresql';
import { SECTION_TEMPLATES, sectionKeysShownOn, type SectionData, type SectionTemplate, type SectionView } from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import { SiteSection } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { findById, saveAudited, sectionView, storedContent } from './cms-common';

/** How the Templates dialog names each template in its messages. */
const TEMPLATE_NAMES: Record<SectionTemplate, string> = {
  hero_section: 'Hero Section',
  feature_grid: 'Feature Grid',
  about_section: 'About Section',
};

/** The sections of the committee's pages: edited, moved, copied, and made from the templates. */
export class CmsSections {
  constructor(private readonly siteOrigin: string) {}

  async listSections(em: EntityManager): Promise<SectionView[]> {
    return (await em.find(SiteSection, {}, { orderBy: { pageSlug: 'asc', sortOrder: 'asc', createdAt: 'asc' } })).map((s) =>
      sectionView(s),
    );
  }

  async createSection(em: EntityManager, actor: Actor, input: SectionData): Promise<SectionView> {
    const section = em.create(SiteSection, { ...input, content: storedContent(input.contentType, input.content, this.siteOrigin) });
    await saveAudited(
      em,
      actor,
      'section.create',
      'SiteSection',
      section.id,
      null,
      input,
      'That page already has a section with this key.',
    );
    return sectionView(section);
  }

  async updateSection(em: EntityManager, actor: Actor, id: string, input: SectionData): Promise<SectionView> {
    const section = await findById(em, SiteSection, id, 'That section does not exist.');
    const before = sectionView(section);
    em.assign(section, { ...input, content: storedContent(input.contentType, input.content, this.siteOrigin) });
    await saveAudited(em, actor, 'section.update', 'SiteSection', id, before, input, 'That page already has a section with this key.');
    return sectionView(section);
  }

  async deleteSection(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const section = await findById(em, SiteSection, id, 'That section does not exist.');
    recordAudit(em, {
      actor: actor.user,
      action: 'section.delete',
      entityType: 'SiteSection',
      entityId: id,
      before: sectionView(section),
      after: null,
    });
    em.remove(section);
    await em.flush();
    return { message: 'Section deleted successfully' };
  }

  /** Up lowers sortOrder by 1 only when above 0; down raises it by 1. */
  async moveSection(em: EntityManager, actor: Actor, id: string, direction: 'up' | 'down'): Promise<SectionView> {
    const section = await findById(em, SiteSection, id, 'That section does not exist.');
    const before = section.sortOrder;
    section.sortOrder = direction === 'up' ? Math.max(0, before - 1) : before + 1;
    if (section.sortOrder === before) return sectionView(section);
    recordAudit(em, {
      actor: actor.user,
      action: 'section.move',
      entityType: 'SiteSection',
      entityId: id,
      before: { sortOrder: before },
      after: { sortOrder: section.sortOrder },
    });
    await em.flush();
    return sectionView(section);
  }

  /** A copy: key + '_copy', title + ' (Copy)', sortOrder + 1, unpublished. A second copy gets '_copy_2', and so on. */
  async duplicateSection(em: EntityManager, actor: Actor, id: string): Promise<SectionView> {
    const source = await findById(em, SiteSection, id, 'That section does not exist.');
    const taken = new Set(
      (await em.find(SiteSection, { pageSlug: source.pageSlug, sectionKey: { $like: `${source.sectionKey}_copy%` } })).map(
        (s) => s.sectionKey,
      ),
    );
    let key = `${source.sectionKey}_copy`;
    for (let n = 2; taken.has(key); n++) key = `${source.sectionKey}_copy_${n}`;
    const copy = em.create(SiteSection, {
      pageSlug: source.pageSlug,
      sectionKey: key.slice(0, 80),
      title: `${source.title} (Copy)`.slice(0, 200),
      contentType: source.contentType,
      content: source.content,
      sortOrder: source.sortOrder + 1,
      published: false,
    });
    await saveAudited(
      em,
      actor,
      'section.duplicate',
      'SiteSection',
      copy.id,
      { from: source.id },
      { sectionKey: copy.sectionKey },
      'That page already has a section with this key.',
    );
    return sectionView(copy);
  }

  /**
   * Creates a template's sections on a page, published, after the page's last section and in the template's order; keys
   * the page already has are left alone. Only sections the page shows are created (the landing page shows its own texts
   * alone): a template none of whose sections would show there is refused, saying so.
   */
  async fromTemplate(em: EntityManager, actor: Actor, template: SectionTemplate, pageSlug: string): Promise<SectionView[]> {
    const onPage = await em.find(SiteSection, { pageSlug });
    const existing = new Set(onPage.map((s) => s.sectionKey));
    const shown = sectionKeysShownOn(pageSlug);
    const wanted = SECTION_TEMPLATES[template].filter((t) => shown === 'all' || shown.includes(t.sectionKey));
    if (wanted.length === 0)
      throw new AppError(
        'BAD_REQUEST',
        `The ${pageSlug} page does not show the ${TEMPLATE_NAMES[template]} template's sections; it shows only its own texts (such as hero_title and hero_subtitle). Edit those sections, or use the template on another page.`,
        { field: 'pageSlug' },
      );
    const fresh = wanted.filter((t) => !existing.has(t.sectionKey));
    if (fresh.length === 0) throw new AppError('CONFLICT', `The page '${pageSlug}' already has every section of ${template}.`);
    const next = onPage.reduce((max, s) => Math.max(max, s.sortOrder + 1), 0);
    const created = fresh.map((t, i) =>
      em.create(SiteSection, {
        pageSlug,
        sectionKey: t.sectionKey,
        title: t.title,
        contentType: t.contentType,
        content: t.content,
        sortOrder: next + i,
        published: true,
      }),
    );
    recordAudit(em, {
      actor: actor.user,
      action: 'section.template',
      entityType: 'SiteSection',
      entityId: pageSlug,
      before: null,
      after: { template, sections: created.map((s) => sectionView(s)) },
    });
    await em.flush();
    return created.map((s) => sectionView(s));
  }
}
