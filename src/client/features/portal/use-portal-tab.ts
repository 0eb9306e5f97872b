import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBrowserValue } from '../../lib/browser-value';

/** Reachable by address (?tab=documents, ?tab=fish-logging) and from links, without a tab trigger. */
const HIDDEN_TABS = ['documents', 'fish-logging', 'card'] as const;

/** The member portal's tab triggers, in order. */
export const PORTAL_TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'events', label: 'Events' },
  { value: 'catches', label: 'Catches' },
  { value: 'resources', label: 'Resources' },
  { value: 'profile', label: 'Profile' },
  { value: 'chat', label: 'Assistant' },
] as const;
export type PortalTab = (typeof PORTAL_TABS)[number]['value'] | (typeof HIDDEN_TABS)[number];

/** The tab triggers as the club's members see them: the resources are their state's ('QLD Resources'). */
export const portalTabs = (state: string) => PORTAL_TABS.map((t) => (t.value === 'resources' ? { ...t, label: `${state} ${t.label}` } : t));

/** Screen readers get one heading per tab, between the member's name (h1) and the cards' own headings (h3). */
export function portalTabHeading(tab: Exclude<PortalTab, 'documents'>, state: string): string {
  if (tab === 'fish-logging') return 'Fish Logging';
  if (tab === 'card') return 'Membership Card';
  return portalTabs(state).find((t) => t.value === tab)!.label;
}

const LAST_TAB_KEY = 'tcac.lastPortalTab';

const readLastTab = () => localStorage.getItem(LAST_TAB_KEY);
/** Opened as the installed app (its start address says so; standalone display is the fallback). */
const installedApp = () => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/**
 * The portal's open tab: the one in the address (?tab=profile), else, in the installed app, the one the member left it
 * on (often the fish-logging screen on an event day), else the dashboard. The open tab is kept on the device.
 */
export function usePortalTab(): PortalTab {
  const search = useSearch({ strict: false }) as { tab?: string; from?: string };
  // Neither the installed app nor the last tab is known to the server (which does not draw a page opened from the
  // home screen: drawnOnServer in shared/first-screen.ts).
  const fromHomeScreen = useBrowserValue(installedApp, false) || search.from === 'home-screen';
  const lastTab = useBrowserValue(readLastTab, null);
  const requested = search.tab ?? (fromHomeScreen ? (lastTab ?? undefined) : undefined);
  const tab: PortalTab = [...PORTAL_TABS.map((t) => t.value), ...HIDDEN_TABS].includes(requested as PortalTab)
    ? (requested as PortalTab)
    : 'dashboard';
  useEffect(() => localStorage.setItem(LAST_TAB_KEY, tab), [tab]);
  return tab;
}
