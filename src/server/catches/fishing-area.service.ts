import type { EntityManager } from '@mikro-orm/postgresql';
import { EXAMPLE_FISHING_AREA } from '../../shared/example-fishing-area';
import { areaPoints, fishingAreaGeometry, type FishingArea, type FishingAreaView } from '../../shared/fishing-area';
import { AuditLog, SiteSetting, type User } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';

/** The site setting that holds the club's fishing area (GeoJSON); a site that never stored one has the example club's. */
export const FISHING_AREA_SETTING = 'fishing_area';
/** The audit log's record type for changes of the fishing area. */
const AUDITED_AS = 'FishingArea';

/**
 * The fishing area the judge's place flags use now. Read at each catch submission (one small row), so a change
 * applies to the next catch on every instance.
 */
export async function currentFishingArea(em: EntityManager): Promise<FishingArea> {
  return (await stored(em))?.area ?? EXAMPLE_FISHING_AREA;
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
  // Checked when it was saved; a row edited by hand into something else reads as none.
  const parsed = fishingAreaGeometry.safeParse(value);
  return parsed.success ? { row, area: parsed.data } : null;
}

/**
 * Stores the club's fishing area and its audit entry, the area before and after (no flush): the setup page (by the
 * holder of the setup code) and the committee's Fishing area card both save through this.
 */
export async function writeFishingArea(em: EntityManager, area: FishingArea, by: { actor: User | null; label?: string }): Promise<void> {
  const current = await stored(em);
  const value = JSON.stringify(area);
  if (current) em.assign(current.row, { settingValue: value, settingType: 'json' });
  else
    em.create(SiteSetting, {
      settingKey: FISHING_AREA_SETTING,
      settingValue: value,
      settingType: 'json',
      description: "The fishing area of the judge's place flags (GeoJSON). Change it in Admin → Club settings.",
    });
  recordAudit(em, {
    actor: by.actor,
    actorLabel: by.label,
    action: 'fishingArea.replace',
    entityType: AUDITED_AS,
    entityId: FISHING_AREA_SETTING,
    before: summary(current?.area ?? EXAMPLE_FISHING_AREA, !current),
    after: summary(area, false),
  });
}

/** The committee's view and changes of the fishing area; every change is audited with the area before and after. */
export class FishingAreaService {
  async view(em: EntityManager): Promise<FishingAreaView> {
    const [current, last] = await Promise.all([
      stored(em),
      em.findOne(AuditLog, { entityType: AUDITED_AS }, { orderBy: { id: 'desc' }, populate: ['actor'] }),
    ]);
    const area = current?.area ?? EXAMPLE_FISHING_AREA;
    return {
      area,
      points: areaPoints(area),
      isExample: !current,
      changedAt: last?.createdAt.toISOString() ?? null,
      changedBy: last ? whoDid(last) : null,
    };
  }

  /** Replaces the area (already checked by `fishingAreaInput`) for the catches logged from now on. */
  async replace(em: EntityManager, actor: Actor, area: FishingArea): Promise<FishingAreaView> {
    await writeFishingArea(em, area, { actor: actor.user });
    await em.flush();
    return this.view(em);
  }
}

const whoDid = (entry: AuditLog) =>
  entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email : (entry.actorLabel ?? 'system');

/** What the audit log keeps of an area: all of it, so an earlier one can be pasted back. */
const summary = (area: FishingArea, isExample: boolean) => ({ isExample, points: areaPoints(area), area });
