import { placingRulesInput, placingRulesView } from '../shared/placing-rules.schema';
import { adminProcedure, router } from '../server/trpc/init';

/** Mounted at `admin.placingRules`: the club's rule on placings (one placing per angler per category). */
export const adminPlacingRulesRouter = router({
  get: adminProcedure.output(placingRulesView).query(({ ctx }) => ctx.services.placingRules.view(ctx.em)),
  /** Switches it on or off; audited, and every results board follows at once. */
  set: adminProcedure
    .input(placingRulesInput)
    .output(placingRulesView)
    .mutation(({ ctx, input }) => ctx.services.placingRules.set(ctx.em, ctx.actor, input)),
});
