import { Avatar, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminMemberRow } from '../../../shared/admin.schema';
import { formatAuDate } from '../../../shared/dates';
import { MEMBERSHIP_TYPE_NAMES, type MemberStatus } from '../../../shared/membership';
import { RowButton } from '../../components/admin-row-actions';
import { MEMBER_STATUS_LABELS } from './member-edit-form';
import type { Direction, SortColumn } from './members-filter';

const STATUS_COLOURS: Record<MemberStatus, string> = { active: 'green', pending: 'yellow', expired: 'red' };

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

/** The members of the page, sortable by each column. */
export function MembersTable({
  rows,
  headers,
  onEdit,
  onLift,
}: {
  rows: AdminMemberRow[];
  headers: { sort: SortColumn; direction: Direction; onSort: (column: SortColumn) => void };
  onEdit: (member: AdminMemberRow) => void;
  onLift: (member: AdminMemberRow) => void;
}) {
  return (
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
          {rows.map((member) => (
            <MemberRow key={member.id} member={member} onEdit={() => onEdit(member)} onLift={() => onLift(member)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
