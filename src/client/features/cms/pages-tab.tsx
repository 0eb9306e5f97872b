import { Badge, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pageInput, type PageInput, type PageView } from '../../../shared/cms.schema';
import { suggestSlug } from '../../../shared/site-navigation';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { EditDeleteActions, FormButtons } from '../../components/admin-row-actions';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { cmsListDialogs, cmsSubmit, ContentEditor, feedback, useRefresh, type CmsFormProps } from './cms-common';

/** The page as the form holds it. */
const pageValues = (p: PageView | null) => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  metaDescription: p?.metaDescription ?? '',
  content: p?.content ?? '',
  published: p?.published ?? false,
});
const pageFormInput = (v: ReturnType<typeof pageValues>): PageInput => ({ ...v, title: v.title.trim(), slug: v.slug.trim() });

/**
 * The page form; save stays disabled until title and slug are filled. A new page's slug follows its title
 * (one no other page has) until the slug is typed over; a slug another page has is marked before saving.
 */
export function PageForm({ initial, busy, onSubmit, onCancel, pages = [] }: CmsFormProps<PageView, PageInput> & { pages?: PageView[] }) {
  const form = useSchemaForm({ schema: pageInput, initialValues: () => pageValues(initial), toInput: pageFormInput });
  const { values, errors, setValue } = form;
  const ready = values.title.trim() !== '' && values.slug.trim() !== '';
  const others = pages.filter((p) => p.id !== initial?.id);
  // A new page's slug is the title's until the writer types their own.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(initial === null);
  const slug = values.slug.trim().toLowerCase();
  const owner = others.find((p) => p.slug === slug);
  const slugTaken = owner
    ? `The page '${owner.title}' already has this address. Choose another slug, such as ${suggestSlug(
        slug,
        others.map((p) => p.slug),
      )}.`
    : undefined;

  return (
    <form onSubmit={cmsSubmit(form, pageFormInput, onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          withAsterisk
          {...form.inputProps('title')}
          onChange={(e) => {
            const title = e.currentTarget.value;
            if (slugFollowsTitle)
              form.setValues({
                title,
                slug: suggestSlug(
                  title,
                  others.map((p) => p.slug),
                ),
              });
            else setValue('title', title);
          }}
          maxLength={200}
        />
        <TextInput
          label="Slug"
          description={
            slug ? `The page's address: /pages/${slug}` : 'The page address: lowercase letters, digits and hyphens (e.g. club-history).'
          }
          withAsterisk
          {...form.inputProps('slug')}
          onChange={(e) => {
            setSlugFollowsTitle(false);
            setValue('slug', e.currentTarget.value);
          }}
          error={errors.slug ?? slugTaken}
          maxLength={80}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <TextInput label="Meta Description" {...form.inputProps('metaDescription')} maxLength={300} />
        <ContentEditor kind="html" value={values.content} onChange={(v) => setValue('content', v)} error={errors.content} />
        <Switch label="Published" {...form.checkboxProps('published')} />
        <FormButtons
          label={initial ? 'Update Page' : 'Create Page'}
          disabled={!ready || slugTaken !== undefined}
          busy={busy}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** The Pages tab: the list with title and /slug, edit and delete, and the create/edit form. */
export function PagesTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.pages.list.queryOptions());
  const dialogs = useListDialogs<PageView>();
  const { openCreate, openEdit, close, askDelete, cancelDelete } = dialogs;
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
      {...cmsListDialogs({
        dialogs,
        noun: 'page',
        titles: { create: 'Create New Page', edit: 'Edit Page' },
        create,
        update,
        updateInput: (item, page: PageInput) => ({ id: item.id, page }),
        remove,
        renderForm: (props) => <PageForm {...props} pages={list.data ?? []} />,
      })}
    />
  );
}
