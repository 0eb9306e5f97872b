import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsView, PageView, SectionData, SectionView, SettingView } from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import { imageAddressMessage, isImageAddress } from '../../shared/image-address';
import type { ContentPage, NewsArticle, SiteSection, SiteSetting } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { refuseApiAddress } from './api-address';
import { sanitizeHtml, savedHtml } from './html';

/** The row with this id, or NOT_FOUND with `missing`. */
export async function findById<T extends object>(em: EntityManager, entity: new () => T, id: string, missing: string): Promise<T> {
  const found = await em.findOne(entity as never, { id } as never);
  if (!found) throw new AppError('NOT_FOUND', missing);
  return found as T;
}

/** Audit and flush (a unique key clash becomes a clear 409); the content cache hears of it from the ORM. */
export async function saveAudited(
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

/** A page as the committee edits it, or as the public reads it (`servedFrom`: the site's origin; HTML sanitised again). */
export function pageView(p: ContentPage, servedFrom?: string): PageView {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    content: servedFrom !== undefined ? sanitizeHtml(p.content, servedFrom) : p.content,
    metaDescription: p.metaDescription ?? null,
    published: p.published,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function sectionView(s: SiteSection): SectionView {
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

export function settingView(s: SiteSetting): SettingView {
  return {
    id: s.id,
    settingKey: s.settingKey,
    settingValue: s.settingValue,
    settingType: s.settingType,
    description: s.description ?? null,
  };
}

/** An article as the committee edits it, or as the public reads it (`servedFrom`: the site's origin; HTML sanitised again). */
export function newsView(a: NewsArticle, servedFrom?: string): NewsView {
  return {
    id: a.id,
    title: a.title,
    excerpt: a.excerpt ?? null,
    content: servedFrom !== undefined ? sanitizeHtml(a.content, servedFrom) : a.content,
    featuredImageUrl: a.featuredImageUrl ?? null,
    published: a.published,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

/** What is stored: HTML sanitised, image URLs checked, text as typed. */
export function storedContent(type: SectionData['contentType'], content: string, siteOrigin: string): string {
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
export function servedContent(type: SectionData['contentType'], content: string, siteOrigin: string): string {
  return type === 'html' ? sanitizeHtml(content, siteOrigin) : content;
}
