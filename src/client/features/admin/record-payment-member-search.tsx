import { Button, Card, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { AdminMemberRow } from '../../../shared/admin.schema';
import { formatAuDate } from '../../../shared/dates';
import type { RecordPaymentState } from './use-record-payment';

/** The member found for a renewal, with a way to choose another. */
export function RecordPaymentPickedMember({ picked, onChange }: { picked: AdminMemberRow; onChange: () => void }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>
            {picked.firstName} {picked.lastName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {picked.email ?? 'No e-mail'}
            {picked.expiryDate ? ` · paid until ${formatAuDate(picked.expiryDate)}` : ' · never paid'}
          </Text>
        </div>
        <Button variant="subtle" size="xs" onClick={onChange}>
          Change
        </Button>
      </Group>
    </Card>
  );
}

/** The search for the member who renews, and the members it matches. */
export function RecordPaymentMemberSearch({ state }: { state: RecordPaymentState }) {
  const { search, setSearch, err, found, debouncedSearch, setPicked, form } = state;
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label="Member"
        placeholder="Search by name or e-mail"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        error={err('memberId')}
        maxLength={100}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {debouncedSearch.length >= 2 && found.data && (
        <Stack gap={4} role="list" aria-label="Matching members">
          {found.data.rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No members match.
            </Text>
          )}
          {found.data.rows.map((m) => (
            <UnstyledButton
              key={m.id}
              role="listitem"
              onClick={() => (setPicked(m), form.setErrors({}))}
              p="xs"
              style={{ borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={500}>
                {m.firstName} {m.lastName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {m.email ?? 'No e-mail'} · {m.expiryDate ? `paid until ${formatAuDate(m.expiryDate)}` : 'never paid'}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
