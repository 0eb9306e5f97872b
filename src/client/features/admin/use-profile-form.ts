import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { memberEditForm } from '../../../shared/admin.schema';
import type { Role } from '../../../shared/auth.constants';
import type { MemberRecord } from '../../../shared/member-records.schema';
import type { MemberStatus, MembershipType } from '../../../shared/membership';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useRefreshMembers } from './member-record-panels';

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

/** The member's profile as the committee edits it, and its saving. */
export function useProfileForm(record: MemberRecord, role: Role | null, onDone: () => void) {
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
  return { form, hasAccount, busy, select, submit };
}

export type ProfileFormState = ReturnType<typeof useProfileForm>;
