import { clubProfileSchema } from '../shared/club-profile';
import { membershipRulesSchema } from '../shared/membership-rules';
import { adminProcedure, publicProcedure, router } from '../server/trpc/init';

/** What the club chose about itself (its pages also carry it in their HTML). */
export const clubRouter = router({
  profile: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(clubProfileSchema)
    .query(({ ctx }) => ctx.services.club.profile(ctx.em)),
  /** The fees, family limits, junior age and membership year. */
  membership: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(membershipRulesSchema)
    .query(({ ctx }) => ctx.services.club.membership(ctx.em)),
});

/** Mounted at `admin.club`: Admin → Club settings; every save is audited. */
export const adminClubRouter = router({
  saveProfile: adminProcedure
    .input(clubProfileSchema)
    .output(clubProfileSchema)
    .mutation(({ ctx, input }) => ctx.services.club.save(ctx.em, ctx.actor, 'profile', input)),
  saveMembership: adminProcedure
    .input(membershipRulesSchema)
    .output(membershipRulesSchema)
    .mutation(({ ctx, input }) => ctx.services.club.save(ctx.em, ctx.actor, 'membership', input)),
});
