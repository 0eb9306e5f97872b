/**
 * The club's species: the competition categories a catch is logged as, each with its legal minimum length and
 * whether it counts for points. Plain types, constants and rules, kept apart from the zod schema (species-rules.ts)
 * so that the page bundle needs no zod.
 */
import type { AustralianState } from './club-profile-plain';

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's species. */
export const SPECIES_ID = 'club-species';

/** How many species a club lists, and how long a species' name may be. */
export const MAX_SPECIES = 30;
export const SPECIES_NAME_MAX = 40;
/** A legal minimum length in cm: from this, at most SIZE_LIMIT_MAX_CM, to a tenth. */
export const SIZE_LIMIT_MIN_CM = 0.1;
export const SIZE_LIMIT_MAX_CM = 300;

/** What a catch, a judge's correction or a mystery fish of a species the club does not list is refused with. */
export const UNLISTED_SPECIES_MESSAGE = 'Please choose a species from the list.';

/** One species the club competes for: its name, its legal minimum length (null: none) and whether it is placed. */
export interface SpeciesRule {
  name: string;
  /** The state's recreational minimum legal length in cm; null when there is none (chosen, never left blank). */
  minimumCm: number | null;
  /** Placed in the results and the season's ladder; a species that does not is logged and judged all the same. */
  countsForPoints: boolean;
}

/**
 * The club's species (checked by `clubSpeciesSchema` in species-rules.ts; read through the club's settings): the
 * state whose legal sizes they follow, and the list in the order the club shows it.
 */
export interface ClubSpecies {
  state: AustralianState;
  species: SpeciesRule[];
}

/**
 * The states' published recreational minimum legal lengths (cm) for common estuary and inshore species, as of 2026:
 * where a club starts from; the club edits them (a rule changes, a species is added or counts no more).
 */
export const NSW_SPECIES: readonly SpeciesRule[] = [
  { name: 'Mulloway', minimumCm: 70, countsForPoints: true },
  { name: 'Whiting', minimumCm: 27, countsForPoints: true }, // sand whiting
  { name: 'Bream', minimumCm: 25, countsForPoints: true }, // yellowfin bream
  { name: 'Flathead', minimumCm: 36, countsForPoints: true }, // dusky flathead
  { name: 'Mangrove Jack', minimumCm: 35, countsForPoints: true },
  { name: 'Trevally', minimumCm: null, countsForPoints: true },
  { name: 'Tailor', minimumCm: 30, countsForPoints: true },
];

/** Queensland's (Queensland Fisheries' recreational rules), as of 2026; the club edits them. */
export const QLD_SPECIES: readonly SpeciesRule[] = [
  { name: 'Flathead', minimumCm: 40, countsForPoints: true }, // dusky flathead: a 40–75 cm slot, 40 the minimum
  { name: 'Bream', minimumCm: 25, countsForPoints: true }, // yellowfin bream
  { name: 'Whiting', minimumCm: 23, countsForPoints: true }, // sand whiting
  { name: 'Mangrove Jack', minimumCm: 35, countsForPoints: true },
  { name: 'Mulloway', minimumCm: 75, countsForPoints: true },
  { name: 'Tailor', minimumCm: 35, countsForPoints: true },
  { name: 'Snapper', minimumCm: 35, countsForPoints: true },
  { name: 'Grass Emperor', minimumCm: 30, countsForPoints: true },
  { name: 'Trevally', minimumCm: null, countsForPoints: true },
];

/** The states whose list a club can start from. */
export const STATE_SPECIES: Partial<Record<AustralianState, readonly SpeciesRule[]>> = { NSW: NSW_SPECIES, QLD: QLD_SPECIES };

/** Names are the same whatever their case or surrounding spaces ('bream ' is Bream). */
export const speciesKey = (name: string) => name.trim().toLocaleLowerCase('en-AU');

/** The club's species of that name (whatever its case), or undefined when the club does not list it. */
export function speciesNamed(list: Pick<ClubSpecies, 'species'>, name: string): SpeciesRule | undefined {
  const key = speciesKey(name);
  return list.species.find((s) => speciesKey(s.name) === key);
}

/** The legal minimum length of a species in cm: null when it has none, or the club no longer lists it. */
export const minimumCmOf = (list: Pick<ClubSpecies, 'species'>, name: string): number | null => speciesNamed(list, name)?.minimumCm ?? null;

/** The competition categories: the club's species that count for points, in the club's order. */
export const categoriesOf = (list: Pick<ClubSpecies, 'species'>): string[] =>
  list.species.filter((s) => s.countsForPoints).map((s) => s.name);
