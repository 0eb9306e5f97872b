import { Container, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useBrowserValue } from '../lib/browser-value';
import { useAuth } from '../lib/use-auth';
import { DashboardTab } from '../features/portal/dashboard-tab';
import { MemberBanner } from '../features/portal/member-banner';
import { OnDemandPanel, onDemandPart, useAfterFirstPaint } from '../components/on-demand';
import { TabPanels, TabStrip } from '../components/screen-tabs';
import { useTRPC } from '../trpc';

// The dashboard comes with the page; every other tab is fetched the first time it opens (the installed app keeps
// them all for use without signal).
const MemberEvents = onDemandPart(async () => (await import('../features/events/member-events')).MemberEvents);
const AssistantTab = onDemandPart(async () => (await import('../features/portal/assistant-tab')).AssistantTab);
const FishLogging = onDemandPart(async () => (await import('../features/catches/fish-logging')).FishLogging);
const ResultsBoard = onDemandPart(async () => (await import('../features/catches/results-board')).ResultsBoard);
const PictureOfMonthVoting = onDemandPart(async () => (await import('../features/competition/picture-vote-card')).PictureOfMonthVoting);
const ClubDocuments = onDemandPart(async () => (await import('../components/club-documents')).ClubDocuments);
const ProfileTab = onDemandPart(async () => (await import('../features/portal/profile-tab')).ProfileTab);
const MembershipCards = onDemandPart(async () => (await import('../features/portal/membership-card')).MembershipCards);
const PaymentsHistory = onDemandPart(async () => (await import('../features/portal/payments-history')).PaymentsHistory);
const CalendarSubscription = onDemandPart(async () => (await import('../features/portal/calendar-subscription')).CalendarSubscription);
const MemberNewsletters = onDemandPart(async () => (await import('../features/newsletters/member-newsletters')).MemberNewsletters);
const ResourcesTab = onDemandPart(async () => (await import('../features/portal/resources-tab')).ResourcesTab);

/** Reachable by address (?tab=documents, ?tab=fish-logging) and from links, without a tab trigger. */
const HIDDEN_TABS = ['documents', 'fish-logging', 'card'] as const;

const TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'events', label: 'Events' },
  { value: 'catches', label: 'Catches' },
  { value: 'resources', label: 'NSW Resources' },
  { value: 'profile', label: 'Profile' },
  { value: 'chat', label: 'Assistant' },
] as const;
type TabValue = (typeof TABS)[number]['value'] | (typeof HIDDEN_TABS)[number];

/** Screen readers get one heading per tab, between the member's name (h1) and the cards' own headings (h3). */
const TAB_HEADINGS: Record<Exclude<TabValue, 'documents'>, string> = {
  ...(Object.fromEntries(TABS.map((t) => [t.value, t.label])) as Record<(typeof TABS)[number]['value'], string>),
  'fish-logging': 'Fish Logging',
  card: 'Membership Card',
};

const LAST_TAB_KEY = 'tcac.lastPortalTab';

/**
 * Once the open tab has been drawn and the phone is idle, the code and the reads of the tabs a member opens next on an
 * event day (Events, Catches with the catch form) are fetched, so the tap finds them there instead of waiting on the
 * signal for each in turn.
 */
function usePrepareEventDayTabs() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted) return;
    const prepare = () => {
      MemberEvents.preload();
      FishLogging.preload();
      void queryClient.prefetchQuery(trpc.events.upcoming.queryOptions());
      void queryClient.prefetchQuery(trpc.catches.sizeLimits.queryOptions());
    };
    if (!('requestIdleCallback' in window)) return prepare();
    const idle = requestIdleCallback(prepare, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [painted, queryClient, trpc]);
}
const readLastTab = () => localStorage.getItem(LAST_TAB_KEY);
/** Opened as the installed app (its start address says so; standalone display is the fallback). */
const installedApp = () => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/** The member portal, its banner and six tabs; the open tab is in the address (?tab=profile). */
export function MemberPortalPage() {
  const { user } = useAuth();
  const trpc = useTRPC();
  const profile = useQuery(trpc.members.profile.queryOptions());
  const search = useSearch({ strict: false }) as { tab?: string; from?: string };
  const navigate = useNavigate();
  // The installed app opens where the member left it (often the fish-logging screen on an event day). Neither is
  // known to the server (which does not draw a page opened from the home screen: drawnOnServer in shared/first-screen.ts).
  const fromHomeScreen = useBrowserValue(installedApp, false) || search.from === 'home-screen';
  const lastTab = useBrowserValue(readLastTab, null);
  const requested = search.tab ?? (fromHomeScreen ? (lastTab ?? undefined) : undefined);
  const tab: TabValue = [...TABS.map((t) => t.value), ...HIDDEN_TABS].includes(requested as TabValue)
    ? (requested as TabValue)
    : 'dashboard';
  useEffect(() => localStorage.setItem(LAST_TAB_KEY, tab), [tab]);
  usePrepareEventDayTabs();
  if (!user) return null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <MemberBanner user={user} profile={profile.data ?? null} loading={profile.isPending} />
        <Tabs
          value={tab}
          onChange={(value) => void navigate({ to: '.', search: { tab: value ?? 'dashboard' } as never, replace: true })}
          keepMounted={false}
        >
          <TabStrip tabs={TABS} value={tab} />
          {/* The documents tab has a visible heading of its own. */}
          {tab !== 'documents' && <VisuallyHidden component="h2">{TAB_HEADINGS[tab]}</VisuallyHidden>}
          <TabPanels
            tabs={[
              { value: 'dashboard', panel: <DashboardTab /> },
              {
                value: 'events',
                panel: (
                  <OnDemandPanel>
                    <MemberEvents catchLogging={<FishLogging />} />
                  </OnDemandPanel>
                ),
              },
              {
                value: 'catches',
                // Each part as soon as its own code is here: the catch form does not wait for the boards below it.
                panel: (
                  <Stack gap="md">
                    <OnDemandPanel>
                      <FishLogging />
                    </OnDemandPanel>
                    <OnDemandPanel>
                      <PictureOfMonthVoting />
                    </OnDemandPanel>
                    <OnDemandPanel>
                      <ResultsBoard />
                    </OnDemandPanel>
                  </Stack>
                ),
              },
              {
                value: 'resources',
                panel: (
                  <OnDemandPanel>
                    <ResourcesTab />
                  </OnDemandPanel>
                ),
              },
              {
                value: 'profile',
                panel: (
                  <OnDemandPanel>
                    <Stack gap="lg">
                      <ProfileTab profile={profile.data} loading={profile.isPending} />
                      <PaymentsHistory />
                      <CalendarSubscription />
                      <MemberNewsletters />
                    </Stack>
                  </OnDemandPanel>
                ),
              },
              {
                value: 'fish-logging',
                panel: (
                  <OnDemandPanel>
                    <FishLogging />
                  </OnDemandPanel>
                ),
              },
              {
                value: 'card',
                panel: (
                  <OnDemandPanel>
                    <MembershipCards />
                  </OnDemandPanel>
                ),
              },
              {
                value: 'documents',
                panel: (
                  <OnDemandPanel>
                    <ClubDocuments />
                  </OnDemandPanel>
                ),
              },
              {
                value: 'chat',
                panel: (
                  <OnDemandPanel>
                    <AssistantTab />
                  </OnDemandPanel>
                ),
              },
            ]}
          />
        </Tabs>
      </Stack>
    </Container>
  );
}
