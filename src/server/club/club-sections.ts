import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  EXAMPLE_CLUB_DOCUMENTS,
  EXAMPLE_CLUB_PROFILE,
  EXAMPLE_CLUB_SPECIES,
  EXAMPLE_COMPETITION_RULES,
  EXAMPLE_MEMBERSHIP_RULES,
} from '../../shared/club-example';
import { clubDocumentsSchema } from '../../shared/club-documents.schema';
import { clubProfileSchema } from '../../shared/club-profile';
import { competitionRulesSchema } from '../../shared/competition-rules';
import { membershipRulesSchema } from '../../shared/membership-rules';
import { clubSpeciesSchema } from '../../shared/species-rules';
import { SiteSetting, type User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';

/** One part of what a club chose about itself: the setting row it lives in, its schema and the example club's. */
export interface ClubSection<S extends z.ZodType> {
  settingKey: string;
  schema: S;
  example: z.output<S>;
  /** The audit log's action for a save. */
  action: string;
  description: string;
}

export const CLUB_SECTIONS = {
  profile: {
    settingKey: 'club_profile',
    schema: clubProfileSchema,
    example: EXAMPLE_CLUB_PROFILE,
    action: 'club.profile.save',
    description: 'The club’s name, region, contact and colours. Change them in Admin → Club settings.',
  },
  membership: {
    settingKey: 'club_membership',
    schema: membershipRulesSchema,
    example: EXAMPLE_MEMBERSHIP_RULES,
    action: 'club.membership.save',
    description: 'The club’s fees, family limits, junior age and membership year. Change them in Admin → Club settings.',
  },
  competition: {
    settingKey: 'club_competition',
    schema: competitionRulesSchema,
    example: EXAMPLE_COMPETITION_RULES,
    action: 'club.competition.save',
    description: 'The club’s entry fees, competition times, prizes and points. Change them in Admin → Club settings.',
  },
  species: {
    settingKey: 'club_species',
    schema: clubSpeciesSchema,
    example: EXAMPLE_CLUB_SPECIES,
    action: 'club.species.save',
    description: 'The species the club competes for, their legal sizes and which count for points. Change them in Admin → Club settings.',
  },
  documents: {
    settingKey: 'club_documents',
    schema: clubDocumentsSchema,
    example: EXAMPLE_CLUB_DOCUMENTS,
    action: 'club.documents.save',
    description:
      'The club’s waiver, code of conduct, competition rules and mission, each at its version. Change them in Admin → Club settings.',
  },
} as const satisfies Record<string, ClubSection<z.ZodType>>;
export type ClubSectionName = keyof typeof CLUB_SECTIONS;
export type ClubSectionValue<N extends ClubSectionName> = z.output<(typeof CLUB_SECTIONS)[N]['schema']>;

/** Settings that have their own card in Admin → Club settings, not the free-text settings list. */
export const CLUB_SETTING_KEYS: readonly string[] = Object.values(CLUB_SECTIONS).map((s) => s.settingKey);

/** The stored section, or the example club's for a database from before the club's own were stored. */
export async function storedSection<N extends ClubSectionName>(em: EntityManager, name: N): Promise<ClubSectionValue<N>> {
  const section: ClubSection<z.ZodType> = CLUB_SECTIONS[name];
  const row = await em.findOne(SiteSetting, { settingKey: section.settingKey });
  if (!row) return section.example as ClubSectionValue<N>;
  let value: unknown;
  try {
    value = JSON.parse(row.settingValue);
  } catch {
    return section.example as ClubSectionValue<N>;
  }
  // Checked when saved; a row edited by hand into something else: each field it lacks or spoilt comes from the example.
  const parsed = section.schema.safeParse(value);
  if (parsed.success) return parsed.data as ClubSectionValue<N>;
  const merged = section.schema.safeParse({ ...(section.example as object), ...(value as object) });
  return (merged.success ? merged.data : section.example) as ClubSectionValue<N>;
}

/**
 * Writes a section's setting row and its audit entry, before and after (no flush): the setup page (by the holder of
 * the setup code) and Admin → Club settings both save through this.
 */
export async function writeClubSection<N extends ClubSectionName>(
  em: EntityManager,
  name: N,
  value: ClubSectionValue<N>,
  by: { actor: User | null; label?: string },
): Promise<void> {
  const section: ClubSection<z.ZodType> = CLUB_SECTIONS[name];
  const row = await em.findOne(SiteSetting, { settingKey: section.settingKey });
  const before = row ? await storedSection(em, name) : null;
  const settingValue = JSON.stringify(value);
  if (row) em.assign(row, { settingValue, settingType: 'json' });
  else em.create(SiteSetting, { settingKey: section.settingKey, settingValue, settingType: 'json', description: section.description });
  recordAudit(em, {
    actor: by.actor,
    actorLabel: by.label,
    action: section.action,
    entityType: 'ClubSettings',
    entityId: section.settingKey,
    before: before as never,
    after: value as never,
  });
}
