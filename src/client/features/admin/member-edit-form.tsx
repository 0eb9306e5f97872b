import { NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { FormButtons } from '../../components/admin-row-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { memberEditForm, type AdminMemberRow } from '../../../shared/admin.schema';
import type { Role } from '../../../shared/auth.constants';
import { formatAuDate } from '../../../shared/dates';
import { MEMBER_STATUSES, MEMBERSHIP_LABELS, type MemberStatus } from '../../../shared/membership';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { pending: 'Pending', active: 'Active', expired: 'Expired' };

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  status: MemberStatus;
  expiryDate: string;
  role: Role | '';
}

const valuesOf = (m: AdminMemberRow): Values => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email ?? '',
  phone: m.phone ?? '',
  address: m.address ?? '',
  status: m.status,
  expiryDate: m.expiryDate ?? '',
  role: m.role ?? '',
});

/** The committee's edit of one member: profile, status, expiry and (with an account) role. Every change is audited on the server. */
export function MemberEditForm({ member, onDone }: { member: AdminMemberRow; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hasAccount = member.role !== null;
  const form = useSchemaForm({
    schema: memberEditForm,
    initialValues: () => valuesOf(member),
    toInput: ({ role, ...values }) => ({ id: member.id, ...values, ...(hasAccount && role ? { role } : {}) }),
  });

  const update = useMutation(
    trpc.admin.members.update.mutationOptions({
      onSuccess: () => {
        toast.success('Member updated successfully');
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.members.search.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
        ]);
        onDone();
      },
      onError: (error) => {
        form.applyServerError(error);
        toast.error('Failed to update member', serverMessage(error));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) update.mutate(input);
  };

  const busy = update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {MEMBERSHIP_LABELS[member.membershipType]}
          {member.memberSince ? ` · member since ${formatAuDate(member.memberSince)}` : ''}
          {member.isPrimary ? '' : ' · household member'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk {...form.inputProps('firstName')} disabled={busy} maxLength={80} />
          <TextInput label="Last name" withAsterisk {...form.inputProps('lastName')} disabled={busy} maxLength={80} />
        </SimpleGrid>
        <TextInput label="E-mail" type="email" {...form.inputProps('email')} disabled={busy} autoComplete="off" />
        <TextInput label="Phone" type="tel" {...form.inputProps('phone')} disabled={busy} maxLength={40} />
        <Textarea label="Address" rows={2} {...form.inputProps('address')} disabled={busy} maxLength={300} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Status"
            {...form.inputProps('status')}
            disabled={busy}
            data={MEMBER_STATUSES.map((s) => ({ value: s, label: MEMBER_STATUS_LABELS[s] }))}
          />
          <TextInput label="Expiry date" type="date" {...form.inputProps('expiryDate')} disabled={busy} />
        </SimpleGrid>
        {hasAccount && (
          <NativeSelect
            label="Role"
            description="Administrators can open this dashboard."
            {...form.inputProps('role')}
            disabled={busy}
            data={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Administrator' },
            ]}
          />
        )}
        <FormButtons label="Save" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}
