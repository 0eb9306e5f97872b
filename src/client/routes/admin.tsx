import type { AdminOverview } from '../../shared/reports.schema';
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SectionLoader } from '../components/full-screen-loader';
import { ScreenTabs } from '../components/screen-tabs';
import { OnDemandPanel, onDemandPart } from '../components/on-demand';
import { DashboardCharts } from '../features/admin/dashboard-charts';
import { MemberFiguresCard } from '../features/admin/member-figures';
import { SiteHealthCard } from '../features/admin/site-health-card';
import { QueryError } from '../components/query-state';
import { formatAud } from '../../shared/membership';
import { useTRPC } from '../trpc';
import { ADMIN_DEFAULT_TAB, type AdminTab } from '../../shared/tab-search';

// Each tab's code loads when the tab is first opened: the committee's evening starts with the overview and one tab.
const AdminMembersTab = onDemandPart(async () => (await import('../features/admin/members-tab')).AdminMembersTab);
const AdminEventsTab = onDemandPart(async () => (await import('../features/admin/events-tab')).AdminEventsTab);
const AdminJudgingTab = onDemandPart(async () => (await import('../features/admin/judging-tab')).AdminJudgingTabFromAddress);
const AdminResultsSettings = onDemandPart(async () => (await import('../features/admin/results-tab')).AdminResultsSettings);
const ResultsBoard = onDemandPart(async () => (await import('../features/catches/results-board')).ResultsBoard);
const AdminPaymentsTab = onDemandPart(async () => (await import('../features/admin/payments-tab')).AdminPaymentsTab);
const AdminSponsorsTab = onDemandPart(async () => (await import('../features/admin/sponsors-tab')).AdminSponsorsTab);
const AdminReportsTab = onDemandPart(async () => (await import('../features/admin/reports-tab')).AdminReportsTab);
const AdminAccountingTab = onDemandPart(async () => (await import('../features/admin/accounting-tab')).AdminAccountingTab);
const NewslettersTab = onDemandPart(async () => (await import('../features/newsletters/newsletters-tab')).NewslettersTabFromAddress);
const AdminAuditTab = onDemandPart(async () => (await import('../features/admin/audit-tab')).AdminAuditTab);
const ClubSettingsTab = onDemandPart(async () => (await import('../features/club-settings/club-settings-tab')).ClubSettingsTab);

/** The overview's figures: members, active events, the year's revenue and sponsors. */
function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const stats = [
    { label: 'Active Events', value: overview.activeEvents.toLocaleString('en-AU') },
    { label: 'Revenue (YTD)', value: formatAud(overview.revenueYtdCents), note: overview.financialYear },
    { label: 'Sponsors', value: overview.sponsors.toLocaleString('en-AU') },
  ];

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <MemberFiguresCard overview={overview} />
      {stats.map((s) => (
        <Card key={s.label} withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {s.label}
          </Text>
          <Text fz={{ base: 24, sm: 32 }} fw={700} c="blue.8">
            {s.value}
          </Text>
          {'note' in s && (
            <Text size="xs" c="dimmed">
              {s.note}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * Administration dashboard, the overview numbers and the tabs. Lazy-loaded. The open tab is in the
 * address (/admin?tab=judging; none or an unknown one: Events), and choosing a tab adds to the history, so Back
 * returns to the tab before and a reload or an e-mailed link opens the same one.
 */
export default function AdminPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.overview.queryOptions());
  const tab: AdminTab = useSearch({ from: '/admin' }).tab ?? ADMIN_DEFAULT_TAB;
  const navigate = useNavigate();
  // Another tab drops the open tab's own parameters (such as ?signon=<event id>).
  const setTab = (value: string | null) =>
    void navigate({ to: '/admin', search: { tab: (value as AdminTab | null) ?? ADMIN_DEFAULT_TAB } });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Administration
          </Title>
          <Button component={Link} to="/admin/cms" variant="light">
            Content Management
          </Button>
        </Group>
        {overview.isPending && <SectionLoader label="Loading overview..." />}
        {overview.isError && <QueryError error={overview.error} title="Could not load the overview" failure="Please try again later." />}
        {overview.data && <OverviewFigures overview={overview.data} />}
        {overview.data && <DashboardCharts overview={overview.data} />}
        {overview.data && <SiteHealthCard />}
        {/* The tabs come once the overview is in (or has failed), so its figures and charts never push them down. */}
        {!overview.isPending && (
          <ScreenTabs
            value={tab}
            onChange={setTab}
            tabs={[
              { value: 'members', label: 'Members', panel: <AdminMembersTab /> },
              { value: 'events', label: 'Events', panel: <AdminEventsTab /> },
              { value: 'judging', label: 'Judging', panel: <AdminJudgingTab /> },
              // Results: the placing rule, the minimum lengths and the fishing area, then the results board over every event (past ones included).
              {
                value: 'results',
                label: 'Results',
                panel: (
                  <Stack gap="md">
                    <AdminResultsSettings />
                    <ResultsBoard />
                  </Stack>
                ),
              },
              { value: 'payments', label: 'Payments', panel: <AdminPaymentsTab /> },
              { value: 'sponsors', label: 'Sponsors', panel: <AdminSponsorsTab /> },
              { value: 'reports', label: 'Reports', panel: <AdminReportsTab /> },
              { value: 'accounting', label: 'Accounting', panel: <AdminAccountingTab onOpenReports={() => setTab('reports')} /> },
              { value: 'newsletters', label: 'Newsletters', panel: <NewslettersTab /> },
              { value: 'club', label: 'Club settings', panel: <ClubSettingsTab /> },
              { value: 'audit', label: 'Audit Log', panel: <AdminAuditTab /> },
            ].map((t) => ({ ...t, panel: <OnDemandPanel>{t.panel}</OnDemandPanel> }))}
          />
        )}
      </Stack>
    </Container>
  );
}
