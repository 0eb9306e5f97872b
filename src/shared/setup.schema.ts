import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, text } from './auth.schema';
import { clubDocumentsEditSchema } from './club-documents.schema';
import { clubProfileSchema } from './club-profile';
import { competitionRulesSchema } from './competition-rules';
import { fishingAreaInput } from './fishing-area';
import { membershipRulesSchema } from './membership-rules';
import { placingRulesInput } from './placing-rules.schema';
import { clubSpeciesSchema } from './species-rules';

/** The first-run setup code as typed: spaces and case do not matter (the server compares it without them). */
export const setupCodeSchema = text('Setup code')
  .trim()
  .min(1, 'Please enter the setup code from the site’s log.')
  .max(40, 'That is not a setup code: it is 10 letters and digits, like K7QM4-XH2RP.');

/** The club's details and its first administrator, made on the /setup page by whoever holds the setup code. */
export const firstAdminInput = z.object({
  code: setupCodeSchema,
  club: clubProfileSchema,
  membership: membershipRulesSchema,
  competition: competitionRulesSchema,
  /** Whether an angler takes at most one place per category (the Results tab's switch afterwards). */
  placing: placingRulesInput,
  /** The club's fishing area as GeoJSON; left out, the example club's stays until one is set in Admin → Club settings. */
  fishingArea: fishingAreaInput.shape.geojson.optional(),
  species: clubSpeciesSchema,
  documents: clubDocumentsEditSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  password: passwordSchema,
});
export type FirstAdminInput = z.infer<typeof firstAdminInput>;

/** Whether the club still has no administrator, so the setup page is open. */
export const setupStatus = z.object({ open: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatus>;
