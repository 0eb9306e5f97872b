import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_LIMITS } from '../../../shared/auth.constants';
import { passwordForm, type CurrentUser } from '../../../shared/auth.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { NotificationsCard } from './notifications-card';

/** Settings: set a password, or change it (asking for the current one) when the account has one; and notifications. */
export function SettingsModal({ user, opened, onClose }: { user: CurrentUser; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" centered>
      {/* Remounted on every opening so no password lingers in memory. */}
      {opened && (
        <Stack gap="xl">
          <PasswordForm user={user} onDone={onClose} />
          <NotificationsCard />
        </Stack>
      )}
    </Modal>
  );
}

function PasswordForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setPassword = useMutation(trpc.auth.setPassword.mutationOptions());
  const form = useSchemaForm({
    schema: passwordForm,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    toInput: (v) => ({ ...v, hasPassword: user.hasPassword }),
  });
  const [error, setError] = useState<string | null>(null);
  const min = AUTH_LIMITS.passwordMinLength;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const input = form.validate();
    if (!input) return;
    const { newPassword, currentPassword } = input;
    try {
      const updated = await setPassword.mutateAsync({ newPassword, ...(user.hasPassword ? { currentPassword } : {}) });
      queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
      toast.success('Password saved', 'You can now log in with your e-mail and password.');
      onDone();
    } catch (e) {
      form.applyServerError(e);
      setError(
        isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? 'The password could not be saved. Please try again.'),
      );
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {user.hasPassword ? 'Change password' : 'Set a password'}
        </Text>
        {!user.hasPassword && (
          <Text size="sm" c="dimmed">
            You currently sign in with links sent by e-mail. Set a password to log in straight away.
          </Text>
        )}
        {user.hasPassword && (
          <PasswordInput label="Current password" autoComplete="current-password" {...form.inputProps('currentPassword')} />
        )}
        <PasswordInput
          label="New password"
          description={`At least ${min} characters`}
          autoComplete="new-password"
          {...form.inputProps('newPassword')}
        />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.inputProps('confirmPassword')} />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={setPassword.isPending}>
            Save password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
