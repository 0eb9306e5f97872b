import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClubProfile } from '../../shared/club-profile';
import type { CompetitionRules } from '../../shared/competition';
import { clubToday, setClubZone } from '../../shared/dates';
import { versionedDocuments, type ClubDocuments, type ClubDocumentsEdit, type ClubFacts } from '../../shared/documents';
import type { MembershipRules } from '../../shared/membership-rules';
import { categoriesOf, type ClubSpecies } from '../../shared/species';
import type { Actor } from '../platform/actor';
import type { ContentCache } from '../platform/content-cache';
import { storedSection, writeClubSection, type ClubSectionName, type ClubSectionValue } from './club-sections';

export { CLUB_SETTING_KEYS } from './club-sections';

export interface ClubSettingsDeps {
  cache: ContentCache;
  clock: { now(): Date };
}

/**
 * The one place the server reads what a club chose about itself (its profile, its membership and competition rules, its species), kept with the
 * site's other content: the content cache drops it when any setting is written, on every instance.
 */
export class ClubSettingsService {
  constructor(private readonly deps: ClubSettingsDeps) {}

  async profile(em: EntityManager): Promise<ClubProfile> {
    const profile = await this.read(em, 'profile');
    // The process's clock follows the club's zone (a no-op but when it changed).
    setClubZone(profile.timeZone);
    return profile;
  }

  /** The fees, family limits, junior age and membership year: who is a junior and what a membership costs. */
  membership(em: EntityManager): Promise<MembershipRules> {
    return this.read(em, 'membership');
  }

  /** Entry fees, the day's times, prizes and points per place, the mystery fish and the picture of the month. */
  competition(em: EntityManager): Promise<CompetitionRules> {
    return this.read(em, 'competition');
  }

  /** The species a catch is logged as, their legal minimum lengths, and which are placed and score points. */
  species(em: EntityManager): Promise<ClubSpecies> {
    return this.read(em, 'species');
  }

  /** The waiver, code of conduct, competition rules and mission, each at the version members accept. */
  documents(em: EntityManager): Promise<ClubDocuments> {
    return this.read(em, 'documents');
  }

  /** What the documents' tokens are filled from: the club's profile, its competition rules and its categories. */
  async documentFacts(em: EntityManager): Promise<ClubFacts> {
    const [club, competition, species] = await Promise.all([this.profile(em), this.competition(em), this.species(em)]);
    return { club, competition, categories: categoriesOf(species) };
  }

  /**
   * Admin → Club settings' documents: a document whose title or words changed gets today's version (members are
   * asked to accept it again), the others keep theirs; audited before and after.
   */
  async saveDocuments(em: EntityManager, actor: Actor, edit: ClubDocumentsEdit): Promise<ClubDocuments> {
    return this.save(em, actor, 'documents', await this.versioned(em, edit));
  }

  /** The documents as they would be saved now: versions decided against the stored ones (the setup page's too). */
  async versioned(em: EntityManager, edit: ClubDocumentsEdit): Promise<ClubDocuments> {
    const before = await storedSection(em, 'documents');
    return versionedDocuments(before, edit, clubToday(this.deps.clock.now()));
  }

  /** Admin → Club settings: replaces a section (already checked by its schema); audited before and after. */
  async save<N extends ClubSectionName>(
    em: EntityManager,
    actor: Actor,
    name: N,
    value: ClubSectionValue<N>,
  ): Promise<ClubSectionValue<N>> {
    await writeClubSection(em, name, value, { actor: actor.user });
    await em.flush();
    if (name === 'profile') setClubZone((value as ClubProfile).timeZone);
    return value;
  }

  /**
   * A section through the content cache; while the database is away, the last one read (a page still opens in the
   * club's name during an outage), or the database's error when none was.
   */
  private async read<N extends ClubSectionName>(em: EntityManager, name: N): Promise<ClubSectionValue<N>> {
    try {
      const { value } = await this.deps.cache.get(`club.${name}`, () => storedSection(em, name));
      this.lastRead.set(name, value);
      return value;
    } catch (error) {
      if (this.lastRead.has(name)) return this.lastRead.get(name) as ClubSectionValue<N>;
      throw error;
    }
  }

  private readonly lastRead = new Map<ClubSectionName, unknown>();
}
