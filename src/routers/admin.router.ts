import { z } from 'zod';
import { adminOverview, financialSummary, membershipReport, periodInput } from '../shared/reports.schema';
import { adminMemberRow, auditPage, auditSearchInput, memberPage, memberSearchInput, memberUpdateInput } from '../shared/admin.schema';
import { liftSuspensionInput, suspendInput } from '../shared/judging.schema';
import { searchAudit } from '../server/services/audit.service';
import { adminProcedure, router } from '../server/trpc/init';
import { adminPaymentsRouter } from './admin-payments.router';
import { adminCatchesRouter } from './catches.router';
import { adminCmsRouter } from './cms.router';
import { adminMysteryFishRouter, adminPictureOfMonthRouter } from './competition.router';
import { adminEventsRouter } from './events.router';
import { signOnDeskRouter } from './sign-on-desk.router';
import { adminFishingAreaRouter } from './fishing-area.router';
import { adminSponsorsRouter } from './sponsors.router';

export const adminRouter = router({
  /** The dashboard cards and charts (SPEC §2.13). */
  overview: adminProcedure.output(adminOverview).query(({ ctx }) => ctx.services.reports.overview(ctx.em)),

  reports: router({
    financial: adminProcedure
      .input(periodInput)
      .output(financialSummary)
      .query(({ ctx, input }) => ctx.services.reports.financial(ctx.em, ctx.services.reports.period(input))),
    membership: adminProcedure
      .input(periodInput)
      .output(membershipReport)
      .query(({ ctx, input }) => ctx.services.reports.membership(ctx.em, ctx.services.reports.period(input))),
  }),

  members: router({
    search: adminProcedure
      .input(memberSearchInput)
      .output(memberPage)
      .query(({ ctx, input }) => ctx.services.adminMembers.search(ctx.em, input)),
    update: adminProcedure
      .input(memberUpdateInput)
      .output(adminMemberRow)
      .mutation(({ ctx, input }) => ctx.services.adminMembers.update(ctx.em, ctx.actor, input)),
    /** Suspends a member for up to 12 months (no entering events or logging catches); e-mailed and audited. */
    suspend: adminProcedure
      .input(suspendInput)
      .output(z.object({ message: z.string() }))
      .mutation(({ ctx, input }) => ctx.services.fairPlay.suspend(ctx.em, ctx.actor, input)),
    liftSuspension: adminProcedure
      .input(liftSuspensionInput)
      .output(z.object({ message: z.string() }))
      .mutation(({ ctx, input }) => ctx.services.fairPlay.liftSuspension(ctx.em, ctx.actor, input.memberId)),
  }),
  audit: adminProcedure
    .input(auditSearchInput)
    .output(auditPage)
    .query(({ ctx, input }) => searchAudit(ctx.em, input)),
  events: adminEventsRouter,
  signOn: signOnDeskRouter,
  catches: adminCatchesRouter,
  mysteryFish: adminMysteryFishRouter,
  pictureOfMonth: adminPictureOfMonthRouter,
  fishingArea: adminFishingAreaRouter,
  sponsors: adminSponsorsRouter,
  payments: adminPaymentsRouter,
  cms: adminCmsRouter,
});
