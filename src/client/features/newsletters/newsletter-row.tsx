import { Badge, Button, Group, Text } from '@mantine/core';
import { formatClubStamp } from '../../../shared/dates';
import type { NewsletterSummary } from '../../../shared/newsletters.schema';
import { AdminListRow } from '../../components/admin-list';
import { outcomeLine } from './delivery-status';

/** One newsletter in the list: a draft to edit or delete, or a sent one to open. */
export function NewsletterRow({
  newsletter: n,
  onEdit,
  onDelete,
  onOpen,
}: {
  newsletter: NewsletterSummary;
  onEdit: () => void;
  onDelete: () => void;
  onOpen: () => void;
}) {
  return (
    <AdminListRow
      testId="newsletter-row"
      actions={
        n.status === 'draft' ? (
          <Group gap="xs">
            <Button variant="light" mih={44} onClick={onEdit} aria-label={`Edit ${n.subject}`}>
              Edit
            </Button>
            <Button variant="subtle" color="red" mih={44} onClick={onDelete} aria-label={`Delete ${n.subject}`}>
              Delete
            </Button>
          </Group>
        ) : (
          <Button variant="light" mih={44} onClick={onOpen} aria-label={`Open ${n.subject}`}>
            Open
          </Button>
        )
      }
    >
      <Group gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {n.subject}
        </Text>
        <Badge color={n.status === 'draft' ? 'gray' : n.status === 'sending' ? 'blue' : 'green'} variant="light">
          {n.status === 'draft' ? 'Draft' : n.status === 'sending' ? 'Sending' : 'Sent'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {n.segmentLabel}
        {n.queuedAt
          ? ` · sent ${formatClubStamp(n.queuedAt)}${n.sentBy ? ` by ${n.sentBy}` : ''}`
          : ` · last changed ${formatClubStamp(n.updatedAt)}`}
      </Text>
      {n.status !== 'draft' && <Text size="sm">{outcomeLine(n)}</Text>}
    </AdminListRow>
  );
}
