import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  CONTENT_TYPES,
  SECTION_TEMPLATES,
  sectionInput,
  sectionKeysShownOn,
  templateInput,
  type ContentType,
  type SectionInput,
  type SectionTemplate,
  type SectionView,
} from '../../../shared/cms.schema';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow } from '../../components/admin-list';
import { FormButtons, RowAction, RowActions } from '../../components/admin-row-actions';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { cmsListDialogs, cmsSubmit, ContentEditor, textOf, usePhone, type CmsFormProps } from './cms-common';
import { ImageField } from '../../components/uploads/image-upload-field';
import { useSectionsList } from './use-sections-list';

/** Content previews are cut at 50 characters. */
export const PREVIEW_LENGTH = 50;

/** The row's text preview: the first 50 characters with an ellipsis when cut, or 'No content'. */
export function contentPreview(content: string): string {
  const trimmed = content.trim();
  if (!trimmed) return 'No content';
  return trimmed.length > PREVIEW_LENGTH ? `${trimmed.slice(0, PREVIEW_LENGTH)}...` : trimmed;
}

/** Sort order is parsed as an integer, falling back to 0. */
export function parseSortOrder(value: string): number {
  const n = Number.parseInt(value.trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

/** The templates dialog checks only the page slug; the template is the button pressed. */
const templateSlug = templateInput.pick({ pageSlug: true });

const TYPE_LABELS: Record<ContentType, string> = { text: 'Text', html: 'HTML', image: 'Image' };

/** The section as the form holds it (new sections are published unless switched off). */
const sectionValues = (s: SectionView | null, defaultPageSlug: string) => ({
  pageSlug: s?.pageSlug ?? defaultPageSlug,
  sectionKey: s?.sectionKey ?? '',
  title: s?.title ?? '',
  contentType: s?.contentType ?? ('text' as ContentType),
  content: s?.content ?? '',
  sortOrder: String(s?.sortOrder ?? 0),
  published: s?.published ?? true,
});
const sectionFormInput = (v: ReturnType<typeof sectionValues>): SectionInput => ({
  pageSlug: v.pageSlug.trim(),
  sectionKey: v.sectionKey.trim(),
  title: v.title.trim(),
  content: v.contentType === 'image' ? v.content.trim() : v.content,
  contentType: v.contentType,
  sortOrder: parseSortOrder(v.sortOrder),
  published: v.published,
});

/** The section form; save stays disabled until title and section key are set. */
export function SectionForm({
  initial,
  defaultPageSlug,
  busy,
  onSubmit,
  onCancel,
}: CmsFormProps<SectionView, SectionInput> & { defaultPageSlug: string }) {
  const form = useSchemaForm({
    schema: sectionInput,
    initialValues: () => sectionValues(initial, defaultPageSlug),
    toInput: sectionFormInput,
  });
  const { values, errors, setValue } = form;
  const ready = values.title.trim() !== '' && values.sectionKey.trim() !== '';

  return (
    <form onSubmit={cmsSubmit(form, sectionFormInput, onSubmit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Page Slug"
            description="For example home, about, contact."
            withAsterisk
            {...form.inputProps('pageSlug')}
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput
            label="Section Key"
            description="For example hero_title, main_content."
            withAsterisk
            {...form.inputProps('sectionKey')}
            maxLength={80}
            autoCapitalize="none"
            spellCheck={false}
          />
        </SimpleGrid>
        <TextInput label="Title" withAsterisk {...form.inputProps('title')} maxLength={200} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Content Type"
            {...form.inputProps('contentType')}
            data={CONTENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          />
          <TextInput label="Sort Order" inputMode="numeric" {...form.inputProps('sortOrder')} maxLength={6} />
        </SimpleGrid>
        {values.contentType === 'image' ? (
          <ImageField
            uploadLabel="Section Image"
            urlLabel="Image URL"
            previewAlt="Section image preview"
            value={values.content}
            onChange={(v) => setValue('content', v)}
            error={errors.content}
            disabled={busy}
          />
        ) : (
          <ContentEditor kind={values.contentType} value={values.content} onChange={(v) => setValue('content', v)} error={errors.content} />
        )}
        <Switch label="Published" {...form.checkboxProps('published')} />
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

/** The Templates dialog: a page slug and three templates, each creating a set of sections. */
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
  const form = useSchemaForm({ schema: templateSlug, initialValues: { pageSlug: initialSlug } });
  const fromTemplate = useMutation(
    trpc.admin.cms.sections.fromTemplate.mutationOptions({
      onSuccess: (sections, { template, pageSlug }) => {
        toast.success(`${template} template created successfully`, templateOutcome(template, pageSlug, sections));
        onCreated();
      },
      onError: (error) => {
        form.applyServerError(error);
        toast.error('Failed to create template', serverMessage(error));
      },
    }),
  );

  const use = (template: SectionTemplate) => {
    // The slug's sentence ('Please enter a page slug') goes under the field.
    if (form.validate()) fromTemplate.mutate({ template, pageSlug: form.values.pageSlug.trim() });
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title="Section Templates" size="lg" fullScreen={phone}>
      <Stack gap="md">
        <TextInput
          label="Page Slug"
          description="The page the new sections belong to (for example home)."
          {...form.inputProps('pageSlug')}
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
    </GuardedModal>
  );
}

/** What a template made: the sections created (in order, on which page) and those a page does not show, left out. */
export function templateOutcome(template: SectionTemplate, pageSlug: string, created: SectionView[]): string {
  const shown = sectionKeysShownOn(pageSlug);
  const left = SECTION_TEMPLATES[template].map((t) => t.sectionKey).filter((key) => shown !== 'all' && !shown.includes(key));
  const made = `${created.length} ${created.length === 1 ? 'section' : 'sections'} added at the end of ${pageSlug}: ${created.map((s) => s.sectionKey).join(', ')}.`;
  return left.length ? `${made} Not created, as the ${pageSlug} page does not show them: ${left.join(', ')}.` : made;
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

/** The Sections tab: filter by page, templates, the list with reorder/duplicate/edit/delete, and the form. */
export function SectionsTab() {
  const state = useSectionsList();
  const { list, dialogs, templates, setTemplates, move, duplicate, current, rowBusy } = state;
  const { openCreate, openEdit, askDelete } = dialogs;

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
          onChange={(e) => state.setFilter(textOf(e))}
          data={[{ value: '', label: 'All Pages' }, ...state.slugs.map((slug) => ({ value: slug, label: slug }))]}
          style={{ maxWidth: 320 }}
        />
      }
      query={list}
      what="sections"
      items={state.shown}
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
      {...cmsListDialogs({
        dialogs,
        noun: 'section',
        titles: { create: 'Create New Section', edit: 'Edit Section' },
        create: state.create,
        update: state.update,
        updateInput: (item, section: SectionInput) => ({ id: item.id, section }),
        remove: state.remove,
        renderForm: (props) => <SectionForm {...props} defaultPageSlug={props.initial?.pageSlug ?? (current || 'home')} />,
      })}
    >
      {templates !== null && (
        <TemplatesDialog
          key={templates}
          opened
          initialSlug={current}
          onClose={() => setTemplates(null)}
          onCreated={() => {
            setTemplates(null);
            void state.refresh();
          }}
        />
      )}
    </AdminList>
  );
}
