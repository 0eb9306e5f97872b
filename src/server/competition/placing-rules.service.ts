import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlacingRulesInput, PlacingRulesView } from '../../shared/placing-rules.schema';
import { AuditLog, SiteSetting, type User } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';

/** The site setting that holds whether an angler takes at most one place per category ('true' or 'false'). */
export const ONE_PLACING_SETTING = 'one_placing_per_angler';
/** The audit log's record type for changes of the placing rules. */
const AUDITED_AS = 'PlacingRules';

/** How the places of a category are given: the one answer results, boards, ladders and points all ask for. */
export interface PlacingRules {
  /** An angler's best catch in a category places; their other catches there take no place (the next angler moves up). */
  onePlacingPerAngler: boolean;
}

/** The club's default: one placing per angler per category. */
const CLUB_DEFAULT: PlacingRules = { onePlacingPerAngler: true };

/**
 * The placing rules in force now: the committee's setting, or the club's default where none is stored (or a row
 * edited by hand into something else). Read at each working out of results (one small row), so a change applies at
 * once on every instance.
 */
export async function placingRules(em: EntityManager): Promise<PlacingRules> {
  const row = await em.findOne(SiteSetting, { settingKey: ONE_PLACING_SETTING });
  return { onePlacingPerAngler: parseSwitch(row?.settingValue) ?? CLUB_DEFAULT.onePlacingPerAngler };
}

const parseSwitch = (value: string | undefined): boolean | null => (value === 'true' ? true : value === 'false' ? false : null);

/**
 * Stores the placing rules, audited when they change (no flush): the setup page (by the holder of the setup code)
 * and the committee's Results tab both save through this. The same value again changes and records nothing; the
 * club's default confirmed where none was stored is written down, without an audit entry, as nothing changes.
 */
export async function writePlacingRules(
  em: EntityManager,
  input: PlacingRulesInput,
  by: { actor: User | null; label?: string },
): Promise<void> {
  const row = await em.findOne(SiteSetting, { settingKey: ONE_PLACING_SETTING });
  const before = { onePlacingPerAngler: parseSwitch(row?.settingValue) ?? CLUB_DEFAULT.onePlacingPerAngler };
  const value = String(input.onePlacingPerAngler);
  if (row?.settingValue === value) return;
  if (row) em.assign(row, { settingValue: value, settingType: 'boolean' });
  else
    em.create(SiteSetting, {
      settingKey: ONE_PLACING_SETTING,
      settingValue: value,
      settingType: 'boolean',
      description: 'One placing per angler per category (results, boards and champion points). Change it on the Results tab.',
    });
  if (before.onePlacingPerAngler !== input.onePlacingPerAngler)
    recordAudit(em, {
      actor: by.actor,
      actorLabel: by.label,
      action: 'placingRules.set',
      entityType: AUDITED_AS,
      entityId: ONE_PLACING_SETTING,
      before,
      after: { onePlacingPerAngler: input.onePlacingPerAngler },
    });
}

/** The committee's view and changes of the placing rules; every change is audited and reaches the boards at once. */
export class PlacingRulesService {
  async view(em: EntityManager): Promise<PlacingRulesView> {
    const [rules, last] = await Promise.all([
      placingRules(em),
      em.findOne(AuditLog, { entityType: AUDITED_AS }, { orderBy: { id: 'desc' }, populate: ['actor'] }),
    ]);
    return {
      ...rules,
      changedAt: last?.createdAt.toISOString() ?? null,
      changedBy: last
        ? last.actor
          ? `${last.actor.firstName} ${last.actor.lastName}`.trim() || last.actor.email
          : (last.actorLabel ?? 'system')
        : null,
    };
  }

  /**
   * Switches 'One placing per angler per category' on or off. Every result worked out from then on follows it
   * (past events' results and the season's points included), and every followed board is worked out again. The
   * same value again (a double tap, a retry) changes and records nothing.
   */
  async set(em: EntityManager, actor: Actor, input: PlacingRulesInput): Promise<PlacingRulesView> {
    await writePlacingRules(em, input, { actor: actor.user });
    await em.flush();
    return this.view(em);
  }
}
