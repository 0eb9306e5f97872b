import { z } from 'zod';
import { STATE_NAMES, type AustralianState } from './club-profile-plain';
import {
  MAX_SPECIES,
  SIZE_LIMIT_MAX_CM,
  SIZE_LIMIT_MIN_CM,
  SPECIES_NAME_MAX,
  speciesKey,
  type ClubSpecies,
  type SpeciesRule,
  UNLISTED_SPECIES_MESSAGE,
} from './species';

/**
 * A species' name as a form sends it: the server takes it only when the club lists it (whatever its case), so the
 * list itself is the club's (its settings), not the schema's.
 */
export const speciesName = z
  .string({ error: UNLISTED_SPECIES_MESSAGE })
  .trim()
  .min(1, UNLISTED_SPECIES_MESSAGE)
  .max(SPECIES_NAME_MAX, UNLISTED_SPECIES_MESSAGE);

const STATES = Object.keys(STATE_NAMES) as [AustralianState, ...AustralianState[]];

/** A length to a tenth of a cm, as it is stored. */
const toTenth = (cm: number) => Math.round(cm * 10) / 10;

/**
 * One species as sent: its name, and its legal size in cm or null for none. A size left out (undefined) is not
 * "none": the list refuses it, naming the species, so that no legal minimum is always chosen.
 */
const speciesRuleInput = z.object({
  name: z.string({ error: 'Give every species a name.' }).trim(),
  minimumCm: z.number({ error: 'A legal size must be a length in cm.' }).nullable().optional(),
  countsForPoints: z.boolean({ error: 'Say whether each species counts for points.' }),
});

/** Each species' name and size, in the club's words: the messages name the species (or its place when unnamed). */
function checkSpecies(list: z.output<typeof speciesRuleInput>[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((s, i) => {
    const issue = (field: 'name' | 'minimumCm', message: string) => ctx.addIssue({ code: 'custom', path: [i, field], message });
    if (!s.name) issue('name', `Species ${i + 1} needs a name.`);
    else if (s.name.length > SPECIES_NAME_MAX)
      issue('name', `${s.name.slice(0, 20)}…: a species name must be at most ${SPECIES_NAME_MAX} characters.`);
    else if (seen.has(speciesKey(s.name))) issue('name', `${s.name} is in the list twice.`);
    seen.add(speciesKey(s.name));
    const name = s.name || `Species ${i + 1}`;
    if (s.minimumCm === undefined) issue('minimumCm', `Give ${name} a legal size in cm, or tick No legal minimum.`);
    else if (s.minimumCm !== null && !(s.minimumCm >= SIZE_LIMIT_MIN_CM && s.minimumCm <= SIZE_LIMIT_MAX_CM))
      issue('minimumCm', `${name}’s legal size must be between ${SIZE_LIMIT_MIN_CM} and ${SIZE_LIMIT_MAX_CM} cm.`);
  });
}

/**
 * The club's species: the state whose legal sizes they follow, and 1 to 30 species, each named once (whatever the
 * case), with its legal minimum length (0.1 to 300 cm, to a tenth) or none, and whether it counts for points. Chosen
 * on the setup page, changed in Admin → Club settings; a change applies to catches logged and results worked out
 * from then on, never to a catch already logged.
 */
export const clubSpeciesSchema = z.object({
  state: z.enum(STATES, { error: 'State must be one of NSW, QLD, VIC, TAS, SA, WA, NT or ACT.' }),
  species: z
    .array(speciesRuleInput, { error: 'Give the club at least one species.' })
    .min(1, 'Give the club at least one species.')
    .max(MAX_SPECIES, `A club lists at most ${MAX_SPECIES} species.`)
    .superRefine(checkSpecies)
    .transform((list) =>
      list.map((s): SpeciesRule => ({
        name: s.name,
        minimumCm: s.minimumCm == null ? null : toTenth(s.minimumCm),
        countsForPoints: s.countsForPoints,
      })),
    ),
}) satisfies z.ZodType<ClubSpecies, unknown>;
export type ClubSpeciesInput = z.input<typeof clubSpeciesSchema>;
export type { ClubSpecies };
