import { z } from 'zod';
import {
  archivedNewsletter,
  choiceInput,
  choiceView,
  deliveriesInput,
  deliveryPage,
  fromArticleInput,
  newsletterContentInput,
  newsletterIdInput,
  newsletterInput,
  newsletterSponsor,
  newsletterSummary,
  newsletterUpdateInput,
  newsletterView,
  renderedNewsletter,
  resendInput,
  segmentCount,
  segmentCountInput,
  tokenInput,
  unsubscribeInfo,
} from '../shared/newsletters.schema';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../server/trpc/init';

const message = z.object({ message: z.string() });
const issue = z.object({
  id: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  bodyHtml: z.string(),
  sponsors: z.array(newsletterSponsor),
});

/** Members' side of newsletters: the archive, their choice, and the unsubscribe page (no session needed). */
export const newslettersRouter = router({
  archive: memberProcedure.output(z.array(archivedNewsletter)).query(({ ctx }) => ctx.services.newsletters.archive(ctx.em, ctx.actor)),
  read: memberProcedure
    .input(newsletterIdInput)
    .output(issue)
    .query(({ ctx, input }) => ctx.services.newsletters.read(ctx.em, ctx.actor, input.id)),
  myChoice: memberProcedure.output(choiceView).query(({ ctx }) => ctx.services.newsletters.myChoice(ctx.em, ctx.actor)),
  setMyChoice: memberProcedure
    .input(choiceInput)
    .output(choiceView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.setMyChoice(ctx.em, ctx.actor, input.choice)),
  unsubscribeInfo: publicProcedure
    .input(tokenInput)
    .output(unsubscribeInfo)
    .query(({ ctx, input }) => ctx.services.newsletters.unsubscribeInfo(ctx.em, input.token)),
  unsubscribe: publicProcedure
    .input(tokenInput)
    .output(message)
    .mutation(({ ctx, input }) => ctx.services.newsletters.unsubscribe(ctx.em, input.token, 'unsubscribe page')),
  resubscribe: publicProcedure
    .input(tokenInput)
    .output(message)
    .mutation(({ ctx, input }) => ctx.services.newsletters.resubscribe(ctx.em, input.token)),
});

/** Mounted at `admin.newsletters`: writing, previewing, testing and sending newsletters, and their outcomes. */
export const adminNewslettersRouter = router({
  list: adminProcedure.output(z.array(newsletterSummary)).query(({ ctx }) => ctx.services.newsletters.list(ctx.em)),
  get: adminProcedure
    .input(newsletterIdInput)
    .output(newsletterView)
    .query(({ ctx, input }) => ctx.services.newsletters.get(ctx.em, input.id)),
  deliveries: adminProcedure
    .input(deliveriesInput)
    .output(deliveryPage)
    .query(({ ctx, input }) => ctx.services.newsletters.deliveries(ctx.em, input)),
  count: adminProcedure
    .input(segmentCountInput)
    .output(segmentCount)
    .query(({ ctx, input }) => ctx.services.newsletters.countSegment(ctx.em, input.segment)),
  create: adminProcedure
    .input(newsletterInput)
    .output(newsletterView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.create(ctx.em, ctx.actor, input)),
  update: adminProcedure
    .input(newsletterUpdateInput)
    .output(newsletterView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.update(ctx.em, ctx.actor, input)),
  remove: adminProcedure
    .input(newsletterIdInput)
    .output(message)
    .mutation(({ ctx, input }) => ctx.services.newsletters.remove(ctx.em, ctx.actor, input.id)),
  /** A draft from a news article (the same draft again if one is open). */
  fromArticle: adminProcedure
    .input(fromArticleInput)
    .output(newsletterView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.fromArticle(ctx.em, ctx.actor, input.articleId)),
  /** The e-mail as members will see it (a mutation: the text travels in the body, however long). */
  preview: adminProcedure
    .input(newsletterContentInput)
    .output(renderedNewsletter)
    .mutation(({ ctx, input }) => ctx.services.newsletters.preview(ctx.em, input)),
  testSend: adminProcedure
    .input(newsletterContentInput.extend({ id: newsletterIdInput.shape.id.optional() }))
    .output(message)
    .mutation(({ ctx, input }) => ctx.services.newsletters.testSend(ctx.em, ctx.actor, input)),
  send: adminProcedure
    .input(newsletterIdInput)
    .output(newsletterView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.send(ctx.em, ctx.actor, input.id)),
  resend: adminProcedure
    .input(resendInput)
    .output(newsletterView)
    .mutation(({ ctx, input }) => ctx.services.newsletters.resend(ctx.em, ctx.actor, input)),
  /** An archived newsletter as it was sent. */
  read: adminProcedure
    .input(newsletterIdInput)
    .output(issue)
    .query(({ ctx, input }) => ctx.services.newsletters.read(ctx.em, ctx.actor, input.id)),
});
