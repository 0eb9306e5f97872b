import type { EntityManager } from '@mikro-orm/postgresql';
import { KNOWN_SETTINGS, type SettingData, type SettingView } from '../../shared/cms.schema';
import { AppError } from '../../shared/errors';
import { ONE_PLACING_LABEL } from '../../shared/placing-rules.schema';
import { SITE_NAVIGATION_SETTING, siteNavigation } from '../../shared/site-navigation';
import { FISHING_AREA_SETTING } from '../catches/fishing-area.service';
import { CLUB_SETTING_KEYS } from '../club/club-settings.service';
import { ONE_PLACING_SETTING } from '../competition/placing-rules.service';
import { ContentPage, SiteSetting } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { findById, saveAudited, settingView } from './cms-common';

const FISHING_AREA_ELSEWHERE = 'The fishing area is changed on its card in Admin → Club settings.';

/** The site's settings the committee edits (the fishing area and the placing rules have their own cards). */
export class CmsSettings {
  async listSettings(em: EntityManager): Promise<SettingView[]> {
    return (await em.find(SiteSetting, {}, { orderBy: { settingKey: 'asc' } })).map((s) => settingView(s));
  }

  /** Creates or updates the setting with this key (POST /api/admin/settings). */
  async saveSetting(em: EntityManager, actor: Actor, input: SettingData): Promise<SettingView> {
    // The fishing area is checked as GeoJSON on its own card; a free-text edit here could break the judge's flags.
    if (input.settingKey === FISHING_AREA_SETTING) throw new AppError('BAD_REQUEST', FISHING_AREA_ELSEWHERE, { field: 'settingKey' });
    // The placing rules are audited as such and refresh the boards; a free-text edit here would do neither.
    if (input.settingKey === ONE_PLACING_SETTING)
      throw new AppError('BAD_REQUEST', `${ONE_PLACING_LABEL} is switched on the Results tab.`, { field: 'settingKey' });
    // The club's own settings are checked as a whole on their cards; a free-text edit could break every page.
    if (CLUB_SETTING_KEYS.includes(input.settingKey))
      throw new AppError('BAD_REQUEST', 'The club’s details are changed in Admin → Club settings.', { field: 'settingKey' });
    const known = KNOWN_SETTINGS[input.settingKey];
    if (known && known.type !== input.settingType)
      throw new AppError('BAD_REQUEST', `${input.settingKey} is a ${known.type} setting.`, { field: 'settingType' });
    if (input.settingKey === SITE_NAVIGATION_SETTING) await this.refuseUnknownPages(em, input.settingValue);
    const value = input.settingType === 'text' ? input.settingValue.trim() : input.settingValue;
    let setting = await em.findOne(SiteSetting, { settingKey: input.settingKey });
    const before = setting ? settingView(setting) : null;
    if (setting)
      em.assign(setting, {
        settingValue: value,
        settingType: input.settingType,
        description: input.description ?? setting.description ?? null,
      });
    else
      setting = em.create(SiteSetting, {
        settingKey: input.settingKey,
        settingValue: value,
        settingType: input.settingType,
        description: input.description ?? known?.description ?? null,
      });
    await saveAudited(
      em,
      actor,
      'setting.save',
      'SiteSetting',
      setting.id,
      before,
      settingView(setting),
      'That setting was just created by someone else; please try again.',
    );
    return settingView(setting);
  }

  /** The menu and footer may link only to pages that exist (a draft shows there once it is published). */
  private async refuseUnknownPages(em: EntityManager, value: string): Promise<void> {
    const { menu, footer } = siteNavigation.parse(JSON.parse(value));
    const slugs = [...new Set([...menu, ...footer])];
    const found = new Set((await em.find(ContentPage, { slug: { $in: slugs } }, { fields: ['slug'] })).map((p) => p.slug));
    const missing = slugs.filter((slug) => !found.has(slug));
    if (missing.length)
      throw new AppError('BAD_REQUEST', `There is no page at ${missing.map((slug) => `/pages/${slug}`).join(', ')}. Create it first.`, {
        field: 'settingValue',
      });
  }

  async deleteSetting(em: EntityManager, actor: Actor, id: string): Promise<{ message: string }> {
    const setting = await findById(em, SiteSetting, id, 'That setting does not exist.');
    if (setting.settingKey === FISHING_AREA_SETTING) throw new AppError('BAD_REQUEST', FISHING_AREA_ELSEWHERE);
    if (setting.settingKey === ONE_PLACING_SETTING)
      throw new AppError('BAD_REQUEST', `${ONE_PLACING_LABEL} is switched on the Results tab.`);
    if (CLUB_SETTING_KEYS.includes(setting.settingKey))
      throw new AppError('BAD_REQUEST', 'The club’s details are changed in Admin → Club settings.');
    recordAudit(em, {
      actor: actor.user,
      action: 'setting.delete',
      entityType: 'SiteSetting',
      entityId: id,
      before: settingView(setting),
      after: null,
    });
    em.remove(setting);
    await em.flush();
    return { message: 'Setting deleted successfully' };
  }
}
