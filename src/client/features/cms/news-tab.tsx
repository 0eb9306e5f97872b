import { Badge, Button, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { NewsInput, NewsView } from '../../../shared/cms.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { EditDeleteActions, FormButtons } from '../../components/admin-row-actions';
import { ContentEditor, feedback, textOf, useRefresh } from './cms-common';
import { ImageField } from '../../components/uploads/image-upload-field';

/** The created date as people here read it, on the club's calendar. */
export const createdDate = (createdAt: string) => formatAuDate(clubToday(new Date(createdAt)));

/** SPEC §5: the article form; save stays disabled until title and content are set. New articles start unpublished. */
export function ArticleForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: NewsView | null;
  busy: boolean;
  onSubmit: (input: NewsInput) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [excerpt, setExcerpt] = useState(initial?.excerpt ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [featuredImageUrl, setFeaturedImageUrl] = useState(initial?.featuredImageUrl ?? '');
  const [published, setPublished] = useState(initial?.published ?? false);
  const ready = title.trim() !== '' && content.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onSubmit({ title: title.trim(), excerpt, content, featuredImageUrl: featuredImageUrl.trim() || null, published });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk value={title} onChange={(e) => setTitle(textOf(e))} maxLength={200} />
        <Textarea
          label="Excerpt"
          description="A sentence or two shown in news lists."
          rows={3}
          value={excerpt}
          onChange={(e) => setExcerpt(textOf(e))}
          maxLength={500}
        />
        <ContentEditor kind="html" value={content} onChange={setContent} required />
        <ImageField
          uploadLabel="Featured Image"
          urlLabel="Featured Image URL"
          previewAlt="Featured image preview"
          value={featuredImageUrl}
          onChange={setFeaturedImageUrl}
          disabled={busy}
        />
        <Switch label="Published" checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
        <FormButtons label={initial ? 'Update Article' : 'Create Article'} disabled={!ready} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** SPEC §2.14 News: the list (title, Published or Draft, created date) and the form. */
export function NewsTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.news.list.queryOptions());
  const { dialog, deleting, openCreate, openEdit, close, askDelete, cancelDelete } = useListDialogs<NewsView>();
  const refresh = useRefresh(trpc.admin.cms.news.list.queryKey());

  const create = useMutation(
    trpc.admin.cms.news.create.mutationOptions(feedback('Article created successfully', 'Failed to create article', close, refresh)),
  );
  const update = useMutation(
    trpc.admin.cms.news.update.mutationOptions(feedback('Article updated successfully', 'Failed to update article', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.news.delete.mutationOptions(feedback('Article deleted successfully', 'Failed to delete article', cancelDelete, refresh)),
  );

  return (
    <AdminList
      title="News"
      actions={<Button onClick={openCreate}>Create New Article</Button>}
      query={list}
      what="articles"
      items={list.data ?? []}
      empty="No articles yet. Write your first one!"
      renderItem={(article) => (
        <AdminListRow
          key={article.id}
          testId="cms-article"
          actions={<EditDeleteActions onEdit={() => openEdit(article)} onDelete={() => askDelete(article)} />}
        >
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {article.title}
            </Text>
            <Badge color={article.published ? 'green' : 'gray'} variant="light">
              {article.published ? 'Published' : 'Draft'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Created {createdDate(article.createdAt)}
          </Text>
        </AdminListRow>
      )}
      form={{
        opened: dialog.kind !== 'none',
        title: dialog.kind === 'edit' ? 'Edit Article' : 'Create New Article',
        size: 'xl',
        onClose: close,
        children: (
          <>
            {dialog.kind === 'create' && (
              <ArticleForm
                key={dialog.key}
                initial={null}
                busy={create.isPending}
                onSubmit={(input) => create.mutate(input)}
                onCancel={close}
              />
            )}
            {dialog.kind === 'edit' && (
              <ArticleForm
                key={dialog.item.id}
                initial={dialog.item}
                busy={update.isPending}
                onSubmit={(input) => update.mutate({ id: dialog.item.id, article: input })}
                onCancel={close}
              />
            )}
          </>
        ),
      }}
      confirmDelete={{
        noun: 'article',
        name: deleting?.title,
        opened: deleting !== null,
        busy: remove.isPending,
        onCancel: cancelDelete,
        onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
      }}
    />
  );
}
