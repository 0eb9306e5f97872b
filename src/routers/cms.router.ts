import { z } from 'zod';
import {
  cmsIdInput,
  contentPageView,
  newsInput,
  newsView,
  pageInput,
  pageView,
  publicSection,
  publicSettings,
  sectionInput,
  sectionView,
  settingInput,
  settingView,
  slugSchema,
  templateInput,
} from '../shared/cms.schema';
import { adminProcedure, publicProcedure, router } from '../server/trpc/init';

const message = z.object({ message: z.string() });

/** Public reads of the site's content. */
export const cmsRouter = router({
  sections: publicProcedure
    // A page's publishing shows or hides its sections.
    .meta({ cache: { reads: ['SiteSection', 'ContentPage'] } })
    .input(z.object({ pageSlug: slugSchema('Page slug') }))
    .output(z.array(publicSection))
    .query(({ ctx, input }) => ctx.services.cms.sections(ctx.em, input.pageSlug)),
  pages: publicProcedure
    .meta({ cache: { reads: ['ContentPage'] } })
    .output(z.array(pageView))
    .query(({ ctx }) => ctx.services.cms.publishedPages(ctx.em)),
  page: publicProcedure
    .meta({ cache: { reads: ['ContentPage'] } })
    .input(z.object({ slug: slugSchema('Slug') }))
    .output(pageView)
    .query(({ ctx, input }) => ctx.services.cms.publishedPage(ctx.em, input.slug)),
  /** /pages/<slug>: the published page and the slug's published sections, in order. */
  contentPage: publicProcedure
    .meta({ cache: { reads: ['ContentPage', 'SiteSection'] } })
    .input(z.object({ slug: slugSchema('Slug') }))
    .output(contentPageView)
    .query(({ ctx, input }) => ctx.services.cms.contentPage(ctx.em, input.slug)),
  news: publicProcedure
    .meta({ cache: { reads: ['NewsArticle'] } })
    .input(z.object({ limit: z.number().int().min(1).max(50).optional() }).optional())
    .output(z.array(newsView))
    .query(({ ctx, input }) => ctx.services.cms.publishedNews(ctx.em, input?.limit)),
  settings: publicProcedure
    // The menu and footer name published pages: a page's title or publishing changes them.
    .meta({ cache: { reads: ['SiteSetting', 'ContentPage'] } })
    .output(publicSettings)
    .query(({ ctx }) => ctx.services.cms.publicSettings(ctx.em)),
});

/** Mounted at `admin.cms`: the Content Management screen. */
export const adminCmsRouter = router({
  pages: router({
    list: adminProcedure.output(z.array(pageView)).query(({ ctx }) => ctx.services.cms.listPages(ctx.em)),
    create: adminProcedure
      .input(pageInput)
      .output(pageView)
      .mutation(({ ctx, input }) => ctx.services.cms.createPage(ctx.em, ctx.actor, input)),
    update: adminProcedure
      .input(cmsIdInput.extend({ page: pageInput }))
      .output(pageView)
      .mutation(({ ctx, input }) => ctx.services.cms.updatePage(ctx.em, ctx.actor, input.id, input.page)),
    delete: adminProcedure
      .input(cmsIdInput)
      .output(message)
      .mutation(({ ctx, input }) => ctx.services.cms.deletePage(ctx.em, ctx.actor, input.id)),
  }),
  sections: router({
    list: adminProcedure.output(z.array(sectionView)).query(({ ctx }) => ctx.services.cms.listSections(ctx.em)),
    create: adminProcedure
      .input(sectionInput)
      .output(sectionView)
      .mutation(({ ctx, input }) => ctx.services.cms.createSection(ctx.em, ctx.actor, input)),
    update: adminProcedure
      .input(cmsIdInput.extend({ section: sectionInput }))
      .output(sectionView)
      .mutation(({ ctx, input }) => ctx.services.cms.updateSection(ctx.em, ctx.actor, input.id, input.section)),
    delete: adminProcedure
      .input(cmsIdInput)
      .output(message)
      .mutation(({ ctx, input }) => ctx.services.cms.deleteSection(ctx.em, ctx.actor, input.id)),
    move: adminProcedure
      .input(cmsIdInput.extend({ direction: z.enum(['up', 'down'], { error: "Direction must be 'up' or 'down'." }) }))
      .output(sectionView)
      .mutation(({ ctx, input }) => ctx.services.cms.moveSection(ctx.em, ctx.actor, input.id, input.direction)),
    duplicate: adminProcedure
      .input(cmsIdInput)
      .output(sectionView)
      .mutation(({ ctx, input }) => ctx.services.cms.duplicateSection(ctx.em, ctx.actor, input.id)),
    fromTemplate: adminProcedure
      .input(templateInput)
      .output(z.array(sectionView))
      .mutation(({ ctx, input }) => ctx.services.cms.fromTemplate(ctx.em, ctx.actor, input.template, input.pageSlug)),
  }),
  settings: router({
    list: adminProcedure.output(z.array(settingView)).query(({ ctx }) => ctx.services.cms.listSettings(ctx.em)),
    save: adminProcedure
      .input(settingInput)
      .output(settingView)
      .mutation(({ ctx, input }) => ctx.services.cms.saveSetting(ctx.em, ctx.actor, input)),
    delete: adminProcedure
      .input(cmsIdInput)
      .output(message)
      .mutation(({ ctx, input }) => ctx.services.cms.deleteSetting(ctx.em, ctx.actor, input.id)),
  }),
  news: router({
    list: adminProcedure.output(z.array(newsView)).query(({ ctx }) => ctx.services.cms.listNews(ctx.em)),
    create: adminProcedure
      .input(newsInput)
      .output(newsView)
      .mutation(({ ctx, input }) => ctx.services.cms.createNews(ctx.em, ctx.actor, input)),
    update: adminProcedure
      .input(cmsIdInput.extend({ article: newsInput }))
      .output(newsView)
      .mutation(({ ctx, input }) => ctx.services.cms.updateNews(ctx.em, ctx.actor, input.id, input.article)),
    delete: adminProcedure
      .input(cmsIdInput)
      .output(message)
      .mutation(({ ctx, input }) => ctx.services.cms.deleteNews(ctx.em, ctx.actor, input.id)),
  }),
});
