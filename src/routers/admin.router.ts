import { z } from 'zod';
import { adminOverview, financialSummary, membershipReport, periodInput } from '../shared/reports.schema';
import { adminMemberRow, auditPage, auditSearchInput, memberPage, memberSearchInput, memberUpdateInput } from '../shared/admin.schema';
import { liftSuspensionInput, suspendInput } from '../shared/judging.schema';
import {
  emailChangeInput,
  emailChangeResult,
  householdChangeInput,
  memberIdInput,
  memberRecord,
  resendReminderInput,
  shirtReport,
} from '../shared/member-records.schema';
import { siteHealth } from '../shared/site-health.schema';
import { searchAudit } from '../server/platform/audit.service';
import { adminProcedure, router } from '../server/trpc/init';
import { adminPaymentsRouter } from './admin-payments.router';
import { adminCatchesRouter } from './catches.router';
import { adminClubRouter } from './club.router';
import { adminCmsRouter } from './cms.router';
import { adminMysteryFishRouter, adminPictureOfMonthRouter } from './competition.router';
import { adminEventsRouter } from './events.router';
import { signOnDeskRouter } from './sign-on-desk.router';
import { adminFishingAreaRouter } from './fishing-area.router';
import { adminPlacingRulesRouter } from './placing-rules.router';
import { adminNewslettersRouter } from './newsletters.router';
import { adminSponsorsRouter } from './sponsors.router';

export const adminRouter = router({
  /** The dashboard cards and charts. */
  overview: adminProcedure.output(adminOverview).query(({ ctx }) => ctx.services.reports.overview(ctx.em)),
  /** The dashboard's site health card: what the committee must set on the server (encrypted backups). */
  siteHealth: adminProcedure.output(siteHealth).query(({ ctx }) => ctx.services.siteHealth.get()),

  reports: router({
    financial: adminProcedure
      .input(periodInput)
      .output(financialSummary)
      .query(({ ctx, input }) => ctx.services.reports.financial(ctx.em, ctx.services.reports.period(input))),
    membership: adminProcedure
      .input(periodInput)
      .output(membershipReport)
      .query(({ ctx, input }) => ctx.services.reports.membership(ctx.em, ctx.services.reports.period(input))),
    /** Shirt sizes of the current members, for the shirt order. */
    shirts: adminProcedure.output(shirtReport).query(({ ctx }) => ctx.services.reports.shirts(ctx.em)),
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
    /** One member's whole record: profile, household, a waiting e-mail change, renewal reminders sent. */
    get: adminProcedure
      .input(memberIdInput)
      .output(memberRecord)
      .query(({ ctx, input }) => ctx.services.adminMembers.record(ctx.em, input.memberId)),
    /** Make primary, take out into a household of their own, or move into another member's household; audited. */
    household: adminProcedure
      .input(householdChangeInput)
      .output(memberRecord)
      .mutation(({ ctx, input }) => ctx.services.adminMembers.changeHousehold(ctx.em, ctx.actor, input)),
    /** A new e-mail address, changed once confirmed from a link sent to it. */
    requestEmailChange: adminProcedure
      .input(emailChangeInput)
      .output(emailChangeResult)
      .mutation(({ ctx, input }) => ctx.services.emailChange.request(ctx.em, ctx.actor, input)),
    resendEmailChange: adminProcedure
      .input(memberIdInput)
      .output(emailChangeResult)
      .mutation(({ ctx, input }) => ctx.services.emailChange.resend(ctx.em, ctx.actor, input.memberId)),
    cancelEmailChange: adminProcedure
      .input(memberIdInput)
      .output(emailChangeResult)
      .mutation(({ ctx, input }) => ctx.services.emailChange.cancel(ctx.em, ctx.actor, input.memberId)),
    /** Sends the household's renewal reminder again by hand (once per request key); audited. */
    sendRenewalReminder: adminProcedure
      .input(resendReminderInput)
      .output(z.object({ message: z.string() }))
      .mutation(({ ctx, input }) => ctx.services.renewals.sendByHand(ctx.em, ctx.actor, input)),
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
  placingRules: adminPlacingRulesRouter,
  sponsors: adminSponsorsRouter,
  newsletters: adminNewslettersRouter,
  payments: adminPaymentsRouter,
  cms: adminCmsRouter,
  club: adminClubRouter,
});
