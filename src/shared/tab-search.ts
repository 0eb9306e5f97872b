/**
 * The tabs of the admin screens, by their address value (/admin?tab=judging, /admin/cms?tab=news), kept apart from the
 * screens (which load on demand) so that the router can check the address without loading them.
 */
export const ADMIN_TABS = [
  'members',
  'events',
  'judging',
  'results',
  'payments',
  'sponsors',
  'reports',
  'accounting',
  'newsletters',
  'club',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_DEFAULT_TAB: AdminTab = 'events';

export const CMS_TABS = ['pages', 'sections', 'settings', 'news'] as const;
export type CmsTab = (typeof CMS_TABS)[number];
export const CMS_DEFAULT_TAB: CmsTab = 'pages';

/** A screen's search parameters: the open tab when it names one of the screen's tabs, the others as they came. */
export type TabSearch<T extends string> = { tab?: T } & Record<string, string | undefined>;

/**
 * validateSearch for a screen in tabs: `tab` is kept when it names one of `tabs` (any case), dropped otherwise so that
 * the screen opens on its default; the other parameters (say ?signon=<event id>) stay as they came.
 */
export function tabSearch<T extends string>(tabs: readonly T[]) {
  return (search: Record<string, unknown>): TabSearch<T> => {
    const out: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(search)) if (key !== 'tab' && typeof value === 'string') out[key] = value;
    const tab = typeof search.tab === 'string' ? search.tab.trim().toLowerCase() : undefined;
    // Set even when unknown: the route's search is laid over the address's own, so a key left out would come back.
    return { ...out, tab: tabs.includes(tab as T) ? (tab as T) : undefined };
  };
}
