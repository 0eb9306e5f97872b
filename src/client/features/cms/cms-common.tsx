import { Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Fragment, type FormEvent, type ReactNode } from 'react';
import type { AdminListProps, ListDialog } from '../../components/admin-list';
import type { z } from 'zod';
import type { SchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useEditorImageUpload } from '../../components/uploads/use-editor-image-upload';

/** Phones get full-screen dialogs. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 36em)');
}

/** After a change: reload the admin list, and the public content reads so the site shows it in this session too. */
export function useRefresh(listKey: QueryKey) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: trpc.cms.pathKey() })]);
}

/** The toasts of a CMS change (saved, or why not); on success the form or dialog closes and the lists refresh. */
export function feedback(success: string, failure: string, done: () => void, refresh: () => Promise<unknown>) {
  return {
    onSuccess: () => {
      toast.success(success);
      done();
      void refresh();
    },
    onError: (error: unknown) => toast.error(failure, serverMessage(error)),
  };
}

/** What every CMS item form takes: the item to edit (null for a new one), whether a save is under way, and the save. */
export interface CmsFormProps<T, I> {
  initial: T | null;
  busy: boolean;
  /** Saves; a refusal rejects, and the form puts its field errors under the fields (the toast is the tab's). */
  onSubmit: (input: I) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A CMS item form's submit: the shared schema's messages under the fields, or the input as typed (the server parses it
 * again) saved, with the server's field errors put under the fields when it refuses.
 */
export function cmsSubmit<V extends object, I>(
  form: Pick<SchemaForm<z.ZodType, V>, 'values' | 'validate' | 'applyServerError'>,
  toInput: (values: V) => I,
  onSubmit: (input: I) => Promise<unknown>,
) {
  return (e: FormEvent) => {
    e.preventDefault();
    if (form.validate() === undefined) return;
    onSubmit(toInput(form.values)).catch((error: unknown) => form.applyServerError(error));
  };
}

interface Saving<A> {
  isPending: boolean;
  mutateAsync: (input: A) => Promise<unknown>;
}

/**
 * The create/edit dialog and the delete confirmation of a CMS list: a fresh form for a new item, the item's own for
 * an edit, each saving through its mutation; 'Delete {noun}?' before the delete.
 */
export function cmsListDialogs<T extends { id: string; title: string }, I, U>({
  dialogs,
  noun,
  titles,
  create,
  update,
  updateInput,
  remove,
  renderForm,
}: {
  dialogs: { dialog: ListDialog<T>; deleting: T | null; close: () => void; cancelDelete: () => void };
  noun: string;
  titles: { create: string; edit: string };
  create: Saving<I>;
  update: Saving<U>;
  /** The update procedure's input for an item and the form's input. */
  updateInput: (item: T, input: I) => U;
  remove: { isPending: boolean; mutate: (input: { id: string }) => void };
  renderForm: (props: CmsFormProps<T, I>) => ReactNode;
}): Pick<AdminListProps<T>, 'form' | 'confirmDelete'> {
  const { dialog, deleting, close, cancelDelete } = dialogs;
  const shared = { onCancel: close };
  return {
    form: {
      opened: dialog.kind !== 'none',
      title: dialog.kind === 'edit' ? titles.edit : titles.create,
      size: 'xl',
      onClose: close,
      children: (
        <>
          {dialog.kind === 'create' && (
            <Fragment key={dialog.key}>
              {renderForm({ ...shared, initial: null, busy: create.isPending, onSubmit: (input) => create.mutateAsync(input) })}
            </Fragment>
          )}
          {dialog.kind === 'edit' && (
            <Fragment key={dialog.item.id}>
              {renderForm({
                ...shared,
                initial: dialog.item,
                busy: update.isPending,
                onSubmit: (input) => update.mutateAsync(updateInput(dialog.item, input)),
              })}
            </Fragment>
          )}
        </>
      ),
    },
    confirmDelete: {
      noun,
      name: deleting?.title,
      opened: deleting !== null,
      busy: remove.isPending,
      onCancel: cancelDelete,
      onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
    },
  };
}

/** A form field's change handler that stores the typed text. */
export const textOf = (e: { currentTarget: { value: string } }) => e.currentTarget.value;

/**
 * Text content is a 6-row area; HTML content (pages, news, HTML sections) is written like a document in the
 * rich-text editor, with images uploaded in place. The server sanitises what it gives when it is saved.
 */
export function ContentEditor({
  kind,
  label = 'Content',
  value,
  onChange,
  required = false,
  disabled = false,
  error,
}: {
  kind: 'text' | 'html';
  label?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}) {
  if (kind === 'text') {
    return (
      <Textarea
        label={label}
        withAsterisk={required}
        rows={6}
        value={value}
        onChange={(e) => onChange(textOf(e))}
        disabled={disabled}
        error={error}
      />
    );
  }
  return <DocumentEditor label={label} value={value} onChange={onChange} required={required} disabled={disabled} error={error} />;
}

function DocumentEditor(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  disabled: boolean;
  error?: string;
}) {
  const uploadImage = useEditorImageUpload();
  return <RichTextEditor {...props} uploadImage={uploadImage} minHeight={260} />;
}
