import { Container, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../lib/use-auth';
import { DashboardTab } from '../features/portal/dashboard-tab';
import { MemberBanner } from '../features/portal/member-banner';
import { portalTabHeading, portalTabs, usePortalTab } from '../features/portal/use-portal-tab';
import { useClub } from '../lib/club-profile';
import { OnDemandPanel, onDemandPart, useAfterFirstPaint } from '../components/on-demand';
import { TabPanels, TabStrip } from '../components/screen-tabs';
import type { MemberProfile } from '../../shared/members.schema';
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
    };
    if (!('requestIdleCallback' in window)) return prepare();
    const idle = requestIdleCallback(prepare, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [painted, queryClient, trpc]);
}

const onDemand = (part: ReactNode) => <OnDemandPanel>{part}</OnDemandPanel>;

/** What each of the portal's tabs shows; every tab but the dashboard is fetched the first time it opens. */
function portalPanels(profile: { data?: MemberProfile | null; isPending: boolean }) {
  return [
    { value: 'dashboard', panel: <DashboardTab /> },
    { value: 'events', panel: onDemand(<MemberEvents catchLogging={<FishLogging />} />) },
    {
      value: 'catches',
      // Each part as soon as its own code is here: the catch form does not wait for the boards below it.
      panel: (
        <Stack gap="md">
          {onDemand(<FishLogging />)}
          {onDemand(<PictureOfMonthVoting />)}
          {onDemand(<ResultsBoard />)}
        </Stack>
      ),
    },
    { value: 'resources', panel: onDemand(<ResourcesTab />) },
    {
      value: 'profile',
      panel: onDemand(
        <Stack gap="lg">
          <ProfileTab profile={profile.data} loading={profile.isPending} />
          <PaymentsHistory />
          <CalendarSubscription />
          <MemberNewsletters />
        </Stack>,
      ),
    },
    { value: 'fish-logging', panel: onDemand(<FishLogging />) },
    { value: 'card', panel: onDemand(<MembershipCards />) },
    { value: 'documents', panel: onDemand(<ClubDocuments />) },
    { value: 'chat', panel: onDemand(<AssistantTab />) },
  ];
}

/** The member portal, its banner and six tabs; the open tab is in the address (?tab=profile). */
export function MemberPortalPage() {
  const { user } = useAuth();
  const trpc = useTRPC();
  const profile = useQuery(trpc.members.profile.queryOptions());
  const navigate = useNavigate();
  const tab = usePortalTab();
  const { state } = useClub();
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
          <TabStrip tabs={portalTabs(state)} value={tab} />
          {/* The documents tab has a visible heading of its own. */}
          {tab !== 'documents' && <VisuallyHidden component="h2">{portalTabHeading(tab, state)}</VisuallyHidden>}
          <TabPanels tabs={portalPanels(profile)} />
        </Tabs>
      </Stack>
    </Container>
  );
}
