import { z } from 'zod';
import {
  monthInput,
  mysteryFishAdminView,
  mysteryFishEventInput,
  mysteryFishInput,
  pictureMonthAdminView,
  pictureMonthView,
  pictureVoteInput,
  pictureWinnerView,
} from '../shared/competition.schema';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../server/trpc/init';

/** Mounted at `admin.mysteryFish`: the committee seals an event's mystery fish and reveals it at the presentation. */
export const adminMysteryFishRouter = router({
  /** Every event's mystery fish that has one: who sealed it and when; what it is only once revealed. */
  list: adminProcedure.output(z.array(mysteryFishAdminView)).query(({ ctx }) => ctx.services.mysteryFish.adminList(ctx.em)),
  get: adminProcedure
    .input(mysteryFishEventInput)
    .output(mysteryFishAdminView)
    .query(({ ctx, input }) => ctx.services.mysteryFish.adminOne(ctx.em, input.eventId)),
  /** Seals (or, still sealed and before fishing closes, replaces) the fish; audited with a commitment only. */
  set: adminProcedure
    .input(mysteryFishInput)
    .output(mysteryFishAdminView)
    .mutation(({ ctx, input }) => ctx.services.mysteryFish.seal(ctx.em, ctx.actor, input)),
  /** Opens it once fishing has closed and names the winner; audited. */
  reveal: adminProcedure
    .input(mysteryFishEventInput)
    .output(mysteryFishAdminView)
    .mutation(({ ctx, input }) => ctx.services.mysteryFish.reveal(ctx.em, ctx.actor, input.eventId)),
});

/** Mounted at `pictureOfMonth`: members vote for the fish picture of the month; anyone sees the winners. */
export const pictureOfMonthRouter = router({
  /** A month's candidates and the caller's vote (default: this month). */
  month: memberProcedure
    .input(monthInput.partial().optional())
    .output(pictureMonthView)
    .query(({ ctx, input }) => ctx.services.pictureOfMonth.month(ctx.em, ctx.actor, input?.month)),
  /** One vote per member per month; a second is refused. */
  vote: memberProcedure
    .input(pictureVoteInput)
    .output(pictureMonthView)
    .mutation(({ ctx, input }) => ctx.services.pictureOfMonth.vote(ctx.em, ctx.actor, input.catchId)),
  /** A closed month's winner (default: the latest), or null. */
  winner: publicProcedure
    .input(monthInput.partial().optional())
    .output(pictureWinnerView.nullable())
    .query(({ ctx, input }) => ctx.services.pictureOfMonth.winner(ctx.em, input?.month)),
});

/** Mounted at `admin.pictureOfMonth`: the tallies, and closing a month's vote. */
export const adminPictureOfMonthRouter = router({
  overview: adminProcedure.output(z.array(pictureMonthAdminView)).query(({ ctx }) => ctx.services.pictureOfMonth.adminOverview(ctx.em)),
  close: adminProcedure
    .input(monthInput)
    .output(pictureMonthAdminView)
    .mutation(({ ctx, input }) => ctx.services.pictureOfMonth.close(ctx.em, ctx.actor, input.month)),
});
