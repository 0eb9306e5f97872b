import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ConfirmDelete } from './admin-row-actions';
import { GuardedModal } from './guarded-modal';
import { QueryState, type QueryLike } from './query-state';

/** Which form an admin list has open: none, a new item (a fresh key each time), or one item to edit. */
export type ListDialog<T> = { kind: 'none' } | { kind: 'create'; key: number } | { kind: 'edit'; item: T };

/** The open form (for a T) and the item waiting for a delete confirmation (a D, usually a T too). */
export function useListDialogs<T, D = T>() {
  const [dialog, setDialog] = useState<ListDialog<T>>({ kind: 'none' });
  const [deleting, setDeleting] = useState<D | null>(null);
  return {
    dialog,
    deleting,
    openCreate: () => setDialog({ kind: 'create', key: Date.now() }),
    openEdit: (item: T) => setDialog({ kind: 'edit', item }),
    close: () => setDialog({ kind: 'none' }),
    askDelete: (item: D | null) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
  };
}

/** One row of an admin list: its details on the left, its actions on the right (below them on narrow screens). */
export function AdminListRow({
  testId,
  gap = 4,
  basis = '220px',
  actions,
  children,
}: {
  testId: string;
  gap?: number;
  /** How wide the details want to be before the actions wrap below them. */
  basis?: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={gap} style={{ minWidth: 0, flex: `1 1 ${basis}` }}>
          {children}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}

export interface AdminListProps<T> {
  /** The tab's heading, e.g. 'News'. */
  title: string;
  /** Buttons beside the heading (Create New …). */
  actions: ReactNode;
  /** Controls between the heading and the list (a filter). */
  controls?: ReactNode;
  query: QueryLike<unknown>;
  /** The plural noun in 'Loading articles...' and 'Could not load the articles. Please try again later.' */
  what: string;
  items: T[];
  /** Said when there are no items. */
  empty?: string;
  renderItem: (item: T) => ReactNode;
  /** The create/edit form's dialog (full screen on phones; a form inside with unsaved changes asks before it closes). */
  form: { opened: boolean; title: string; size: string; onClose: () => void; children: ReactNode };
  /** Asks 'Delete {noun}?' before deleting. */
  confirmDelete: { noun: string; name: string | undefined; opened: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void };
  /** Further dialogs of the tab. */
  children?: ReactNode;
}

/** An admin list with its heading, load states, create/edit dialog and delete confirmation (the CMS tabs). */
export function AdminList<T>({
  title,
  actions,
  controls,
  query,
  what,
  items,
  empty,
  renderItem,
  form,
  confirmDelete,
  children,
}: AdminListProps<T>) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          {title}
        </Title>
        {actions}
      </Group>
      {controls}
      <QueryState query={query} loading={`Loading ${what}...`} failure={`Could not load the ${what}. Please try again later.`}>
        {items.length === 0 && empty !== undefined ? <Text c="dimmed">{empty}</Text> : items.map(renderItem)}
      </QueryState>

      <GuardedModal opened={form.opened} onClose={form.onClose} title={form.title} size={form.size} fullScreen={phone}>
        {form.children}
      </GuardedModal>
      {children}
      <ConfirmDelete {...confirmDelete} />
    </Stack>
  );
}
