import { Avatar, Badge, Button, Group, NativeSelect, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { GuardedModal } from '../../components/guarded-modal';
import { RowButton } from '../../components/admin-row-actions';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { EXPIRING_DAYS, MEMBER_FILTERS, type AdminMemberRow, type MemberSearchInput } from '../../../shared/admin.schema';
import { MEMBERS_PAGE_SIZE } from '../../../shared/members-list';
import { formatAuDate } from '../../../shared/dates';
import { MEMBERSHIP_TYPE_NAMES, type MemberStatus, type MembershipType } from '../../../shared/membership';
import { useTRPC } from '../../trpc';
import { LiftSuspensionDialog } from './fair-play-dialogs';
import { MEMBER_STATUS_LABELS, MemberEditForm } from './member-edit-form';
import { ListSearchBox, PagedList, useListSearch } from './paged-list';

const FAILURE = 'Could not load the members. Please try again later.';

/** Kept here for the screens that read it from the members tab. */

type SortColumn = 'name' | 'type' | 'status' | 'expiry';
type Direction = 'asc' | 'desc';
type StatusFilter = '' | MemberStatus | 'expiring';

const STATUS_COLOURS: Record<MemberStatus, string> = { active: 'green', pending: 'yellow', expired: 'red' };

const STATUS_FILTER_LABELS: Record<Exclude<StatusFilter, ''>, string> = {
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
function useStatusFilter(): [StatusFilter, (status: StatusFilter) => void] {
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

function SortHeader({
  column,
  sort,
  direction,
  onSort,
  children,
}: {
  column: SortColumn;
  sort: SortColumn;
  direction: Direction;
  onSort: (column: SortColumn) => void;
  children: ReactNode;
}) {
  const active = sort === column;
  return (
    <Table.Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {children}
        <Text span c={active ? undefined : 'dimmed'} ml={4} aria-hidden="true" inherit>
          {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

function MemberRow({ member, onEdit, onLift }: { member: AdminMemberRow; onEdit: () => void; onLift: () => void }) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Table.Tr data-testid="admin-member">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar color="initials" name={name} radius="xl" size="md" aria-hidden="true">
            {member.initials}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email ?? 'No e-mail'}
            </Text>
            {member.pendingEmail && (
              <Text size="xs" c="#8f4a00" style={{ overflowWrap: 'anywhere' }}>
                Waiting for confirmation of {member.pendingEmail}
              </Text>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td>{MEMBERSHIP_TYPE_NAMES[member.membershipType] ?? member.membershipType}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[member.status] ?? 'gray'} variant="light">
          {MEMBER_STATUS_LABELS[member.status] ?? member.status}
        </Badge>
        {member.suspension && (
          <Text size="xs" c="red.9" fw={600} mt={4} title={member.suspension.reason} style={{ whiteSpace: 'nowrap' }}>
            Suspended until {formatAuDate(member.suspension.until)}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{member.expiryDate ? formatAuDate(member.expiryDate) : '—'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <RowButton label="Edit" name={name} onClick={onEdit} />
          {member.suspension && <RowButton label="Lift suspension" name={name} spoken="Lift the suspension of" onClick={onLift} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** SPEC §2.13 members tab: server-side search, filters, sorting and pages; Edit and Export CSV. */
export function AdminMembersTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const { search, setSearch, debouncedSearch, page, setPage, filter } = useListSearch();
  const [type, setType] = useState<'' | MembershipType>('');
  const [status, setStatus] = useStatusFilter();
  // A filter from the address (a dashboard figure, Back) starts again on the first page, as a filter chosen here does.
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setPage(1);
  }
  const [sort, setSort] = useState<SortColumn>('name');
  const [direction, setDirection] = useState<Direction>('asc');
  const [editing, setEditing] = useState<AdminMemberRow | null>(null);
  const [lifting, setLifting] = useState<AdminMemberRow | null>(null);

  const input: MemberSearchInput = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    sort,
    direction,
    page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
  const list = useQuery({ ...trpc.admin.members.search.queryOptions(input), placeholderData: keepPreviousData });

  const onSort = (column: SortColumn) => {
    if (column === sort) setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(column);
      setDirection('asc');
    }
    setPage(1);
  };

  // The export follows the filters on screen, including the search as typed; the note says what that holds.
  const exportFilters = { search: search.trim(), type, status: status || undefined };
  const exportCsv = () => {
    window.open(memberExportUrl(exportFilters), '_blank');
  };
  const filtered = Boolean(exportFilters.search || type || status);
  const clearFilters = () => {
    setSearch('');
    setType('');
    setStatus('');
    setPage(1);
  };

  const headers = { sort, direction, onSort };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl">
          Members
        </Title>
        <Button variant="default" onClick={exportCsv}>
          Export CSV
        </Button>
      </Group>
      <Group gap="xs" align="center" wrap="wrap">
        <Text size="sm" c={filtered ? '#a33d00' : 'dimmed'} role="status" data-testid="export-note" style={{ overflowWrap: 'anywhere' }}>
          {exportNote(exportFilters, list.data && !list.isPlaceholderData ? list.data.total : undefined)}
        </Text>
        {filtered && (
          <Button variant="subtle" size="compact-sm" mih={44} onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchBox label="Search members" placeholder="Search by name or e-mail" value={search} onChange={setSearch} />
        <NativeSelect
          label="Type"
          value={type}
          onChange={(e) => filter(setType)(e.currentTarget.value as typeof type)}
          data={[
            { value: '', label: 'All types' },
            { value: 'adult', label: 'Adult' },
            { value: 'junior', label: 'Junior' },
            { value: 'family', label: 'Family' },
          ]}
          style={{ flex: '0 1 160px' }}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(e) => filter(setStatus)(e.currentTarget.value as StatusFilter)}
          data={[
            { value: '', label: 'All' },
            ...(['active', 'pending', 'expired', 'expiring'] as const).map((value) => ({ value, label: STATUS_FILTER_LABELS[value] })),
          ]}
          style={{ flex: '0 1 220px' }}
        />
      </Group>

      <PagedList
        list={list}
        loading="Loading members..."
        failure={FAILURE}
        empty="No members found."
        pagesLabel="Member pages"
        onPage={setPage}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Members">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" {...headers}>
                    Member
                  </SortHeader>
                  <SortHeader column="type" {...headers}>
                    Type
                  </SortHeader>
                  <SortHeader column="status" {...headers}>
                    Status
                  </SortHeader>
                  <SortHeader column="expiry" {...headers}>
                    Expiry
                  </SortHeader>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((member) => (
                  <MemberRow key={member.id} member={member} onEdit={() => setEditing(member)} onLift={() => setLifting(member)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>

      <GuardedModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${editing.firstName} ${editing.lastName}` : 'Edit member'}
        size="lg"
        fullScreen={phone}
      >
        {editing && <MemberEditForm key={editing.id} member={editing} onDone={() => setEditing(null)} />}
      </GuardedModal>
      {lifting?.suspension && (
        <LiftSuspensionDialog
          member={{ id: lifting.id, name: `${lifting.firstName} ${lifting.lastName}`, until: lifting.suspension.until }}
          onClose={() => setLifting(null)}
        />
      )}
    </Stack>
  );
}
