import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ConfirmDelete } from '../../components/admin-row-actions';
import { QueryState } from '../../components/query-state';
import { ComposeNewsletter } from './compose-newsletter';
import { NewsletterDetail } from './newsletter-detail';
import { NewsletterRow } from './newsletter-row';
import { useNewslettersTab } from './use-newsletters-tab';

/**
 * Admin → Newsletters: drafts and sent newsletters (each with its recipients' outcomes), writing one, and a
 * news article's draft when the CMS sends one here (`openId`).
 */
export function AdminNewslettersTab({ openId, onOpened }: { openId?: string; onOpened?: () => void }) {
  const { list, open, setOpen, deleting, setDeleting, remove, edit } = useNewslettersTab(openId, onOpened);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          Newsletters
        </Title>
        <Button onClick={() => setOpen({ kind: 'compose', newsletter: null })}>Write a newsletter</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Newsletters and notices to members by e-mail. Each goes out at a steady pace with the website sponsors&apos; logos and an
        unsubscribe link; receipts, sign-in links and reminders are not affected by unsubscribing.
      </Text>
      <QueryState query={list} loading="Loading newsletters..." failure="Could not load the newsletters. Please try again later.">
        {list.data?.length === 0 ? (
          <Text c="dimmed">No newsletters yet. Write the first one!</Text>
        ) : (
          list.data?.map((n) => (
            <NewsletterRow
              key={n.id}
              newsletter={n}
              onEdit={() => void edit(n.id)}
              onDelete={() => setDeleting(n)}
              onOpen={() => setOpen({ kind: 'view', id: n.id })}
            />
          ))
        )}
      </QueryState>

      <ComposeNewsletter
        opened={open.kind === 'compose'}
        initial={open.kind === 'compose' ? open.newsletter : null}
        onClose={() => setOpen({ kind: 'none' })}
      />
      {open.kind === 'view' && <NewsletterDetail id={open.id} onClose={() => setOpen({ kind: 'none' })} />}
      <ConfirmDelete
        noun="draft"
        name={deleting?.subject}
        opened={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}
/** The tab as the admin page shows it: `?newsletter=<id>` (a news article's draft, from the CMS) opens that draft. */
export function NewslettersTabFromAddress() {
  const search: Record<string, string | undefined> = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <AdminNewslettersTab
      openId={search.newsletter}
      onOpened={() => void navigate({ to: '/admin', search: { tab: 'newsletters' }, replace: true })}
    />
  );
}
