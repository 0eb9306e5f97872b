import { Badge, Button, Code, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  KNOWN_SETTINGS,
  SETTING_TYPES,
  settingDefault,
  settingInput,
  settingValueProblem,
  type SettingInput,
  type SettingType,
  type SettingView,
} from '../../../shared/cms.schema';
import type { ClubProfile } from '../../../shared/club-profile';
import { useClub } from '../../lib/club-profile';
import { useTRPC } from '../../trpc';
import { AdminList, AdminListRow, useListDialogs } from '../../components/admin-list';
import { EditDeleteActions, FormButtons, RowAction, RowActions } from '../../components/admin-row-actions';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { cmsSubmit, feedback, textOf, useRefresh, type CmsFormProps } from './cms-common';
import { NavigationSettings } from './navigation-settings';

/** What the form starts from: a stored setting (edit), a known setting not yet stored, or nothing. */
interface SettingDraft {
  id: string | null;
  settingKey: string;
  settingValue: string;
  settingType: SettingType;
  description: string;
}

const BLANK: SettingDraft = { id: null, settingKey: '', settingValue: '', settingType: 'text', description: '' };

const draftOf = (s: SettingView): SettingDraft => ({
  id: s.id,
  settingKey: s.settingKey,
  settingValue: s.settingValue,
  settingType: s.settingType,
  description: s.description ?? '',
});

const settingFormInput = (v: Omit<SettingDraft, 'id'>): SettingInput => ({ ...v, settingKey: v.settingKey.trim() });

