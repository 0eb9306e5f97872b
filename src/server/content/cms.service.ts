import type { EntityManager } from '@mikro-orm/postgresql';
import {
  KNOWN_SETTINGS,
  SECTION_TEMPLATES,
  sectionKeysShownOn,
  type ContentPageView,
  type NewsData,
  type NewsView,
  type PageData,
  type PageView,
  type PublicSection,
  type PublicSettings,
  type SectionData,
  type SectionTemplate,
  type SectionView,
  type SettingData,
  type SettingView,
} from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import type { EntryFeeDefaults } from '../../shared/events.schema';
import { ONE_PLACING_LABEL } from '../../shared/placing-rules.schema';
import type { Clock } from '../clock';
import { ContentPage, NewsArticle, SiteSection, SiteSetting } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit } from '../platform/audit.service';
import { FISHING_AREA_SETTING } from '../catches/fishing-area.service';
import { ONE_PLACING_SETTING } from '../competition/placing-rules.service';
import type { Actor } from '../platform/actor';
import type { ContentCache } from '../platform/content-cache';
import { API_ADDRESS_MESSAGE, pointsIntoApi } from '../../shared/site-urls';
import { imageAddressMessage, isImageAddress } from '../../shared/image-address';
import { sanitizeHtml, savedHtml } from './html';
import {
  parseSiteNavigation,
  SITE_NAVIGATION_SETTING,
  siteNavigation,
  suggestSlug,
  titleFromSlug,
  type NavLink,
} from '../../shared/site-navigation';

/** How the Templates dialog names each template in its messages. */
const TEMPLATE_NAMES: Record<SectionTemplate, string> = {
  hero_section: 'Hero Section',
  feature_grid: 'Feature Grid',
  about_section: 'About Section',
};

export interface CmsDeps {
  clock: Clock;
  cache: ContentCache;
  /** The site's address: committee content may not point into its API. */
  publicUrl: string;
}

/** Pages, sections, settings and news the committee edits, and the public reads of them. */
export class CmsService {
  private readonly siteOrigin: string;

  constructor(private readonly deps: CmsDeps) {
    this.siteOrigin = new URL(deps.publicUrl).origin;
  }

  // ---------- Public reads (cached, HTML sanitised again on the way out) ----------

  /** A slug's published sections, in order; none while the slug's page is a draft (a draft shows nothing at all). */
  async sections(em: EntityManager, pageSlug: string): Promise<PublicSection[]> {
    const { value } = await this.deps.cache.get(`cms.sections:${pageSlug}`, async () => {
      if (await em.count(ContentPage, { slug: pageSlug, published: false })) return [];
      const rows = await em.find(SiteSection, { pageSlug, published: true }, { orderBy: { sortOrder: 'asc', createdAt: 'asc' } });
      return rows.map((s) => ({
        sectionKey: s.sectionKey,
        title: s.title,
        contentType: s.contentType,
        content: servedContent(s.contentType, s.content, this.siteOrigin),
      }));
    });
    return value;
  }

  async publishedPages(em: EntityManager): Promise<PageView[]> {
    const { value } = await this.deps.cache.get('cms.pages', async () => {
      const pages = await em.find(ContentPage, { published: true }, { orderBy: { title: 'asc' } });
      return pages.map((p) => this.pageView(p, true));
    });
    return value;
  }

  async publishedPage(em: EntityManager, slug: string): Promise<PageView> {
    const page = (await this.publishedPages(em)).find((p) => p.slug === slug);
    if (!page) throw new AppError('NOT_FOUND', 'That page does not exist.');
    return page;
  }

  /**
   * /pages/<slug>: the published page and every published section of that slug, in order. A slug with sections but no
   * page still shows (headed by its slug); the landing page's sections are its own (shown at /), never here.
   */
  async contentPage(em: EntityManager, slug: string): Promise<ContentPageView> {
    const page = (await this.publishedPages(em)).find((p) => p.slug === slug) ?? null;
    const sections = sectionKeysShownOn(slug) === 'all' ? (await this.sections(em, slug)).filter((s) => s.content.trim()) : [];
    if (!page && sections.length === 0) throw new AppError('NOT_FOUND', 'That page does not exist.');
    return {
      slug,
      title: page?.title ?? titleFromSlug(slug),
      metaDescription: page?.metaDescription ?? null,
      content: page?.content ?? '',
      sections,
    };
  }

