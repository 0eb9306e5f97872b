import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatAud } from '../../../shared/membership';
import { REVENUE_KINDS, REVENUE_LABELS } from '../../../shared/reports.schema';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { DownloadButton, periodArgs, PeriodPicker, periodText, type Period } from './period-picker';
import { usePeriod } from './use-period';

/** The period's captured revenue by kind and in total; while another period loads, the last figures stay, dimmed. */
function AccountingFigures({ period, valid }: { period: Period; valid: boolean }) {
  const trpc = useTRPC();
  // The figures follow the period while it is valid; an unfinished date keeps the last figures on screen.
  const [shown, setShown] = useState<Period>(period);
  if (valid && (shown.from !== period.from || shown.to !== period.to)) setShown(period);

  const summary = useQuery({ ...trpc.admin.reports.financial.queryOptions(periodArgs(shown)), placeholderData: keepPreviousData });

  return (
    <QueryState query={summary} loading="Loading figures..." failure="Could not load the figures. Please try again later.">
      {(data) => {
        const figures = [
          ...REVENUE_KINDS.map((k) => ({ label: REVENUE_LABELS[k], cents: data.totals[k] })),
          { label: 'Total', cents: data.totals.total },
        ];
        return (
          <Stack gap="xs" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }} aria-busy={summary.isFetching}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {figures.map((f) => (
                <div key={f.label} data-testid="accounting-figure">
                  <Text size="sm" c="dimmed">
                    {f.label}
                  </Text>
                  <Text fz={{ base: 20, sm: 26 }} fw={700} c={f.label === 'Total' ? 'blue.8' : undefined}>
                    {formatAud(f.cents)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {periodText(data)} · {data.payments.toLocaleString('en-AU')} captured {data.payments === 1 ? 'payment' : 'payments'}; refunds
              are not counted.
            </Text>
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** One line of the export list: what it holds, and its button. */
function ExportOption({ text, children }: { text: string; children: ReactNode }) {
  return (
    <List.Item>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        {children}
      </Group>
    </List.Item>
  );
}

function ExportOptions({ financialCsv, onOpenReports }: { financialCsv: string | null; onOpenReports?: () => void }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Export options
        </Title>
        <List spacing="sm" listStyleType="none" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
          <ExportOption text="Member List CSV — every member with contact details, type, status and expiry.">
            <Button variant="default" size="sm" onClick={() => window.open('/api/admin/export/members', '_blank')}>
              Member List CSV
            </Button>
          </ExportOption>
          <ExportOption text="Financial Summary CSV — the period above, by month and kind.">
            <DownloadButton size="sm" href={financialCsv}>
              Financial Summary CSV
            </DownloadButton>
          </ExportOption>
          <ExportOption text="Event Reports PDF — choose an event under Event Results Report on the Reports tab.">
            {onOpenReports && (
              <Button variant="default" size="sm" onClick={onOpenReports}>
                Event Reports PDF
              </Button>
            )}
          </ExportOption>
        </List>
      </Stack>
    </Card>
  );
}

/** The accounting tab: the period's figures by kind, the Xero export and the other exports. */
export function AdminAccountingTab({ onOpenReports }: { onOpenReports?: () => void }) {
  const { period, setPeriod, valid, query } = usePeriod();

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Accounting
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <PeriodPicker value={period} onChange={setPeriod} />
          <AccountingFigures period={period} valid={valid} />
          <div>
            <Button disabled={!valid} onClick={() => window.open(`/api/admin/export/accounting.csv${query}`, '_blank')}>
              Export to accounting
            </Button>
            <Text size="sm" c="dimmed" mt="xs">
              A Xero bank-statement CSV (Date, Amount, Payee, Description, Reference, Account Code). Account codes are settings in{' '}
              <Anchor href="/admin/cms" inherit underline="always">
                Content Management
              </Anchor>
              : account_code_membership, account_code_event, account_code_sponsorship.
            </Text>
          </div>
        </Stack>
      </Card>
      <ExportOptions financialCsv={valid ? `/api/admin/reports/financial.csv${query}` : null} onOpenReports={onOpenReports} />
    </Stack>
  );
}
