import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { CurrentUser } from '../../../shared/auth.schema';
import { fullName } from './use-auth';

/** Read-only profile: name, e-mail, verification status and role. */
export function ProfileModal({ user, opened, onClose }: { user: CurrentUser; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Profile" centered>
      <Stack gap="md">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={110}>Name</Table.Th>
              <Table.Td>{fullName(user)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email status</Table.Th>
              <Table.Td>
                <Badge color={user.emailVerified ? 'teal' : 'yellow'} variant="light">
                  {user.emailVerified ? 'Verified' : 'Not verified'}
                </Badge>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Td>
                <Text size="sm">{user.role === 'admin' ? 'Administrator' : 'Member'}</Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Password</Table.Th>
              <Table.Td>
                <Text size="sm">{user.hasPassword ? 'Set' : 'Not set (you sign in with e-mailed links)'}</Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