  async publishedNews(em: EntityManager, limit = 10): Promise<NewsView[]> {
    const { value } = await this.deps.cache.get(`cms.news:${limit}`, async () => {
      const articles = await em.find(NewsArticle, { published: true }, { orderBy: { publishedAt: 'desc' }, limit });
      return articles.map((a) => this.newsView(a, true));
    });
    return value;
  }

  async publicSettings(em: EntityManager): Promise<PublicSettings> {
    const { value } = await this.deps.cache.get('cms.settings', async () => {
      const rows = await em.find(SiteSetting, { settingKey: { $in: ['site_title', 'contact_email', SITE_NAVIGATION_SETTING] } });
      const get = (key: string) => rows.find((r) => r.settingKey === key)?.settingValue.trim() || KNOWN_SETTINGS[key].defaultValue;
      // The menu and footer ride with the settings the page frame already loads: no request of their own.
      const navigation = parseSiteNavigation(get(SITE_NAVIGATION_SETTING));
      const wanted = [...new Set([...navigation.menu, ...navigation.footer])];
      const pages = wanted.length ? await em.find(ContentPage, { slug: { $in: wanted }, published: true }) : [];
      const links = (slugs: string[]): NavLink[] =>
        slugs.flatMap((slug) => {
          const page = pages.find((p) => p.slug === slug);
          return page ? [{ slug, title: page.title }] : [];
        });
      return {
        siteTitle: get('site_title'),
        contactEmail: get('contact_email'),
        menu: links(navigation.menu),
        footer: links(navigation.footer),
      };
    });
    return value;
  }

  /** A setting's saved value, or its built-in default. */
  async settingValue(em: EntityManager, key: keyof typeof KNOWN_SETTINGS): Promise<string> {
    const row = await em.findOne(SiteSetting, { settingKey: key });
    return row?.settingValue.trim() || KNOWN_SETTINGS[key].defaultValue;
  }

  /** The entry fees a new event's form starts with (the committee's settings), as amounts. */
  async entryFeeDefaults(em: EntityManager): Promise<EntryFeeDefaults> {
    // A value no fee can be (below zero) gives way to the built-in default.
    const amount = async (key: string) => {
      const dollars = Number(await this.settingValue(em, key));
      return (dollars >= 0 ? dollars : Number(KNOWN_SETTINGS[key].defaultValue)).toFixed(2);
    };
    return { memberFee: await amount('entry_fee_member'), nonMemberFee: await amount('entry_fee_non_member') };
  }

  /** Where sponsor notices and the assistant's "ask the committee" point. */
  async contactEmail(em: EntityManager): Promise<string> {
    return (await this.publicSettings(em)).contactEmail;
  }

  // ---------- Pages ----------

  async listPages(em: EntityManager): Promise<PageView[]> {
    return (await em.find(ContentPage, {}, { orderBy: { title: 'asc' } })).map((p) => this.pageView(p));
  }

