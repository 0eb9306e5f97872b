import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { financialYearOf, periodInput } from '../../../shared/reports.schema';
import { issueEntries, messagesByField } from '../../components/forms/use-schema-form';
import { DateField } from '../../components/forms/date-field';

/** A reporting period, both days included, as 'YYYY-MM-DD' (blank means the server's default). */
export interface Period {
  from: string;
  to: string;
}

/** The current Australian financial year (1 July – 30 June) on the club's calendar. */
export function currentFinancialYear(now: Date = new Date()): Period {
  const fy = financialYearOf(clubToday(now));
  return { from: fy.start, to: fy.end };
}

/** What the report procedures receive: blank days are left out (the server then uses the financial year). */
export function periodArgs(period: Period): { from?: string; to?: string } {
  return { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) };
}

/** Field errors of a period, or null when it can be sent. */
export function periodErrors(period: Period): Partial<Record<keyof Period, string>> | null {
  const parsed = periodInput.safeParse(periodArgs(period));
  if (parsed.success) return null;
  // A rule over both days (from after to) shows under 'to'.
  return messagesByField<Period>(issueEntries(parsed.error), (path) => (path === 'from' ? 'from' : 'to')).fields;
}

/** The query string of a download address: '?from=2026-07-01&to=2027-06-30' (or '' for the default period). */
export function periodQuery(period: Period): string {
  const query = new URLSearchParams(periodArgs(period)).toString();
  return query ? `?${query}` : '';
}

/** '01/07/2026 to 30/06/2027' */
export const periodText = (period: { from: string; to: string }) => `${formatAuDate(period.from)} to ${formatAuDate(period.to)}`;

/** 'Jul 2026' for '2026-07'. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-AU', { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** From/To date inputs of a report; the parent keeps the value (start it with `currentFinancialYear()`). */
export function PeriodPicker({ value, onChange, disabled }: { value: Period; onChange: (value: Period) => void; disabled?: boolean }) {
  const errors = periodErrors(value);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField
        label="From"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        error={errors?.from}
        disabled={disabled}
        style={{ flex: '1 1 150px', maxWidth: 220 }}
      />
      <DateField
        label="To"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        error={errors?.to}
        disabled={disabled}
        style={{ flex: '1 1 150px', maxWidth: 220 }}
      />
    </Group>
  );
}

/** A download link styled as a button; without an address (for example an invalid period) it is a disabled button. */
export function DownloadButton({ href, children, ...props }: { href: string | null; children: ReactNode } & ButtonProps) {
  if (!href) {
    return (
      <Button variant="default" disabled {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} download variant="default" {...props}>
      {children}
    </Button>
  );
}
