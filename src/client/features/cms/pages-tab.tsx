import { Badge, Button, Card, Group, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PageInput, PageView } from '../../../shared/cms.schema';
import { useTRPC } from '../../trpc';
import {
  ConfirmDelete,
  ContentEditor,
  FormButtons,
  ListState,
  RowAction,
  RowActions,
  textOf,
  usePhone,
  useRefresh,
  feedback,
} from './cms-common';

/** SPEC §5: the page form; save stays disabled until title and slug are filled. */
export function PageForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: PageView | null;
  busy: boolean;
  onSubmit: (input: PageInput) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [metaDescription, setMetaDescription] = useState(initial?.metaDescription ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [published, setPublished] = useState(initial?.published ?? false);
  const ready = title.trim() !== '' && slug.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onSubmit({ title: title.trim(), slug: slug.trim(), metaDescription, content, published });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk value={title} onChange={(e) => setTitle(textOf(e))} maxLength={200} />
        <TextInput
          label="Slug"
          description="The page address: lowercase letters, digits and hyphens (e.g. club-history)."
          withAsterisk
          value={slug}
          onChange={(e) => setSlug(textOf(e))}
          maxLength={80}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <TextInput label="Meta Description" value={metaDescription} onChange={(e) => setMetaDescription(textOf(e))} maxLength={300} />
        <ContentEditor kind="html" value={content} onChange={setContent} />
        <Switch label="Published" checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
        <FormButtons label={initial ? 'Update Page' : 'Create Page'} disabled={!ready} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

type Dialog = { kind: 'none' } | { kind: 'create'; key: number } | { kind: 'edit'; page: PageView };

/** SPEC §2.14 Pages: the list with title and /slug, edit and delete, and the create/edit form. */
export function PagesTab() {
  const trpc = useTRPC();
  const phone = usePhone();
  const list = useQuery(trpc.admin.cms.pages.list.queryOptions());
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleting, setDeleting] = useState<PageView | null>(null);
  const close = () => setDialog({ kind: 'none' });
  const refresh = useRefresh(trpc.admin.cms.pages.list.queryKey());

  const create = useMutation(
    trpc.admin.cms.pages.create.mutationOptions(feedback('Page created successfully', 'Failed to create page', close, refresh)),
  );
  const update = useMutation(
    trpc.admin.cms.pages.update.mutationOptions(feedback('Page updated successfully', 'Failed to update page', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.pages.delete.mutationOptions(
      feedback('Page deleted successfully', 'Failed to delete page', () => setDeleting(null), refresh),
    ),
  );

  const pages = list.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl">
          Pages
        </Title>
        <Button onClick={() => setDialog({ kind: 'create', key: Date.now() })}>Create New Page</Button>
      </Group>
      <ListState pending={list.isPending} error={list.error} label="pages">
        {pages.length === 0 ? (
          <Text c="dimmed">No pages yet. Create your first page!</Text>
        ) : (
          pages.map((page) => (
            <Card key={page.id} withBorder radius="md" padding="sm" data-testid="cms-page">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Group gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {page.title}
                    </Text>
                    {!page.published && (
                      <Badge color="gray" variant="light">
                        Draft
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    /{page.slug}
                  </Text>
                </Stack>
                <RowActions>
                  <RowAction icon="edit" label="Edit" onClick={() => setDialog({ kind: 'edit', page })} />
                  <RowAction icon="delete" label="Delete" color="red" onClick={() => setDeleting(page)} />
                </RowActions>
              </Group>
            </Card>
          ))
        )}
      </ListState>

      <Modal
        opened={dialog.kind !== 'none'}
        onClose={close}
        title={dialog.kind === 'edit' ? 'Edit Page' : 'Create New Page'}
        size="xl"
        fullScreen={phone}
      >
        {dialog.kind === 'create' && (
          <PageForm key={dialog.key} initial={null} busy={create.isPending} onSubmit={(input) => create.mutate(input)} onCancel={close} />
        )}
        {dialog.kind === 'edit' && (
          <PageForm
            key={dialog.page.id}
            initial={dialog.page}
            busy={update.isPending}
            onSubmit={(input) => update.mutate({ id: dialog.page.id, page: input })}
            onCancel={close}
          />
        )}
      </Modal>
      <ConfirmDelete
        noun="page"
        name={deleting?.title}
        opened={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}
