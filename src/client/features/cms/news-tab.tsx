import { Badge, Button, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { newsInput, type NewsInput, type NewsView } from '../../../shared/cms.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { EditDeleteActions, FormButtons } from '../../components/admin-row-actions';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { cmsListDialogs, cmsSubmit, ContentEditor, feedback, useRefresh, type CmsFormProps } from './cms-common';
import { ImageField } from '../../components/uploads/image-upload-field';
import { SendAsNewsletterButton } from '../../components/send-as-newsletter-button';

/** The created date as people here read it, on the club's calendar. */
export const createdDate = (createdAt: string) => formatAuDate(clubToday(new Date(createdAt)));

/** The article as the form holds it. */
const articleValues = (a: NewsView | null) => ({
  title: a?.title ?? '',
  excerpt: a?.excerpt ?? '',
  content: a?.content ?? '',
  featuredImageUrl: a?.featuredImageUrl ?? '',
  published: a?.published ?? false,
});
const articleInput = (v: ReturnType<typeof articleValues>): NewsInput => ({
  ...v,
  title: v.title.trim(),
  featuredImageUrl: v.featuredImageUrl.trim() || null,
});
/** The image address is the server's to judge: it answers with the sentence under the field. */
const articleSchema = newsInput.omit({ featuredImageUrl: true });

/** The article form; save stays disabled until title and content are set. New articles start unpublished. */
export function ArticleForm({ initial, busy, onSubmit, onCancel }: CmsFormProps<NewsView, NewsInput>) {
  const form = useSchemaForm({ schema: articleSchema, initialValues: () => articleValues(initial), toInput: articleInput });
  const { values, errors, setValue } = form;
  const ready = values.title.trim() !== '' && values.content.trim() !== '';

  return (
    <form onSubmit={cmsSubmit(form, articleInput, onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk {...form.inputProps('title')} maxLength={200} />
        <Textarea
          label="Excerpt"
          description="A sentence or two shown in news lists."
          rows={3}
          {...form.inputProps('excerpt')}
          maxLength={500}
        />
        <ContentEditor kind="html" value={values.content} onChange={(v) => setValue('content', v)} error={errors.content} required />
        <ImageField
          uploadLabel="Featured Image"
          urlLabel="Featured Image URL"
          previewAlt="Featured image preview"
          value={values.featuredImageUrl}
          onChange={(v) => setValue('featuredImageUrl', v)}
          error={errors.featuredImageUrl}
          disabled={busy}
        />
        <Switch label="Published" {...form.checkboxProps('published')} />
        <FormButtons label={initial ? 'Update Article' : 'Create Article'} disabled={!ready} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** The News tab: the list (title, Published or Draft, created date) and the form. */
export function NewsTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.news.list.queryOptions());
  const dialogs = useListDialogs<NewsView>();
  const { openCreate, openEdit, close, askDelete, cancelDelete } = dialogs;
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
          actions={
            <Group gap={4} wrap="nowrap">
              <SendAsNewsletterButton articleId={article.id} title={article.title} />
              <EditDeleteActions onEdit={() => openEdit(article)} onDelete={() => askDelete(article)} />
            </Group>
          }
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
      {...cmsListDialogs({
        dialogs,
        noun: 'article',
        titles: { create: 'Create New Article', edit: 'Edit Article' },
        create,
        update,
        updateInput: (item, article: NewsInput) => ({ id: item.id, article }),
        remove,
        renderForm: (props) => <ArticleForm {...props} />,
      })}
    />
  );
}
