import { useState } from 'react';
import { currentFinancialYear, periodArgs, periodErrors, periodQuery, type Period } from './period-picker';

/** A report period being chosen: it starts as the current financial year; `query` is its download query string. */
export function usePeriod() {
  const [period, setPeriod] = useState<Period>(currentFinancialYear);
  return { period, setPeriod, valid: periodErrors(period) === null, query: periodQuery(period) };
}

/**
 * A report over a period that is generated on request: the figures are fetched for the period that was asked
 * for, and asking again for the same period fetches them afresh. Give `args` and `enabled` to the report's query.
 */
export function useGeneratedPeriod() {
  const chosen = usePeriod();
  const [generated, setGenerated] = useState<Period | null>(null);
  const { period, valid } = chosen;
  return {
    ...chosen,
    args: periodArgs(generated ?? period),
    enabled: generated !== null,
    generate: (refetch: () => unknown) => {
      if (!valid) return;
      if (generated && generated.from === period.from && generated.to === period.to) void refetch();
      else setGenerated(period);
    },
  };
}

export type GeneratedPeriod = ReturnType<typeof useGeneratedPeriod>;
