import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon';

/**
 * Cancel and the action (Create, Save, Send…) at the bottom of a form or dialog. The action submits
 * the surrounding form, or calls `onConfirm` in a dialog without one.
 */
export function FormButtons({
  label,
  disabled = false,
  busy,
  onCancel,
  onConfirm,
}: {
  label: string;
  disabled?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} disabled={disabled} loading={busy}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * A row's text action, announced with the row's name: 'Edit Spring Flathead Classic', or with `spoken` in front of
 * the name where the label alone reads badly ('Upload image for Spring Flathead Classic').
 */
export function RowButton({
  label,
  name,
  spoken = label,
  onClick,
  variant = 'light',
}: {
  label: string;
  name: string;
  spoken?: string;
  onClick: () => void;
  variant?: 'light' | 'default';
}) {
  return (
    <Button variant={variant} size="sm" onClick={onClick} aria-label={`${spoken} ${name}`}>
      {label}
    </Button>
  );
}

/** Asks before deleting: title 'Delete {noun}?' with Cancel and Delete. */
export function ConfirmDelete({
  noun,
  name,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  noun: string;
  name: string | undefined;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={`Delete ${noun}?`} centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          “{name}” will be deleted. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A row's small icon buttons; they wrap on narrow screens instead of overflowing. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="wrap" style={{ flex: '0 0 auto', maxWidth: '100%' }}>
      {children}
    </Group>
  );
}

type IconName = 'up' | 'down' | 'copy' | 'edit' | 'delete';
const PATHS: Record<IconName, ReactNode> = {
  up: <path d="M12 19V5M5 12l7-7 7 7" />,
  down: <path d="M12 5v14M19 12l-7 7-7-7" />,
  copy: (
    <>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </>
  ),
  edit: <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />,
  delete: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
};

/** An icon button named by `label` (what screen readers announce). */
export function RowAction({
  icon,
  label,
  onClick,
  disabled = false,
  color,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <ActionIcon variant="subtle" color={color ?? 'gray'} size="lg" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <LineIcon size={18}>{PATHS[icon]}</LineIcon>
    </ActionIcon>
  );
}

/** The usual pair for a row: Edit, then Delete in red. */
export function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <RowActions>
      <RowAction icon="edit" label="Edit" onClick={onEdit} />
      <RowAction icon="delete" label="Delete" color="red" onClick={onDelete} />
    </RowActions>
  );
}
