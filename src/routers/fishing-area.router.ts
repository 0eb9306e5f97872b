import { fishingAreaInput, fishingAreaView } from '../shared/fishing-area';
import { adminProcedure, router } from '../server/trpc/init';

/** Mounted at `admin.fishingArea`: the water the judge's place flags check positions against. */
export const adminFishingAreaRouter = router({
  get: adminProcedure.output(fishingAreaView).query(({ ctx }) => ctx.services.fishingArea.view(ctx.em)),
  /** Replaces it with pasted or uploaded GeoJSON (a Polygon, or a MultiPolygon of one); audited. */
  replace: adminProcedure
    .input(fishingAreaInput)
    .output(fishingAreaView)
    .mutation(({ ctx, input }) => ctx.services.fishingArea.replace(ctx.em, ctx.actor, input.geojson)),
});
