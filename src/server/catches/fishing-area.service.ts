import type { EntityManager } from '@mikro-orm/postgresql';
import { areaPoints, DEFAULT_FISHING_AREA, fishingAreaGeometry, type FishingArea, type FishingAreaView } from '../../shared/fishing-area';
import { AuditLog, SiteSetting } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';

/** The site setting that holds the committee's fishing area (GeoJSON); without it the club's default applies. */
export const FISHING_AREA_SETTING = 'fishing_area';
/** The audit log's record type for changes of the fishing area. */
const AUDITED_AS = 'FishingArea';

/**
 * The fishing area the judge's place flags use now: the committee's, or the club's default. Read at each catch
 * submission (one small row), so a change applies to the next catch on every instance.
 */
export async function currentFishingArea(em: EntityManager): Promise<FishingArea> {
  return (await stored(em))?.area ?? DEFAULT_FISHING_AREA;
}

async function stored(em: EntityManager): Promise<{ row: SiteSetting; area: FishingArea } | null> {
  const row = await em.findOne(SiteSetting, { settingKey: FISHING_AREA_SETTING });
  if (!row) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.settingValue);
  } catch {
    return null;
  }
  // Checked when it was saved; a row edited by hand into something else falls back to the default.
  const parsed = fishingAreaGeometry.safeParse(value);
  return parsed.success ? { row, area: parsed.data } : null;
}

/** The committee's view and changes of the fishing area; every change is audited with the area before and after. */
export class FishingAreaService {
  async view(em: EntityManager): Promise<FishingAreaView> {
    const [current, last] = await Promise.all([
      stored(em),
      em.findOne(AuditLog, { entityType: AUDITED_AS }, { orderBy: { id: 'desc' }, populate: ['actor'] }),
    ]);
    const area = current?.area ?? DEFAULT_FISHING_AREA;
    return {
      area,
      points: areaPoints(area),
      isDefault: !current,
      changedAt: last?.createdAt.toISOString() ?? null,
      changedBy: last ? whoDid(last) : null,
    };
  }

  /** Replaces the area (already checked by `fishingAreaInput`) for the catches logged from now on. */
  async replace(em: EntityManager, actor: Actor, area: FishingArea): Promise<FishingAreaView> {
    const current = await stored(em);
    const row = await em.findOne(SiteSetting, { settingKey: FISHING_AREA_SETTING });
    const value = JSON.stringify(area);
    if (row) em.assign(row, { settingValue: value, settingType: 'json' });
    else
      em.create(SiteSetting, {
        settingKey: FISHING_AREA_SETTING,
        settingValue: value,
        settingType: 'json',
        description: "The fishing area of the judge's place flags (GeoJSON). Change it on the Results tab's Fishing area card.",
      });
    recordAudit(em, {
      actor: actor.user,
      action: 'fishingArea.replace',
      entityType: AUDITED_AS,
      entityId: FISHING_AREA_SETTING,
      before: summary(current?.area ?? DEFAULT_FISHING_AREA, !current),
      after: summary(area, false),
    });
    await em.flush();
    return this.view(em);
  }

  /** Goes back to the club's default area. */
  async reset(em: EntityManager, actor: Actor): Promise<FishingAreaView> {
    const row = await em.findOne(SiteSetting, { settingKey: FISHING_AREA_SETTING });
    if (!row) return this.view(em);
    const current = await stored(em);
    recordAudit(em, {
      actor: actor.user,
      action: 'fishingArea.reset',
      entityType: AUDITED_AS,
      entityId: FISHING_AREA_SETTING,
      before: summary(current?.area ?? DEFAULT_FISHING_AREA, !current),
      after: summary(DEFAULT_FISHING_AREA, true),
    });
    em.remove(row);
    await em.flush();
    return this.view(em);
  }
}

const whoDid = (entry: AuditLog) =>
  entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email : (entry.actorLabel ?? 'system');

/** What the audit log keeps of an area: all of it, so an earlier one can be pasted back. */
const summary = (area: FishingArea, isDefault: boolean) => ({ isDefault, points: areaPoints(area), area });
