import { Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAud } from '../../../shared/membership';
import { REVENUE_KINDS, REVENUE_LABELS, type AdminOverview } from '../../../shared/reports.schema';
import { monthLabel } from './period-picker';

/**
 * The dashboard charts: plain SVG bars, no chart library. Each bar is an image with its
 * figures as its accessible name (and a hover title); the SVG scales with its card (viewBox, 100% wide).
 */

interface Series {
  key: string;
  label: string;
  color: string;
}

interface Column {
  /** Under the bar, e.g. 'Jul'. */
  tick: string;
  /** What the bar says to a screen reader and in its tooltip. */
  description: string;
  values: Record<string, number>;
}

const WIDTH = 360;
const AXIS_TEXT = 'var(--mantine-color-dimmed)';
const GRID_LINE = 'var(--mantine-color-default-border)';

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least `value`. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

const count = (n: number) => n.toLocaleString('en-AU');
/** Axis money: '$0', '$850', '$1.5k'. */
const axisMoney = (cents: number) => {
  const dollars = cents / 100;
  return dollars >= 1000
    ? `$${(dollars / 1000).toLocaleString('en-AU', { maximumFractionDigits: 1 })}k`
    : `$${dollars.toLocaleString('en-AU', { maximumFractionDigits: 0 })}`;
};

