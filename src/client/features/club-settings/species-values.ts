import type { AustralianState } from '../../../shared/club-profile-plain';
import type { ClubSpecies, SpeciesRule } from '../../../shared/species';

/** One species as a form holds it: its name, its legal size as typed, and the two ticks. */
export interface SpeciesRowValues {
  name: string;
  /** cm as typed; ignored while No legal minimum is ticked. */
  minimumCm: string;
  /** Ticked on purpose: the species has no legal minimum (a blank size without it is refused). */
  noMinimum: boolean;
  countsForPoints: boolean;
}

/** The club's species as a form holds them. */
export interface SpeciesValues {
  state: AustralianState;
  species: SpeciesRowValues[];
}

/** Where a message shows: the list's own path ('state', 'species', 'species.2.name', 'species.2.minimumCm'). */
export type SpeciesField = string;

const rowValues = (s: SpeciesRule): SpeciesRowValues => ({
  name: s.name,
  minimumCm: s.minimumCm === null ? '' : String(s.minimumCm),
  noMinimum: s.minimumCm === null,
  countsForPoints: s.countsForPoints,
});

export const speciesValues = (list: Pick<ClubSpecies, 'state'> & { species: readonly SpeciesRule[] }): SpeciesValues => ({
  state: list.state,
  species: list.species.map(rowValues),
});

/** A new row: no name or size yet, counting for points. */
export const blankSpeciesRow = (): SpeciesRowValues => ({ name: '', minimumCm: '', noMinimum: false, countsForPoints: true });

/** A size as typed: blank is none given (left out, which the schema refuses by name), anything else a number or NaN. */
const typedCm = (typed: string): number | undefined => {
  const t = typed.trim();
  if (t === '') return undefined;
  return /^\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

/** What the list's schema parses: null for No legal minimum, the typed size otherwise (left out when blank). */
export const speciesInput = (v: SpeciesValues) => ({
  state: v.state,
  species: v.species.map((s) => ({
    name: s.name,
    minimumCm: s.noMinimum ? null : typedCm(s.minimumCm),
    countsForPoints: s.countsForPoints,
  })),
});

const FIELD_PATHS = [/^state$/, /^species(\.\d+\.(name|minimumCm))?$/];

/** The field that shows a message about a list path: the path itself (under `prefix` if any, which it keeps). */
export function speciesFieldOf(prefix = ''): (path: string) => SpeciesField | undefined {
  return (path) => (path.startsWith(prefix) && FIELD_PATHS.some((p) => p.test(path.slice(prefix.length))) ? path : undefined);
}

/** The message under each size typed that is no number at all: the schema would say only that it is not a length. */
export function notNumberMessages(v: SpeciesValues, prefix = ''): Partial<Record<SpeciesField, string>> {
  const messages: Record<string, string> = {};
  v.species.forEach((s, i) => {
    if (!s.noMinimum && Number.isNaN(typedCm(s.minimumCm)))
      messages[`${prefix}species.${i}.minimumCm`] =
        `${s.name.trim() || `Species ${i + 1}`}’s legal size must be a number of cm, such as 36.`;
  });
  return messages;
}
