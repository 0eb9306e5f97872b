import { STATE_NAMES } from '../../shared/club-profile-plain';
import { SPECIES_ID, type ClubSpecies, type SpeciesRule } from '../../shared/species';
import { pageSetting } from './page-setting';

const isRule = (value: unknown): value is SpeciesRule => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof SpeciesRule, unknown>>;
  return typeof v.name === 'string' && (v.minimumCm === null || typeof v.minimumCm === 'number') && typeof v.countsForPoints === 'boolean';
};

/** A list as the server wrote it (checked in full by its schema when saved): only its shape is checked here. */
function isClubSpecies(value: unknown): value is ClubSpecies {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof ClubSpecies, unknown>>;
  return (
    typeof v.state === 'string' && v.state in STATE_NAMES && Array.isArray(v.species) && v.species.length > 0 && v.species.every(isRule)
  );
}

/** Until the list is known (only ever briefly, on a page served without it): no species to choose. */
const UNKNOWN_SPECIES: ClubSpecies = { state: 'NSW', species: [] };

const species = pageSetting<ClubSpecies>({
  id: SPECIES_ID,
  path: 'club.species',
  isValid: isClubSpecies,
  unknown: UNKNOWN_SPECIES,
});

/** Takes the club's species (the page's, the device's copy, or the list just saved in Admin → Club settings). */
export const setClubSpecies = species.set;
/** At start: the list the page came with, else the device's copy, else asks the API. */
export const keepClubSpecies = species.keep;
/** The club's species and their legal sizes, outside a component. */
export const clubSpecies = species.get;
/** The club's species and their legal sizes in a component: it redraws when they are saved anew. */
export const useSpecies = species.use;
/** The names a species select offers, in the club's order. */
export const useSpeciesNames = (): string[] => useSpecies().species.map((s) => s.name);
