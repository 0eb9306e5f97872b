import type { EntityManager } from '@mikro-orm/postgresql';
import { EXAMPLE_CLUB_PROFILE } from '../../shared/club-example';
import { clubProfileSchema, type ClubProfile } from '../../shared/club-profile';
import { setClubZone } from '../../shared/dates';
import { SiteSetting, type User } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import type { ContentCache } from '../platform/content-cache';

/** The site setting that holds the club's profile (JSON, checked by `clubProfileSchema`). */
export const CLUB_PROFILE_SETTING = 'club_profile';
/** Settings that have their own card in Admin → Club settings, not the free-text settings list. */
export const CLUB_SETTING_KEYS: readonly string[] = [CLUB_PROFILE_SETTING];

/** The stored profile, or the example club's for a database from before the club's own were stored. */
async function storedProfile(em: EntityManager): Promise<ClubProfile> {
  const row = await em.findOne(SiteSetting, { settingKey: CLUB_PROFILE_SETTING });
  if (!row) return EXAMPLE_CLUB_PROFILE;
  let value: unknown;
  try {
    value = JSON.parse(row.settingValue);
  } catch {
    return EXAMPLE_CLUB_PROFILE;
  }
  // Checked when saved; a row edited by hand into something else: each field it lacks or spoilt comes from the example.
  const parsed = clubProfileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const merged = clubProfileSchema.safeParse({ ...EXAMPLE_CLUB_PROFILE, ...(value as object) });
  return merged.success ? merged.data : EXAMPLE_CLUB_PROFILE;
}

/**
 * Writes the profile's setting row and its audit entry (no flush): the setup page (by the holder of the setup code)
 * and Admin → Club settings both save through this.
 */
export async function writeClubProfile(em: EntityManager, profile: ClubProfile, by: { actor: User | null; label?: string }): Promise<void> {
  const row = await em.findOne(SiteSetting, { settingKey: CLUB_PROFILE_SETTING });
  const before = row ? await storedProfile(em) : null;
  const value = JSON.stringify(profile);
  if (row) em.assign(row, { settingValue: value, settingType: 'json' });
  else
    em.create(SiteSetting, {
      settingKey: CLUB_PROFILE_SETTING,
      settingValue: value,
      settingType: 'json',
      description: 'The club’s name, region, contact and colours. Change them in Admin → Club settings.',
    });
  recordAudit(em, {
    actor: by.actor,
    actorLabel: by.label,
    action: 'club.profile.save',
    entityType: 'ClubSettings',
    entityId: CLUB_PROFILE_SETTING,
    before: before as never,
    after: profile as never,
  });
}

export interface ClubSettingsDeps {
  cache: ContentCache;
}

/**
 * The one place the server reads what a club chose about itself (its profile now), kept with the site's other
 * content: the content cache drops it when any setting is written, on every instance.
 */
export class ClubSettingsService {
  constructor(private readonly deps: ClubSettingsDeps) {}

  async profile(em: EntityManager): Promise<ClubProfile> {
    const { value } = await this.deps.cache.get('club.profile', async () => {
      const profile = await storedProfile(em);
      // The process's clock follows the club's zone as soon as it is read afresh.
      setClubZone(profile.timeZone);
      return profile;
    });
    return value;
  }

  /** Admin → Club settings: replaces the profile (already checked by `clubProfileSchema`); audited before and after. */
  async saveProfile(em: EntityManager, actor: Actor, profile: ClubProfile): Promise<ClubProfile> {
    await writeClubProfile(em, profile, { actor: actor.user });
    await em.flush();
    setClubZone(profile.timeZone);
    return profile;
  }
}