  async createPage(em: EntityManager, actor: Actor, input: PageData): Promise<PageView> {
    await this.refuseTakenSlug(em, input.slug, null);
    const page = em.create(ContentPage, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content') });
    await this.save(em, actor, 'page.create', 'ContentPage', page.id, null, input, 'A page with that slug already exists.');
    return this.pageView(page);
  }

  async updatePage(em: EntityManager, actor: Actor, id: string, input: PageData): Promise<PageView> {
    const page = await this.find(em, ContentPage, id, 'That page does not exist.');
    await this.refuseTakenSlug(em, input.slug, id);
    const before = this.pageView(page);
    em.assign(page, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content') });
    await this.save(em, actor, 'page.update', 'ContentPage', id, before, input, 'A page with that slug already exists.');
    return this.pageView(page);
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
    const page = await this.find(em, ContentPage, id, 'That page does not exist.');
    recordAudit(em, {
      actor: actor.user,
      action: 'page.delete',
      entityType: 'ContentPage',
      entityId: id,
      before: this.pageView(page),
      after: null,
    });
    em.remove(page);
    await em.flush();
    return { message: 'Page deleted successfully' };
  }

  // ---------- Sections ----------

  async listSections(em: EntityManager): Promise<SectionView[]> {
    return (await em.find(SiteSection, {}, { orderBy: { pageSlug: 'asc', sortOrder: 'asc', createdAt: 'asc' } })).map((s) =>
      this.sectionView(s),
    );
  }

  async createSection(em: EntityManager, actor: Actor, input: SectionData): Promise<SectionView> {
    const section = em.create(SiteSection, { ...input, content: storedContent(input.contentType, input.content, this.siteOrigin) });
    await this.save(em, actor, 'section.create', 'SiteSection', section.id, null, input, 'That page already has a section with this key.');
    return this.sectionView(section);
  }

  async updateSection(em: EntityManager, actor: Actor, id: string, input: SectionData): Promise<SectionView> {
    const section = await this.find(em, SiteSection, id, 'That section does not exist.');
    const before = this.sectionView(section);
    em.assign(section, { ...input, content: storedContent(input.contentType, input.content, this.siteOrigin) });
    await this.save(em, actor, 'section.update', 'SiteSection', id, before, input, 'That page already has a section with this key.');
    return this.sectionView(section);
  }

  async deleteSection(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const section = await this.find(em, SiteSection, id, 'That section does not exist.');
    recordAudit(em, {
      actor: actor.user,
      action: 'section.delete',
      entityType: 'SiteSection',
      entityId: id,
      before: this.sectionView(section),
      after: null,
    });
    em.remove(section);
    await em.flush();
    return { message: 'Section deleted successfully' };
  }

  /** Up lowers sortOrder by 1 only when above 0; down raises it by 1. */
  async moveSection(em: EntityManager, actor: Actor, id: string, direction: 'up' | 'down'): Promise<SectionView> {
    const section = await this.find(em, SiteSection, id, 'That section does not exist.');
    const before = section.sortOrder;
    section.sortOrder = direction === 'up' ? Math.max(0, before - 1) : before + 1;
    if (section.sortOrder === before) return this.sectionView(section);
    recordAudit(em, {
      actor: actor.user,
      action: 'section.move',
      entityType: 'SiteSection',
      entityId: id,
      before: { sortOrder: before },
      after: { sortOrder: section.sortOrder },
    });
    await em.flush();
    return this.sectionView(section);
  }

  /** A copy: key + '_copy', title + ' (Copy)', sortOrder + 1, unpublished. A second copy gets '_copy_2', and so on. */
  async duplicateSection(em: EntityManager, actor: Actor, id: string): Promise<SectionView> {
    const source = await this.find(em, SiteSection, id, 'That section does not exist.');
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
    await this.save(
      em,
      actor,
      'section.duplicate',
      'SiteSection',
      copy.id,
      { from: source.id },
      { sectionKey: copy.sectionKey },
      'That page already has a section with this key.',
    );
    return this.sectionView(copy);
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
      after: { template, sections: created.map((s) => this.sectionView(s)) },
    });
    await em.flush();
    return created.map((s) => this.sectionView(s));
  }

  // ---------- Settings ----------

  async listSettings(em: EntityManager): Promise<SettingView[]> {
    return (await em.find(SiteSetting, {}, { orderBy: { settingKey: 'asc' } })).map((s) => this.settingView(s));
  }

