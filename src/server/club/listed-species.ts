import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { speciesNamed, UNLISTED_SPECIES_MESSAGE, type SpeciesRule } from '../../shared/species';
import type { ClubSettingsService } from './club-settings.service';

/**
 * The club's species of that name (whatever its case: the club's spelling is kept), or a refusal on `field` when the
 * club does not list it: a catch, a judge's correction and a mystery fish are of a species the club lists now.
 */
export async function listedSpecies(
  club: Pick<ClubSettingsService, 'species'>,
  em: EntityManager,
  name: string,
  field: string,
): Promise<SpeciesRule> {
  const found = speciesNamed(await club.species(em), name);
  if (!found) throw new AppError('BAD_REQUEST', UNLISTED_SPECIES_MESSAGE, { field });
  return found;
}
