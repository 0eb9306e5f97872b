import { clubDocumentsSchema, saveClubDocumentsInput } from '../shared/club-documents.schema';
import { clubProfileSchema } from '../shared/club-profile';
import { competitionRulesSchema } from '../shared/competition-rules';
import { membershipRulesSchema } from '../shared/membership-rules';
import { clubSpeciesSchema } from '../shared/species-rules';
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
  /** Entry fees, the day's times, prizes and points per place, the mystery fish and the picture of the month. */
  competition: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(competitionRulesSchema)
    .query(({ ctx }) => ctx.services.club.competition(ctx.em)),
  /** The species a catch is logged as, their legal sizes and which count for points. */
  species: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(clubSpeciesSchema)
    .query(({ ctx }) => ctx.services.club.species(ctx.em)),
  /** The waiver, code of conduct, competition rules and mission, each at the version members accept. */
  documents: publicProcedure
    .meta({ cache: { reads: ['SiteSetting'] } })
    .output(clubDocumentsSchema)
    .query(({ ctx }) => ctx.services.club.documents(ctx.em)),
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
  saveCompetition: adminProcedure
    .input(competitionRulesSchema)
    .output(competitionRulesSchema)
    .mutation(({ ctx, input }) => ctx.services.club.save(ctx.em, ctx.actor, 'competition', input)),
  saveSpecies: adminProcedure
    .input(clubSpeciesSchema)
    .output(clubSpeciesSchema)
    .mutation(({ ctx, input }) => ctx.services.club.save(ctx.em, ctx.actor, 'species', input)),
  /** A document whose title or words changed gets a new version: members are asked to accept it again. */
  saveDocuments: adminProcedure
    .input(saveClubDocumentsInput)
    .output(clubDocumentsSchema)
    .mutation(({ ctx, input }) => ctx.services.club.saveDocuments(ctx.em, ctx.actor, input.documents)),
});