  /** Creates or updates the setting with this key (POST /api/admin/settings). */
  async saveSetting(em: EntityManager, actor: Actor, input: SettingData): Promise<SettingView> {
    // The fishing area is checked as GeoJSON on its own card; a free-text edit here could break the judge's flags.
    if (input.settingKey === FISHING_AREA_SETTING)
      throw new AppError('BAD_REQUEST', "The fishing area is changed on the Results tab's Fishing area card.", { field: 'settingKey' });
    // The placing rules are audited as such and refresh the boards; a free-text edit here would do neither.
    if (input.settingKey === ONE_PLACING_SETTING)
      throw new AppError('BAD_REQUEST', `${ONE_PLACING_LABEL} is switched on the Results tab.`, { field: 'settingKey' });
    const known = KNOWN_SETTINGS[input.settingKey];
    if (known && known.type !== input.settingType)
      throw new AppError('BAD_REQUEST', `${input.settingKey} is a ${known.type} setting.`, { field: 'settingType' });
    if (input.settingKey === SITE_NAVIGATION_SETTING) await this.refuseUnknownPages(em, input.settingValue);
    const value = input.settingType === 'text' ? input.settingValue.trim() : input.settingValue;
    let setting = await em.findOne(SiteSetting, { settingKey: input.settingKey });
    const before = setting ? this.settingView(setting) : null;
    if (setting)
      em.assign(setting, {
        settingValue: value,
        settingType: input.settingType,
        description: input.description ?? setting.description ?? null,
      });
    else
      setting = em.create(SiteSetting, {
        settingKey: input.settingKey,
        settingValue: value,
        settingType: input.settingType,
        description: input.description ?? known?.description ?? null,
      });
    await this.save(
      em,
      actor,
      'setting.save',
      'SiteSetting',
      setting.id,
      before,
      this.settingView(setting),
      'That setting was just created by someone else; please try again.',
    );
    return this.settingView(setting);
  }

  /** The menu and footer may link only to pages that exist (a draft shows there once it is published). */
  private async refuseUnknownPages(em: EntityManager, value: string): Promise<void> {
    const { menu, footer } = siteNavigation.parse(JSON.parse(value));
    const slugs = [...new Set([...menu, ...footer])];
    const found = new Set((await em.find(ContentPage, { slug: { $in: slugs } }, { fields: ['slug'] })).map((p) => p.slug));
    const missing = slugs.filter((slug) => !found.has(slug));
    if (missing.length)
      throw new AppError('BAD_REQUEST', `There is no page at ${missing.map((slug) => `/pages/${slug}`).join(', ')}. Create it first.`, {
        field: 'settingValue',
      });
  }

  async deleteSetting(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const setting = await this.find(em, SiteSetting, id, 'That setting does not exist.');
    if (setting.settingKey === FISHING_AREA_SETTING)
      throw new AppError('BAD_REQUEST', "The fishing area is reset on the Results tab's Fishing area card.");
    if (setting.settingKey === ONE_PLACING_SETTING)
      throw new AppError('BAD_REQUEST', `${ONE_PLACING_LABEL} is switched on the Results tab.`);
    recordAudit(em, {
      actor: actor.user,
      action: 'setting.delete',
      entityType: 'SiteSetting',
      entityId: id,
      before: this.settingView(setting),
      after: null,
    });
    em.remove(setting);
    await em.flush();
    return { message: 'Setting deleted successfully' };
  }

  // ---------- News ----------

  async listNews(em: EntityManager): Promise<NewsView[]> {
    return (await em.find(NewsArticle, {}, { orderBy: { createdAt: 'desc' } })).map((a) => this.newsView(a));
  }

  async createNews(em: EntityManager, actor: Actor, input: NewsData): Promise<NewsView> {
    refuseApiAddress(input.featuredImageUrl, 'The featured image', 'featuredImageUrl', this.siteOrigin);
    const article = em.create(NewsArticle, {
      ...input,
      content: savedHtml(input.content, this.siteOrigin, 'content'),
      publishedAt: input.published ? this.deps.clock.now() : null,
    });
    await this.save(em, actor, 'news.create', 'NewsArticle', article.id, null, { title: input.title, published: input.published });
    return this.newsView(article);
  }

