import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState, type FormEvent } from 'react';
import { memberUpdateInput, type AdminMemberRow } from '../../../shared/admin.schema';
import type { Role } from '../../../shared/auth.constants';
import { formatAuDate } from '../../../shared/dates';
import { MEMBER_STATUSES, MEMBERSHIP_LABELS, type MemberStatus } from '../../../shared/membership';
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
type Field = keyof Values;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'phone', 'address', 'status', 'expiryDate', 'role'];

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

/** Field messages the server sent back (validation or a rule such as 'active needs an expiry'). */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
  const out: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(fields)) if ((FIELDS as readonly string[]).includes(key)) out[key as Field] = message;
  return out;
}

/** The committee's edit of one member: profile, status, expiry and (with an account) role. Every change is audited on the server. */
export function MemberEditForm({ member, onDone }: { member: AdminMemberRow; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(member));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const hasAccount = member.role !== null;

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
        setErrors(serverFieldErrors(error));
        toast.error('Failed to update member', serverMessage(error));
      },
    }),
  );

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberUpdateInput.safeParse({
      id: member.id,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      address: values.address,
      status: values.status,
      expiryDate: values.expiryDate,
      ...(hasAccount && values.role ? { role: values.role } : {}),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    if (parsed.data.status === 'active' && !parsed.data.expiryDate) {
      setErrors({ expiryDate: 'An active membership needs an expiry date.' });
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
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
          <TextInput
            label="First name"
            withAsterisk
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
            disabled={busy}
            maxLength={80}
          />
          <TextInput
            label="Last name"
            withAsterisk
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            disabled={busy}
            maxLength={80}
          />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          disabled={busy}
          autoComplete="off"
        />
        <TextInput
          label="Phone"
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          disabled={busy}
          maxLength={40}
        />
        <Textarea
          label="Address"
          rows={2}
          value={values.address}
          onChange={set('address')}
          error={errors.address}
          disabled={busy}
          maxLength={300}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Status"
            value={values.status}
            onChange={set('status')}
            error={errors.status}
            disabled={busy}
            data={MEMBER_STATUSES.map((s) => ({ value: s, label: MEMBER_STATUS_LABELS[s] }))}
          />
          <TextInput
            label="Expiry date"
            type="date"
            value={values.expiryDate}
            onChange={set('expiryDate')}
            error={errors.expiryDate}
            disabled={busy}
          />
        </SimpleGrid>
        {hasAccount && (
          <NativeSelect
            label="Role"
            description="Administrators can open this dashboard."
            value={values.role}
            onChange={set('role')}
            error={errors.role}
            disabled={busy}
            data={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Administrator' },
            ]}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
