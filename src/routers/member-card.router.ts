import { cardCheck, cardMemberInput, memberCardView, memberCards, verifyCardInput } from '../shared/member-card.schema';
import { memberProcedure, publicProcedure, router } from '../server/trpc/init';

/** The portal's membership cards (kept on the phone for use without signal). */
export const memberCardRouter = router({
  /** The caller's card first, then their household's. */
  mine: memberProcedure.output(memberCards).query(({ ctx }) => ctx.services.memberCards.mine(ctx.em, ctx.actor)),

  /** A new code for a card of the caller's household: the old one stops verifying. */
  reissue: memberProcedure
    .input(cardMemberInput)
    .output(memberCardView)
    .mutation(({ ctx, input }) => ctx.services.memberCards.reissue(ctx.em, ctx.actor, input)),
});

/** /verify/<code>: what the committee's phone camera opens from a card's QR code. Public, rate limited. */
export const verifyRouter = router({
  card: publicProcedure
    .input(verifyCardInput)
    .output(cardCheck)
    .query(({ ctx, input }) => ctx.services.memberCards.verify(ctx.em, ctx.actor, input)),
});
