import { clubProfileSchema } from '../shared/club-profile';
import { adminProcedure, publicProcedure, router } from '../server/trpc/init';

/** The club as it named itself on the setup page (its pages also carry it in their HTML). */
export const clubRouter = router({
  profile: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(clubProfileSchema)
    .query(({ ctx }) => ctx.services.club.profile(ctx.em)),
});

/** Mounted at `admin.club`: Admin → Club settings. */
export const adminClubRouter = router({
  /** Replaces the club's profile; audited. */
  saveProfile: adminProcedure
    .input(clubProfileSchema)
    .output(clubProfileSchema)
    .mutation(({ ctx, input }) => ctx.services.club.saveProfile(ctx.em, ctx.actor, input)),
});
