import { NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { FormButtons } from '../../components/admin-row-actions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { memberEditForm, type AdminMemberRow } from '../../../shared/admin.schema';
import type { Role } from '../../../shared/auth.constants';
import { formatAuDate } from '../../../shared/dates';
import type { MemberRecord } from '../../../shared/member-records.schema';
import {
  GENDERS,
  MEMBER_STATUSES,
  MEMBERSHIP_LABELS,
  MEMBERSHIP_TYPES,
  SHIRT_SIZES,
  type MemberStatus,
  type MembershipType,
} from '../../../shared/membership';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { EmailChangePanel, HistoryPanel, HouseholdPanel, RemindersPanel, useRefreshMembers } from './member-record-panels';
import { DateField } from '../../components/forms/date-field';

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { pending: 'Pending', active: 'Active', expired: 'Expired' };

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  gender: string;
  shirtSize: string;
  membershipType: MembershipType;
  status: MemberStatus;
  expiryDate: string;
  role: Role | '';
}

const valuesOf = (m: MemberRecord, role: Role | null): Values => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email ?? '',
  phone: m.phone ?? '',
  address: m.address ?? '',
  dateOfBirth: m.dateOfBirth,
  gender: m.gender ?? '',
  shirtSize: m.shirtSize ?? '',
  membershipType: m.membershipType,
  status: m.status,
  expiryDate: m.expiryDate ?? '',
  role: role ?? '',
});

/**
 * The committee's edit of one member: every profile field, membership type, shirt size, status, expiry and (with an
 * account) role; then the e-mail change waiting for confirmation, the household and the renewal reminders. Every
 * change is audited on the server.
 */
export function MemberEditForm({ member, onDone }: { member: AdminMemberRow; onDone: () => void }) {
  const trpc = useTRPC();
  const record = useQuery(trpc.admin.members.get.queryOptions({ memberId: member.id }));
  return (
    <QueryState query={record} loading="Loading the member's record..." failure="Could not load this member. Please try again later.">
      {(data) => (
        <Stack gap="lg">
          <ProfileForm record={data} role={member.role} onDone={onDone} />
          <EmailChangePanel record={data} />
          <HouseholdPanel record={data} />
          <RemindersPanel record={data} />
          <HistoryPanel record={data} />
        </Stack>
      )}
    </QueryState>
  );
}

function ProfileForm({ record, role, onDone }: { record: MemberRecord; role: Role | null; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  const hasAccount = role !== null;
  const form = useSchemaForm({
    schema: memberEditForm,
    initialValues: () => valuesOf(record, role),
    toInput: ({ role: chosenRole, gender, shirtSize, ...values }) => ({
      id: record.id,
      ...values,
      gender: gender || null,
      shirtSize: shirtSize || null,
      ...(hasAccount && chosenRole ? { role: chosenRole } : {}),
    }),
  });

  const update = useMutation(
    trpc.admin.members.update.mutationOptions({
      onSuccess: (row) => {
        if (row.pendingEmail && row.pendingEmail !== record.emailChange?.newEmail)
          toast.success(
            'Member updated successfully',
            `A confirmation link has gone to ${row.pendingEmail}. The address changes once it is confirmed from there.`,
          );
        else toast.success('Member updated successfully');
        void refresh();
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
  const select = (values: readonly string[], labels?: Record<string, string>, blank?: string) => [
    ...(blank ? [{ value: '', label: blank }] : []),
    ...values.map((v) => ({ value: v, label: labels?.[v] ?? v })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label="Member details">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {MEMBERSHIP_LABELS[record.membershipType]}
          {record.memberSince ? ` · member since ${formatAuDate(record.memberSince)}` : ''}
          {record.isPrimary ? ' · primary member of the household' : ' · household member'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk {...form.inputProps('firstName')} disabled={busy} maxLength={80} />
          <TextInput label="Last name" withAsterisk {...form.inputProps('lastName')} disabled={busy} maxLength={80} />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          description={
            record.hasAccount
              ? 'Also how they sign in. A new address changes once it is confirmed from a link sent to it.'
              : 'A new address changes once it is confirmed from a link sent to it.'
          }
          {...form.inputProps('email')}
          disabled={busy}
          autoComplete="off"
        />
        <TextInput label="Phone" type="tel" {...form.inputProps('phone')} disabled={busy} maxLength={40} />
        <Textarea label="Address" rows={2} {...form.inputProps('address')} disabled={busy} maxLength={300} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <DateField label="Date of birth" {...form.inputProps('dateOfBirth')} disabled={busy} />
          <NativeSelect
            label="Gender"
            {...form.inputProps('gender')}
            disabled={busy}
            data={select(GENDERS, { male: 'Male', female: 'Female' }, 'Not recorded')}
          />
          <NativeSelect
            label="Shirt size"
            {...form.inputProps('shirtSize')}
            disabled={busy}
            data={select(SHIRT_SIZES, undefined, 'No size')}
          />
        </SimpleGrid>
        <NativeSelect
          label="Membership type"
          description="Family covers everyone in the household; leaving Family gives each person their own membership."
          {...form.inputProps('membershipType')}
          disabled={busy}
          data={select(MEMBERSHIP_TYPES, MEMBERSHIP_LABELS)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Status"
            {...form.inputProps('status')}
            disabled={busy}
            data={select(MEMBER_STATUSES, MEMBER_STATUS_LABELS)}
          />
          <DateField label="Expiry date" {...form.inputProps('expiryDate')} disabled={busy} />
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
