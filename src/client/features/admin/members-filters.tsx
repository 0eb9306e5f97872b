import { Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import { exportNote, STATUS_FILTER_LABELS, type StatusFilter } from './members-filter';
import { ListSearchBox } from './paged-list';
import type { MembersListState } from './use-members-list';

/** 'Members' with Export CSV, what the export holds, and the search and filters. */
export function MembersFilters({ state }: { state: MembersListState }) {
  const { exportCsv, filtered, exportFilters, list, clearFilters, search, setSearch, type, setType, status, setStatus, filter } = state;
  return (
    <>
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
    </>
  );
}