/** The setting form; save stays disabled until key and value are set and the value suits its type. */
export function SettingForm({ initial, busy, onSubmit, onCancel }: CmsFormProps<SettingDraft, SettingInput> & { initial: SettingDraft }) {
  const editing = initial.id !== null;
  const form = useSchemaForm({
    schema: settingInput,
    initialValues: () => ({
      settingKey: initial.settingKey,
      settingValue: initial.settingValue,
      settingType: KNOWN_SETTINGS[initial.settingKey]?.type ?? initial.settingType,
      description: initial.description,
    }),
    toInput: settingFormInput,
  });
  const { settingKey, settingValue, settingType } = form.values;
  const known = KNOWN_SETTINGS[settingKey.trim()];
  // The value's type is checked as it is typed; the rest of the schema when saved.
  const problem = settingValue.trim() ? settingValueProblem(settingType, settingValue) : null;
  const ready = settingKey.trim() !== '' && settingValue.trim() !== '' && problem === null;

  const changeKey = (e: { currentTarget: { value: string } }) => {
    const value = textOf(e);
    // A setting the site reads has a fixed type.
    const match = KNOWN_SETTINGS[value.trim()];
    form.setValues(match ? { settingKey: value, settingType: match.type } : { settingKey: value });
  };

  const valueProps = {
    label: 'Value',
    withAsterisk: true,
    ...form.inputProps('settingValue'),
    error: problem ?? form.errors.settingValue,
    description: settingType === 'boolean' ? 'true or false' : settingType === 'number' ? 'A number, e.g. 10 or 2.5' : undefined,
  };

  return (
    <form onSubmit={cmsSubmit(form, settingFormInput, onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Key"
          description={known ? known.description : 'Lowercase letters, digits and underscores (e.g. contact_email).'}
          withAsterisk
          {...form.inputProps('settingKey')}
          onChange={changeKey}
          readOnly={editing}
          maxLength={80}
          autoCapitalize="none"
          spellCheck={false}
        />
        <NativeSelect label="Type" {...form.inputProps('settingType')} data={[...SETTING_TYPES]} disabled={known !== undefined} />
        {settingType === 'json' ? (
          <Textarea {...valueProps} rows={6} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
        ) : (
          <TextInput {...valueProps} />
        )}
        <TextInput label="Description" {...form.inputProps('description')} placeholder={known?.description} maxLength={300} />
        <FormButtons label={editing ? 'Update Setting' : 'Create Setting'} disabled={!ready} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

interface SettingRowData {
  setting: SettingView | null;
  settingKey: string;
  settingValue: string;
  settingType: SettingType;
  description: string | null;
}

/**
 * Stored settings, then the settings the site reads that have not been stored yet (showing their defaults, the
 * club's name and contact e-mail for the site title and contact e-mail).
 */
function rowsOf(settings: SettingView[], club: ClubProfile): SettingRowData[] {
  const stored = settings.map((s) => ({
    setting: s,
    ...s,
    description: s.description ?? KNOWN_SETTINGS[s.settingKey]?.description ?? null,
  }));
  const missing = Object.entries(KNOWN_SETTINGS)
    .filter(([key]) => !settings.some((s) => s.settingKey === key))
    .map(([key, k]) => ({
      setting: null,
      settingKey: key,
      settingValue: settingDefault(key, club),
      settingType: k.type,
      description: k.description,
    }));
  return [...stored, ...missing];
}

/** A setting's key, type, value and description; a setting not yet stored shows its default, to edit but not delete. */
function SettingRow({
  row,
  onEdit,
  onDelete,
}: {
  row: SettingRowData;
  onEdit: (draft: SettingDraft) => void;
  onDelete: (setting: SettingView) => void;
}) {
  const { setting } = row;
  return (
    <AdminListRow
      testId="cms-setting"
      actions={
        setting ? (
          <EditDeleteActions onEdit={() => onEdit(draftOf(setting))} onDelete={() => onDelete(setting)} />
        ) : (
          <RowActions>
            <RowAction
              icon="edit"
              label="Edit"
              onClick={() =>
                onEdit({
                  id: null,
                  settingKey: row.settingKey,
                  settingValue: row.settingValue,
                  settingType: row.settingType,
                  description: '',
                })
              }
            />
          </RowActions>
        )
      }
    >
      <Group gap="xs">
        <Code style={{ overflowWrap: 'anywhere' }}>{row.settingKey}</Code>
        <Badge variant="light" color="gray">
          {row.settingType}
        </Badge>
        {!setting && (
          <Badge variant="light" color="yellow">
            Default
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} lineClamp={4}>
        {row.settingValue}
      </Text>
      {row.description && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.description}
        </Text>
      )}
    </AdminListRow>
  );
}

/** The Settings tab: the list (key, value, type, description) and the form. */
export function SettingsTab() {
  const trpc = useTRPC();
  const club = useClub();
  const list = useQuery(trpc.admin.cms.settings.list.queryOptions());
  // Every form starts from a draft: a stored setting, a known one not yet stored, or a blank one.
  const { dialog, deleting, openEdit: open, close, askDelete, cancelDelete } = useListDialogs<SettingDraft, SettingView>();
  const refresh = useRefresh(trpc.admin.cms.settings.list.queryKey());

  const save = useMutation(
    trpc.admin.cms.settings.save.mutationOptions(feedback('Setting updated successfully', 'Failed to update setting', close, refresh)),
  );
  const remove = useMutation(
    trpc.admin.cms.settings.delete.mutationOptions(
      feedback('Setting deleted successfully', 'Failed to delete setting', cancelDelete, refresh),
    ),
  );

  const editing = dialog.kind === 'edit' && dialog.item.id !== null;

  return (
    <AdminList
      title="Settings"
      actions={<Button onClick={() => open(BLANK)}>Create New Setting</Button>}
      controls={<NavigationSettings />}
      query={list}
      what="settings"
      items={rowsOf(list.data ?? [], club)}
      renderItem={(row) => <SettingRow key={row.settingKey} row={row} onEdit={open} onDelete={askDelete} />}
      form={{
        opened: dialog.kind === 'edit',
        title: editing ? 'Edit Setting' : 'Create New Setting',
        size: 'lg',
        onClose: close,
        children: dialog.kind === 'edit' && (
          <SettingForm
            key={dialog.item.id ?? dialog.item.settingKey}
            initial={dialog.item}
            busy={save.isPending}
            onSubmit={(input) => save.mutateAsync(input)}
            onCancel={close}
          />
        ),
      }}
      confirmDelete={{
        noun: 'setting',
        name: deleting?.settingKey,
        opened: deleting !== null,
        busy: remove.isPending,
        onCancel: cancelDelete,
        onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
      }}
    />
  );
}
