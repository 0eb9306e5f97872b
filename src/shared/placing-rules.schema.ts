import { z } from 'zod';

// The club's rules on who takes the places of a category: what the committee's Results tab and the server share.

/** The name of the setting as the committee sees it. */
export const ONE_PLACING_LABEL = 'One placing per angler per category';

/**
 * The club's placing rules as they stand, and who last changed them. With one placing per angler (the club's
 * default), an angler's best catch in a category places and their other catches there take no place.
 */
export const placingRulesView = z.object({
  onePlacingPerAngler: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type PlacingRulesView = z.infer<typeof placingRulesView>;

export const placingRulesInput = z.object({
  onePlacingPerAngler: z.boolean({ error: `Please say whether '${ONE_PLACING_LABEL}' is on or off.` }),
});
export type PlacingRulesInput = z.infer<typeof placingRulesInput>;
