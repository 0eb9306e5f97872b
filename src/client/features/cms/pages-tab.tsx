import { Badge, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PageInput, PageView } from '../../../shared/cms.schema';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { EditDeleteActions, FormButtons } from '../../components/admin-row-actions';
import { ContentEditor, feedback, textOf, useRefresh } from './cms-common';

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

/** SPEC §2.14 Pages: the list with title and /slug, edit and delete, and the create/edit form. */
export function PagesTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.pages.list.queryOptions());
  const { dialog, deleting, openCreate, openEdit, close, askDelete, cancelDelete } = useListDialogs<PageView>();
  const refresh = useRefresh(trpc.admin.cms.pages.list.queryKey());

  const create = useMutation(
    trpc.admin.cms.pages.create.mutationOptions(feedback('Page created successfully', 'Failed to create page', close, refresh)),
  );
  const update = useMutation(
    trpc.admin.cms.pages.update.mutationOptions(feedback('Page updated successfully', 'Failed to update page', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.pages.delete.mutationOptions(feedback('Page deleted successfully', 'Failed to delete page', cancelDelete, refresh)),
  );

  return (
    <AdminList
      title="Pages"
      actions={<Button onClick={openCreate}>Create New Page</Button>}
      query={list}
      what="pages"
      items={list.data ?? []}
      empty="No pages yet. Create your first page!"
      renderItem={(page) => (
        <AdminListRow
          key={page.id}
          testId="cms-page"
          gap={2}
          basis="200px"
          actions={<EditDeleteActions onEdit={() => openEdit(page)} onDelete={() => askDelete(page)} />}
        >
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
        </AdminListRow>
      )}
      form={{
        opened: dialog.kind !== 'none',
        title: dialog.kind === 'edit' ? 'Edit Page' : 'Create New Page',
        size: 'xl',
        onClose: close,
        children: (
          <>
            {dialog.kind === 'create' && (
              <PageForm
                key={dialog.key}
                initial={null}
                busy={create.isPending}
                onSubmit={(input) => create.mutate(input)}
                onCancel={close}
              />
            )}
            {dialog.kind === 'edit' && (
              <PageForm
                key={dialog.item.id}
                initial={dialog.item}
                busy={update.isPending}
                onSubmit={(input) => update.mutate({ id: dialog.item.id, page: input })}
                onCancel={close}
              />
            )}
          </>
        ),
      }}
      confirmDelete={{
        noun: 'page',
        name: deleting?.title,
        opened: deleting !== null,
        busy: remove.isPending,
        onCancel: cancelDelete,
        onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
      }}
    />
  );
}