  /** Publishing stamps publishedAt now; unpublishing clears it; staying published keeps the stamp. */
  async updateNews(em: EntityManager, actor: Actor, id: string, input: NewsData): Promise<NewsView> {
    refuseApiAddress(input.featuredImageUrl, 'The featured image', 'featuredImageUrl', this.siteOrigin);
    const article = await this.find(em, NewsArticle, id, 'That article does not exist.');
    const before = { title: article.title, published: article.published, publishedAt: article.publishedAt?.toISOString() ?? null };
    const publishedAt = input.published ? (article.published && article.publishedAt ? article.publishedAt : this.deps.clock.now()) : null;
    em.assign(article, { ...input, content: savedHtml(input.content, this.siteOrigin, 'content'), publishedAt });
    await this.save(em, actor, 'news.update', 'NewsArticle', id, before, { title: input.title, published: input.published });
    return this.newsView(article);
  }

  async deleteNews(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const article = await this.find(em, NewsArticle, id, 'That article does not exist.');
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

  // ---------- Helpers ----------

  private async find<T extends object>(em: EntityManager, entity: new () => T, id: string, missing: string): Promise<T> {
    const found = await em.findOne(entity as never, { id } as never);
    if (!found) throw new AppError('NOT_FOUND', missing);
    return found as T;
  }

  /** Audit and flush (a unique key clash becomes a clear 409); the content cache hears of it from the ORM. */
  private async save(
    em: EntityManager,
    actor: Actor,
    action: string,
    entityType: string,
    entityId: string,
    before: unknown,
    after: unknown,
    duplicate = 'That already exists.',
  ) {
    recordAudit(em, { actor: actor.user, action, entityType, entityId, before: before as never, after: after as never });
    try {
      await em.flush();
    } catch (error) {
      if (isUniqueViolation(error)) {
        em.clear();
        throw new AppError('CONFLICT', duplicate);
      }
      throw error;
    }
  }

  private pageView(p: ContentPage, served = false): PageView {
    return {
      id: p.id,
      title: p.title,
      slug: p.slug,
      content: served ? sanitizeHtml(p.content, this.siteOrigin) : p.content,
      metaDescription: p.metaDescription ?? null,
      published: p.published,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  private sectionView(s: SiteSection): SectionView {
    return {
      id: s.id,
      pageSlug: s.pageSlug,
      sectionKey: s.sectionKey,
      title: s.title,
      content: s.content,
      contentType: s.contentType,
      sortOrder: s.sortOrder,
      published: s.published,
      updatedAt: s.updatedAt.toISOString(),
    };
  }

  private settingView(s: SiteSetting): SettingView {
    return {
      id: s.id,
      settingKey: s.settingKey,
      settingValue: s.settingValue,
      settingType: s.settingType,
      description: s.description ?? null,
    };
  }

  private newsView(a: NewsArticle, served = false): NewsView {
    return {
      id: a.id,
      title: a.title,
      excerpt: a.excerpt ?? null,
      content: served ? sanitizeHtml(a.content, this.siteOrigin) : a.content,
      featuredImageUrl: a.featuredImageUrl ?? null,
      published: a.published,
      publishedAt: a.publishedAt?.toISOString() ?? null,
      createdAt: a.createdAt.toISOString(),
    };
  }
}

/** What is stored: HTML sanitised, image URLs checked, text as typed. */
function storedContent(type: SectionData['contentType'], content: string, siteOrigin: string): string {
  if (type === 'html') return savedHtml(content, siteOrigin, 'content');
  if (type === 'image') {
    const url = content.trim();
    if (url && !isImageAddress(url)) throw new AppError('BAD_REQUEST', imageAddressMessage('An image section'), { field: 'content' });
    refuseApiAddress(url, 'The image', 'content', siteOrigin);
    return url;
  }
  return content;
}

/** What is served: HTML sanitised again (a row written before a rule tightened is still safe). */
function servedContent(type: SectionData['contentType'], content: string, siteOrigin: string): string {
  return type === 'html' ? sanitizeHtml(content, siteOrigin) : content;
}

/** An address field (image, logo, website) may not lead into the site's own API (an image of /api/logout). */
export function refuseApiAddress(url: string | null | undefined, label: string, field: string, siteOrigin: string): void {
  if (url && pointsIntoApi(url, siteOrigin)) throw new AppError('BAD_REQUEST', API_ADDRESS_MESSAGE(label), { field });
}
