import { Badge, Button, Card, Group, Modal, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CONTENT_TYPES, type ContentType, type SectionInput, type SectionTemplate, type SectionView } from '../../../shared/cms.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { FormButtons, RowAction, RowActions } from '../../components/admin-row-actions';
import { ContentEditor, feedback, textOf, usePhone, useRefresh } from './cms-common';
import { ImageField } from '../../components/uploads/image-upload-field';

/** SPEC §9: content previews are cut at 50 characters. */
export const PREVIEW_LENGTH = 50;

/** The row's text preview: the first 50 characters with an ellipsis when cut, or 'No content'. */
export function contentPreview(content: string): string {
  const trimmed = content.trim();
  if (!trimmed) return 'No content';
  return trimmed.length > PREVIEW_LENGTH ? `${trimmed.slice(0, PREVIEW_LENGTH)}...` : trimmed;
}

/** SPEC §5: sort order is parsed as an integer, falling back to 0. */
export function parseSortOrder(value: string): number {
  const n = Number.parseInt(value.trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

const TYPE_LABELS: Record<ContentType, string> = { text: 'Text', html: 'HTML', image: 'Image' };

/** SPEC §5: the section form; save stays disabled until title and section key are set. */
export function SectionForm({
  initial,
  defaultPageSlug,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: SectionView | null;
  defaultPageSlug: string;
  busy: boolean;
  onSubmit: (input: SectionInput) => void;
  onCancel: () => void;
}) {
  const [pageSlug, setPageSlug] = useState(initial?.pageSlug ?? defaultPageSlug);
  const [sectionKey, setSectionKey] = useState(initial?.sectionKey ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [contentType, setContentType] = useState<ContentType>(initial?.contentType ?? 'text');
  const [content, setContent] = useState(initial?.content ?? '');
  const [sortOrder, setSortOrder] = useState(String(initial?.sortOrder ?? 0));
  // SPEC §9: new sections are published unless switched off.
  const [published, setPublished] = useState(initial?.published ?? true);
  const ready = title.trim() !== '' && sectionKey.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onSubmit({
      pageSlug: pageSlug.trim(),
      sectionKey: sectionKey.trim(),
      title: title.trim(),
      content: contentType === 'image' ? content.trim() : content,
      contentType,
      sortOrder: parseSortOrder(sortOrder),
      published,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Page Slug"
            description="For example home, about, contact."
            withAsterisk
            value={pageSlug}
            onChange={(e) => setPageSlug(textOf(e))}
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput
            label="Section Key"
            description="For example hero_title, main_content."
            withAsterisk
            value={sectionKey}
            onChange={(e) => setSectionKey(textOf(e))}
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
        </SimpleGrid>
        <TextInput label="Title" withAsterisk value={title} onChange={(e) => setTitle(textOf(e))} maxLength={200} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Content Type"
            value={contentType}
            onChange={(e) => setContentType(textOf(e) as ContentType)}
            data={CONTENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          />
          <TextInput label="Sort Order" inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(textOf(e))} maxLength={6} />
        </SimpleGrid>
        {contentType === 'image' ? (
          <ImageField
            uploadLabel="Section Image"
            urlLabel="Image URL"
            previewAlt="Section image preview"
            value={content}
            onChange={setContent}
            disabled={busy}
          />
        ) : (
          <ContentEditor kind={contentType} value={content} onChange={setContent} />
        )}
        <Switch label="Published" checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
        <FormButtons label={initial ? 'Update Section' : 'Create Section'} disabled={!ready} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

const TEMPLATES: { template: SectionTemplate; name: string; description: string }[] = [
  { template: 'hero_section', name: 'Hero Section', description: 'hero_title, hero_subtitle and hero_cta (text) and hero_image (image).' },
  { template: 'feature_grid', name: 'Feature Grid', description: 'feature_1 to feature_4, each with a _title and a _desc (text).' },
  { template: 'about_section', name: 'About Section', description: 'about_title (text), about_content (HTML) and about_image (image).' },
];

/** SPEC §2.14: the Templates dialog: a page slug and three templates, each creating a set of sections. */
function TemplatesDialog({
  opened,
  initialSlug,
  onClose,
  onCreated,
}: {
  opened: boolean;
  initialSlug: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const trpc = useTRPC();
  const phone = usePhone();
  const [pageSlug, setPageSlug] = useState(initialSlug);
  const fromTemplate = useMutation(
    trpc.admin.cms.sections.fromTemplate.mutationOptions({
      onSuccess: (_sections, { template }) => {
        toast.success(`${template} template created successfully`);
        onCreated();
      },
      onError: (error) => toast.error('Failed to create template', serverMessage(error)),
    }),
  );

  const use = (template: SectionTemplate) => {
    if (!pageSlug.trim()) {
      toast.error('Error', 'Please enter a page slug');
      return;
    }
    fromTemplate.mutate({ template, pageSlug: pageSlug.trim() });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Section Templates" size="lg" fullScreen={phone}>
      <Stack gap="md">
        <TextInput
          label="Page Slug"
          description="The page the new sections belong to (for example home)."
          value={pageSlug}
          onChange={(e) => setPageSlug(textOf(e))}
          maxLength={80}
          autoCapitalize="none"
          spellCheck={false}
        />
        {TEMPLATES.map((t) => (
          <Card key={t.template} withBorder padding="sm" radius="md">
            <Stack gap={6} align="flex-start">
              <Button
                variant="light"
                onClick={() => use(t.template)}
                loading={fromTemplate.isPending && fromTemplate.variables?.template === t.template}
                disabled={fromTemplate.isPending && fromTemplate.variables?.template !== t.template}
                aria-describedby={`template-${t.template}`}
              >
                {t.name}
              </Button>
              <Text size="sm" c="dimmed" id={`template-${t.template}`} style={{ overflowWrap: 'anywhere' }}>
                Creates {t.description}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Modal>
  );
}

function SectionRow({
  section,
  busy,
  onMove,
  onDuplicate,
  onEdit,
  onDelete,
}: {
  section: SectionView;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const image = section.contentType === 'image' && section.content.trim() !== '';
  return (
    <AdminListRow
      testId="cms-section"
      actions={
        <RowActions>
          <RowAction icon="up" label="Move up" onClick={() => onMove('up')} disabled={section.sortOrder <= 0 || busy} />
          <RowAction icon="down" label="Move down" onClick={() => onMove('down')} disabled={busy} />
          <RowAction icon="copy" label="Duplicate" onClick={onDuplicate} disabled={busy} />
          <RowAction icon="edit" label="Edit" onClick={onEdit} />
          <RowAction icon="delete" label="Delete" color="red" onClick={onDelete} />
        </RowActions>
      }
    >
      <Group gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {section.title}
        </Text>
        <Badge variant="light">{section.contentType}</Badge>
        {!section.published && (
          <Badge color="gray" variant="light">
            Draft
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {`${section.pageSlug} - ${section.sectionKey} (Order: ${section.sortOrder})`}
      </Text>
      {image ? (
        <img
          src={section.content}
          alt={section.title}
          style={{ display: 'block', height: 56, maxWidth: 160, objectFit: 'cover', borderRadius: 4 }}
        />
      ) : (
        <Text size="sm" c={section.content.trim() ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {contentPreview(section.content)}
        </Text>
      )}
    </AdminListRow>
  );
}

/** SPEC §2.14 Sections: filter by page, templates, the list with reorder/duplicate/edit/delete, and the form. */
export function SectionsTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.cms.sections.list.queryOptions());
  const [filter, setFilter] = useState('');
  const { dialog, deleting, openCreate, openEdit, close, askDelete, cancelDelete } = useListDialogs<SectionView>();
  // The templates dialog, a fresh one each time it opens.
  const [templates, setTemplates] = useState<number | null>(null);
  const refresh = useRefresh(trpc.admin.cms.sections.list.queryKey());

  const create = useMutation(
    trpc.admin.cms.sections.create.mutationOptions(feedback('Section created successfully', 'Failed to create section', close, refresh)),
  );
  const update = useMutation(
    trpc.admin.cms.sections.update.mutationOptions(feedback('Section updated successfully', 'Failed to update section', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.sections.delete.mutationOptions(
      feedback('Section deleted successfully', 'Failed to delete section', cancelDelete, refresh),
    ),
  );
  const move = useMutation(
    trpc.admin.cms.sections.move.mutationOptions({
      onSuccess: () => void refresh(),
      onError: (error) => toast.error('Failed to update section', serverMessage(error)),
    }),
  );
  const duplicate = useMutation(
    trpc.admin.cms.sections.duplicate.mutationOptions({
      onSuccess: () => {
        toast.success('Section duplicated successfully');
        void refresh();
      },
      onError: (error) => toast.error('Failed to duplicate section', serverMessage(error)),
    }),
  );

  const sections = list.data ?? [];
  const slugs = [...new Set(sections.map((s) => s.pageSlug))].sort();
  const current = slugs.includes(filter) ? filter : '';
  const shown = current ? sections.filter((s) => s.pageSlug === current) : sections;
  const rowBusy = (id: string) => (move.isPending && move.variables?.id === id) || (duplicate.isPending && duplicate.variables?.id === id);

  return (
    <AdminList
      title="Sections"
      actions={
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={() => setTemplates(Date.now())}>
            Templates
          </Button>
          <Button onClick={openCreate}>Create New Section</Button>
        </Group>
      }
      controls={
        <NativeSelect
          label="Filter by page"
          value={current}
          onChange={(e) => setFilter(textOf(e))}
          data={[{ value: '', label: 'All Pages' }, ...slugs.map((slug) => ({ value: slug, label: slug }))]}
          style={{ maxWidth: 320 }}
        />
      }
      query={list}
      what="sections"
      items={shown}
      empty="No sections yet. Create one or start from a template."
      renderItem={(section) => (
        <SectionRow
          key={section.id}
          section={section}
          busy={rowBusy(section.id)}
          onMove={(direction) => move.mutate({ id: section.id, direction })}
          onDuplicate={() => duplicate.mutate({ id: section.id })}
          onEdit={() => openEdit(section)}
          onDelete={() => askDelete(section)}
        />
      )}
      form={{
        opened: dialog.kind !== 'none',
        title: dialog.kind === 'edit' ? 'Edit Section' : 'Create New Section',
        size: 'xl',
        onClose: close,
        children: (
          <>
            {dialog.kind === 'create' && (
              <SectionForm
                key={dialog.key}
                initial={null}
                defaultPageSlug={current || 'home'}
                busy={create.isPending}
                onSubmit={(input) => create.mutate(input)}
                onCancel={close}
              />
            )}
            {dialog.kind === 'edit' && (
              <SectionForm
                key={dialog.item.id}
                initial={dialog.item}
                defaultPageSlug={dialog.item.pageSlug}
                busy={update.isPending}
                onSubmit={(input) => update.mutate({ id: dialog.item.id, section: input })}
                onCancel={close}
              />
            )}
          </>
        ),
      }}
      confirmDelete={{
        noun: 'section',
        name: deleting?.title,
        opened: deleting !== null,
        busy: remove.isPending,
        onCancel: cancelDelete,
        onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
      }}
    >
      {templates !== null && (
        <TemplatesDialog
          key={templates}
          opened
          initialSlug={current}
          onClose={() => setTemplates(null)}
          onCreated={() => {
            setTemplates(null);
            void refresh();
          }}
        />
      )}
    </AdminList>
  );
}