function Legend({ series }: { series: Series[] }) {
  return (
    <Group gap="md" aria-hidden="true">
      {series.map((s) => (
        <Group key={s.key} gap={6} wrap="nowrap">
          <Box w={12} h={12} style={{ background: s.color, borderRadius: 2 }} />
          <Text size="xs" c="dimmed">
            {s.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** Vertical bars, each stacked from its series (bottom to top in the order given). */
function StackedBars({
  label,
  columns,
  series,
  axisFormat,
}: {
  label: string;
  columns: Column[];
  series: Series[];
  axisFormat: (n: number) => string;
}) {
  const height = 200;
  const margin = { left: 44, right: 6, top: 10, bottom: 22 };
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  // Bars stack only what is above zero (a month whose refunds outweigh a kind's takings shows no bar for it), so the
  // axis must reach the stacked height, not the month's net total.
  const total = (c: Column) => series.reduce((sum, s) => sum + Math.max(0, c.values[s.key] ?? 0), 0);
  const max = niceMax(Math.max(0, ...columns.map(total)));
  const y = (v: number) => margin.top + plotHeight - (v / max) * plotHeight;
  const slot = plotWidth / Math.max(columns.length, 1);
  const barWidth = Math.max(2, slot * 0.62);
  // Month names need about 6 units a letter: where they would run together, every second (or third) is shown.
  const widestTick = Math.max(0, ...columns.map((c) => c.tick.length * 6 + 6));
  const tickEvery = Math.max(1, Math.ceil(widestTick / slot));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="group"
      aria-label={label}
      style={{ display: 'block', height: 'auto', overflow: 'visible' }}
    >
      <g aria-hidden="true">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={margin.left} x2={WIDTH - margin.right} y1={y(max * f)} y2={y(max * f)} stroke={GRID_LINE} strokeWidth={1} />
            <text x={margin.left - 6} y={y(max * f)} dy="0.32em" textAnchor="end" fontSize={10} fill={AXIS_TEXT}>
              {axisFormat(max * f)}
            </text>
          </g>
        ))}
      </g>
      {columns.map((c, i) => {
        const x = margin.left + i * slot + (slot - barWidth) / 2;
        let base = 0;
        return (
          <g key={i} role="img" aria-label={c.description}>
            <title>{c.description}</title>
            {/* A transparent full-height target, so the tooltip also shows over short bars. */}
            <rect x={margin.left + i * slot} y={margin.top} width={slot} height={plotHeight} fill="transparent" />
            {series.map((s) => {
              const v = c.values[s.key] ?? 0;
              if (v <= 0) return null;
              const top = y(base + v);
              const rect = <rect key={s.key} x={x} y={top} width={barWidth} height={Math.max(y(base) - top, 0.5)} fill={s.color} />;
              base += v;
              return rect;
            })}
            {i % tickEvery === 0 && (
              <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={10} fill={AXIS_TEXT} aria-hidden="true">
                {c.tick}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars, one row per item, the count at the end of each bar. */
function HorizontalBars({
  label,
  rows,
  color,
}: {
  label: string;
  rows: { name: string; value: number; description: string }[];
  color: string;
}) {
  const rowHeight = 24;
  const labelWidth = 104;
  const valueWidth = 40;
  const height = rows.length * rowHeight + 4;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const plotWidth = WIDTH - labelWidth - valueWidth;
  const short = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="group" aria-label={label} style={{ display: 'block', height: 'auto' }}>
      {rows.map((r, i) => {
        const top = 2 + i * rowHeight;
        const width = Math.max((r.value / max) * plotWidth, 1);
        return (
          <g key={r.name} role="img" aria-label={r.description}>
            <title>{r.description}</title>
            <text
              x={labelWidth - 8}
              y={top + rowHeight / 2}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill="currentColor"
              aria-hidden="true"
            >
              {short(r.name)}
            </text>
            <rect x={labelWidth} y={top + 4} width={width} height={rowHeight - 8} rx={2} fill={color} />
            <text x={labelWidth + width + 6} y={top + rowHeight / 2} dy="0.32em" fontSize={11} fill={AXIS_TEXT} aria-hidden="true">
              {count(r.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function ChartCard({
  title,
  note,
  legend,
  empty,
  children,
}: {
  title: string;
  note?: string;
  legend?: ReactNode;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid="dashboard-chart">
      <Stack gap="xs">
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {empty ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {empty}
          </Text>
        ) : (
          <>
            {children}
            {legend}
          </>
        )}
      </Stack>
    </Card>
  );
}

const TYPE_SERIES: Series[] = [
  { key: 'adult', label: 'Adult', color: 'var(--mantine-color-blue-6)' },
  { key: 'junior', label: 'Junior', color: 'var(--mantine-color-teal-5)' },
  { key: 'family', label: 'Family', color: 'var(--mantine-color-grape-5)' },
];

const REVENUE_COLOURS: Record<(typeof REVENUE_KINDS)[number], string> = {
  membership: 'var(--mantine-color-blue-6)',
  event: 'var(--mantine-color-orange-5)',
  sponsorship: 'var(--mantine-color-green-6)',
};
const REVENUE_SERIES: Series[] = REVENUE_KINDS.map((k) => ({ key: k, label: REVENUE_LABELS[k], color: REVENUE_COLOURS[k] }));

/** 'Nov' under the bar; the year under January and the first bar. */
const tick = (month: string, first: boolean) => {
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-AU', { month: 'short', timeZone: 'UTC' });
  return first || month.endsWith('-01') ? `${name} ${month.slice(2, 4)}` : name;
};

/** The twelve months of the financial year named by the label ('FY 2026–27' → 2026-07 … 2027-06), plus any month the data has. */
export function financialYearMonths(label: string, dataMonths: string[]): string[] {
  const start = Number(/(\d{4})/.exec(label)?.[1]);
  const months = new Set(dataMonths);
  if (Number.isInteger(start)) {
    for (let i = 0; i < 12; i++) {
      const m = 7 + i;
      months.add(`${start + (m > 12 ? 1 : 0)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`);
    }
  }
  return [...months].sort();
}

function MembersByTypeChart({ data }: { data: AdminOverview['membersByType'] }) {
  const columns: Column[] = data.map((d, i) => {
    const total = d.adult + d.junior + d.family;
    return {
      tick: tick(d.month, i === 0),
      description: `${monthLabel(d.month, 'long')}: ${count(d.adult)} adult, ${count(d.junior)} junior, ${count(d.family)} family, ${count(total)} in total`,
      values: { adult: d.adult, junior: d.junior, family: d.family },
    };
  });
  const empty = data.every((d) => d.adult + d.junior + d.family === 0) ? 'No current members in the last 12 months.' : null;
  return (
    <ChartCard
      title="Members by type"
      note="Current members at the end of each month"
      legend={<Legend series={TYPE_SERIES} />}
      empty={empty}
    >
      <StackedBars label="Members by type, last 12 months" columns={columns} series={TYPE_SERIES} axisFormat={count} />
    </ChartCard>
  );
}

function RevenueChart({ data, financialYear }: { data: AdminOverview['revenueByMonth']; financialYear: string }) {
  const byMonth = new Map(data.map((d) => [d.month, d]));
  const months = financialYearMonths(
    financialYear,
    data.map((d) => d.month),
  );
  const columns: Column[] = months.map((month, i) => {
    const d = byMonth.get(month) ?? { month, membership: 0, event: 0, sponsorship: 0, total: 0 };
    const parts = REVENUE_KINDS.map((k) => `${REVENUE_LABELS[k]} ${formatAud(d[k])}`).join(', ');
    return {
      tick: tick(month, i === 0),
      description: `${monthLabel(month, 'long')}: ${parts}, total ${formatAud(d.total)}`,
      values: { membership: d.membership, event: d.event, sponsorship: d.sponsorship },
    };
  });
  const empty = data.every((d) => d.total === 0) ? 'No payments yet this financial year.' : null;
  return (
    <ChartCard title="Revenue by month" note={financialYear} legend={<Legend series={REVENUE_SERIES} />} empty={empty}>
      <StackedBars label={`Revenue by month, ${financialYear}`} columns={columns} series={REVENUE_SERIES} axisFormat={axisMoney} />
    </ChartCard>
  );
}

const MAX_SPECIES = 10;

function CatchesChart({ data, financialYear }: { data: AdminOverview['catchesBySpecies']; financialYear: string }) {
  const sorted = [...data].filter((d) => d.count > 0).sort((a, b) => b.count - a.count || a.species.localeCompare(b.species));
  const shown = sorted.slice(0, MAX_SPECIES);
  const rest = sorted.slice(MAX_SPECIES).reduce((sum, d) => sum + d.count, 0);
  const rows = [
    ...shown.map((d) => ({ name: d.species, value: d.count })),
    ...(rest > 0 ? [{ name: 'Other species', value: rest }] : []),
  ].map((r) => ({
    ...r,
    description: `${r.name}: ${count(r.value)} ${r.value === 1 ? 'catch' : 'catches'}`,
  }));
  return (
    <ChartCard
      title="Catches by species"
      note={financialYear}
      empty={rows.length === 0 ? 'No catches logged yet this financial year.' : null}
    >
      <HorizontalBars label={`Catches by species, ${financialYear}`} rows={rows} color="var(--mantine-color-cyan-6)" />
    </ChartCard>
  );
}

/** The three dashboard charts under the summary cards; one per row on phones. */
export function DashboardCharts({ overview }: { overview: AdminOverview }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <MembersByTypeChart data={overview.membersByType} />
      <RevenueChart data={overview.revenueByMonth} financialYear={overview.financialYear} />
      <CatchesChart data={overview.catchesBySpecies} financialYear={overview.financialYear} />
    </SimpleGrid>
  );
}
