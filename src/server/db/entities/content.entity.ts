import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CONTENT_TYPES, SETTING_TYPES } from '../../../shared/cms.schema';

const timestamps = {
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};

/** A CMS page rendered at /pages/<slug>. */
const ContentPageSchema = defineEntity({
  name: 'ContentPage',
  tableName: 'content_pages',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    title: p.string().length(200),
    slug: p.string().length(80).unique(),
    /** Sanitised HTML. */
    content: p.text().default(''),
    metaDescription: p.string().length(300).nullable(),
    published: p.boolean().default(false),
    ...timestamps,
  },
});
export class ContentPage extends ContentPageSchema.class {}
ContentPageSchema.setClass(ContentPage);

/** A piece of editable content on a page, addressed by page slug and section key. */
const SiteSectionSchema = defineEntity({
  name: 'SiteSection',
  tableName: 'site_sections',
  uniques: [{ properties: ['pageSlug', 'sectionKey'] }],
  indexes: [{ properties: ['pageSlug', 'published', 'sortOrder'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    pageSlug: p.string().length(80),
    sectionKey: p.string().length(80),
    title: p.string().length(200),
    contentType: p.enum(CONTENT_TYPES).default('text'),
    /** Text, sanitised HTML, or an image URL. */
    content: p.text().default(''),
    sortOrder: p.integer().default(0),
    published: p.boolean().default(true),
    ...timestamps,
  },
});
export class SiteSection extends SiteSectionSchema.class {}
SiteSectionSchema.setClass(SiteSection);

const SiteSettingSchema = defineEntity({
  name: 'SiteSetting',
  tableName: 'site_settings',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    settingKey: p.string().length(80).unique(),
    settingValue: p.text(),
    settingType: p.enum(SETTING_TYPES).default('text'),
    description: p.string().length(300).nullable(),
    ...timestamps,
  },
});
export class SiteSetting extends SiteSettingSchema.class {}
SiteSettingSchema.setClass(SiteSetting);

const NewsArticleSchema = defineEntity({
  name: 'NewsArticle',
  tableName: 'news_articles',
  indexes: [{ properties: ['published', 'publishedAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    title: p.string().length(200),
    excerpt: p.string().length(500).nullable(),
    /** Sanitised HTML. */
    content: p.text(),
    featuredImageUrl: p.string().length(500).nullable(),
    published: p.boolean().default(false),
    /** Stamped when published, cleared when unpublished. */
    publishedAt: p.datetime().nullable(),
    ...timestamps,
  },
});
export class NewsArticle extends NewsArticleSchema.class {}
NewsArticleSchema.setClass(NewsArticle);
