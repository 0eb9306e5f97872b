import type { EntityManager } from '@mikro-orm/postgresql';
import {
  KNOWN_SETTINGS,
  sectionKeysShownOn,
  settingDefault,
  type ContentPageView,
  type NewsView,
  type PageView,
  type PublicSection,
  type PublicSettings,
  type SectionView,
  type SettingView,
} from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { Clock } from '../clock';
import { ContentPage, NewsArticle, SiteSection, SiteSetting } from '../db/entities';
import { parseSiteNavigation, SITE_NAVIGATION_SETTING, titleFromSlug, type NavLink } from '../../shared/site-navigation';
import { newsView, pageView, servedContent } from './cms-common';
import { CmsNews } from './cms-news';
import { CmsPages } from './cms-pages';
import { CmsSections } from './cms-sections';
import { CmsSettings } from './cms-settings';

export interface CmsDeps {
  clock: Clock;
  /** The site's address: committee content may not point into its API. */
  publicUrl: string;
  /** The club's profile: the site title and contact e-mail when the committee has set none. */
  club: Pick<ClubSettingsService, 'profile'>;
}

/**
 * Pages, sections, settings and news the committee edits, and the public reads of them: the reads are here, the
 * edits in their parts (cms-pages, cms-sections, cms-settings, cms-news), which share cms-common (views, audited saves).
 */
export class CmsService {
  private readonly siteOrigin: string;
  private readonly pageEdits: CmsPages;
  private readonly sectionEdits: CmsSections;
  private readonly settingEdits: CmsSettings;
  private readonly newsEdits: CmsNews;

  constructor(private readonly deps: CmsDeps) {
    this.siteOrigin = new URL(deps.publicUrl).origin;
    this.pageEdits = new CmsPages(this.siteOrigin);
    this.sectionEdits = new CmsSections(this.siteOrigin);
    this.settingEdits = new CmsSettings();
    this.newsEdits = new CmsNews(deps, this.siteOrigin);
  }

  // ---------- Public reads (their answers kept by the read cache; HTML sanitised again on the way out) ----------

  /** A slug's published sections, in order; none while the slug's page is a draft (a draft shows nothing at all). */
  async sections(em: EntityManager, pageSlug: string): Promise<PublicSection[]> {
    if (await em.count(ContentPage, { slug: pageSlug, published: false })) return [];
    const rows = await em.find(SiteSection, { pageSlug, published: true }, { orderBy: { sortOrder: 'asc', createdAt: 'asc' } });
    return rows.map((s) => ({
      sectionKey: s.sectionKey,
      title: s.title,
      contentType: s.contentType,
      content: servedContent(s.contentType, s.content, this.siteOrigin),
    }));
  }

  async publishedPages(em: EntityManager): Promise<PageView[]> {
    const pages = await em.find(ContentPage, { published: true }, { orderBy: { title: 'asc' } });
    return pages.map((p) => pageView(p, this.siteOrigin));
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
    const articles = await em.find(NewsArticle, { published: true }, { orderBy: { publishedAt: 'desc' }, limit });
    return articles.map((a) => newsView(a, this.siteOrigin));
  }

  async publicSettings(em: EntityManager): Promise<PublicSettings> {
    const rows = await em.find(SiteSetting, { settingKey: { $in: ['site_title', 'contact_email', SITE_NAVIGATION_SETTING] } });
    const club = await this.deps.club.profile(em);
    const get = (key: string) => rows.find((r) => r.settingKey === key)?.settingValue.trim() || settingDefault(key, club);
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
  }

  /** A setting's saved value, or its built-in default (the club's name or contact e-mail for those two). */
  async settingValue(em: EntityManager, key: keyof typeof KNOWN_SETTINGS): Promise<string> {
    const row = await em.findOne(SiteSetting, { settingKey: key });
    const saved = row?.settingValue.trim();
    if (saved) return saved;
    return KNOWN_SETTINGS[key].clubDefault ? settingDefault(key, await this.deps.club.profile(em)) : KNOWN_SETTINGS[key].defaultValue;
  }

  /** Where sponsor notices and the assistant's "ask the committee" point. */
  async contactEmail(em: EntityManager): Promise<string> {
    return (await this.publicSettings(em)).contactEmail;
  }

  // ---------- Pages (cms-pages.ts) ----------

  listPages(...args: Parameters<CmsPages['listPages']>): Promise<PageView[]> {
    return this.pageEdits.listPages(...args);
  }

  createPage(...args: Parameters<CmsPages['createPage']>): Promise<PageView> {
    return this.pageEdits.createPage(...args);
  }

  updatePage(...args: Parameters<CmsPages['updatePage']>): Promise<PageView> {
    return this.pageEdits.updatePage(...args);
  }

  deletePage(...args: Parameters<CmsPages['deletePage']>): Promise<{ message: string }> {
    return this.pageEdits.deletePage(...args);
  }

  // ---------- Sections (cms-sections.ts) ----------

  listSections(...args: Parameters<CmsSections['listSections']>): Promise<SectionView[]> {
    return this.sectionEdits.listSections(...args);
  }

  createSection(...args: Parameters<CmsSections['createSection']>): Promise<SectionView> {
    return this.sectionEdits.createSection(...args);
  }

  updateSection(...args: Parameters<CmsSections['updateSection']>): Promise<SectionView> {
    return this.sectionEdits.updateSection(...args);
  }

  deleteSection(...args: Parameters<CmsSections['deleteSection']>): Promise<{ message: string }> {
    return this.sectionEdits.deleteSection(...args);
  }

  moveSection(...args: Parameters<CmsSections['moveSection']>): Promise<SectionView> {
    return this.sectionEdits.moveSection(...args);
  }

  duplicateSection(...args: Parameters<CmsSections['duplicateSection']>): Promise<SectionView> {
    return this.sectionEdits.duplicateSection(...args);
  }

  fromTemplate(...args: Parameters<CmsSections['fromTemplate']>): Promise<SectionView[]> {
    return this.sectionEdits.fromTemplate(...args);
  }

  // ---------- Settings (cms-settings.ts) ----------

  listSettings(...args: Parameters<CmsSettings['listSettings']>): Promise<SettingView[]> {
    return this.settingEdits.listSettings(...args);
  }

  saveSetting(...args: Parameters<CmsSettings['saveSetting']>): Promise<SettingView> {
    return this.settingEdits.saveSetting(...args);
  }

  deleteSetting(...args: Parameters<CmsSettings['deleteSetting']>): Promise<{ message: string }> {
    return this.settingEdits.deleteSetting(...args);
  }

  // ---------- News (cms-news.ts) ----------

  listNews(...args: Parameters<CmsNews['listNews']>): Promise<NewsView[]> {
    return this.newsEdits.listNews(...args);
  }

  createNews(...args: Parameters<CmsNews['createNews']>): Promise<NewsView> {
    return this.newsEdits.createNews(...args);
  }

  updateNews(...args: Parameters<CmsNews['updateNews']>): Promise<NewsView> {
    return this.newsEdits.updateNews(...args);
  }

  deleteNews(...args: Parameters<CmsNews['deleteNews']>): Promise<{ message: string }> {
    return this.newsEdits.deleteNews(...args);
  }
}
