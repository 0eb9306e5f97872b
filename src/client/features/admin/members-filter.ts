import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { EXPIRING_DAYS, MEMBER_FILTERS } from '../../../shared/admin.schema';
import { MEMBERSHIP_TYPE_NAMES, type MemberStatus, type MembershipType } from '../../../shared/membership';

export type SortColumn = 'name' | 'type' | 'status' | 'expiry';
export type Direction = 'asc' | 'desc';
export type StatusFilter = '' | MemberStatus | 'expiring';

export const STATUS_FILTER_LABELS: Record<Exclude<StatusFilter, ''>, string> = {
  active: 'Current (paid up)',
  pending: 'Pending (not paid yet)',
  expired: 'Expired',
  expiring: `Expiring within ${EXPIRING_DAYS} days`,
};

/** A list filter named by the address's search parameters, if it names one. */
function statusOf(search: unknown): StatusFilter | undefined {
  const status = (search as Record<string, unknown> | undefined)?.status;
  return MEMBER_FILTERS.includes(status as never) ? (status as StatusFilter) : undefined;
}

/**
 * The status filter, kept in the address (/admin?tab=members&status=expired, where the dashboard's figures lead) so
 * that Back, a reload and a link keep it; a plain state without a router (a screen tested on its own).
 */
export function useStatusFilter(): [StatusFilter, (status: StatusFilter) => void] {
  const router = useRouter({ warn: false });
  const [status, setStatus] = useState<StatusFilter>(() => statusOf(router?.state.location.search) ?? '');
  useEffect(() => router?.subscribe('onResolved', (event) => setStatus(statusOf(event.toLocation.search) ?? '')), [router]);
  const change = (next: StatusFilter) => {
    setStatus(next);
    if (router)
      void router.navigate({
        to: router.state.location.pathname,
        search: ((prev: Record<string, unknown>) => ({ ...prev, status: next || undefined })) as never,
        replace: true,
      });
  };
  return [status, change];
}

/** What 'Export CSV' will hold, in words: the filters in force, or everyone. */
export function exportNote(filters: { search?: string; type?: string; status?: StatusFilter }, total: number | undefined): string {
  const parts = [
    filters.status ? STATUS_FILTER_LABELS[filters.status] : null,
    filters.type ? MEMBERSHIP_TYPE_NAMES[filters.type as MembershipType] : null,
    filters.search ? `matching “${filters.search}”` : null,
  ].filter(Boolean);
  const count = total === undefined ? '' : ` ${total.toLocaleString('en-AU')}`;
  return parts.length
    ? `Export CSV holds the${count} member${total === 1 ? '' : 's'} of this filter: ${parts.join(', ')}.`
    : `Export CSV holds all${count} members.`;
}

/** The list address of 'Export CSV': the filters in force (not the page or sort). */
export function memberExportUrl(filters: { search?: string; type?: string; status?: string }): string {
  const params = new URLSearchParams();
  for (const key of ['search', 'type', 'status'] as const) if (filters[key]) params.set(key, filters[key]!);
  const query = params.toString();
  return `/api/admin/export/members${query ? `?${query}` : ''}`;
}
