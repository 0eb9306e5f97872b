import { NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { MemberRecord } from '../../../shared/member-records.schema';
import { GENDERS, MEMBER_STATUSES, membershipLabels, MEMBERSHIP_TYPES, SHIRT_SIZES, type MemberStatus } from '../../../shared/membership';
import { DateField } from '../../components/forms/date-field';
import { useMembershipRules } from '../../lib/membership-rules';
import type { ProfileFormState } from './use-profile-form';

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { pending: 'Pending', active: 'Active', expired: 'Expired' };

/** The member's name, e-mail address, phone number and address. */
export function MemberContactFields({ state: { form, busy }, record }: { state: ProfileFormState; record: MemberRecord }) {
  return (
    <>
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
    </>
  );
}

/** The member's date of birth, gender, shirt size, membership, status, expiry and (with an account) role. */
export function MemberMembershipFields({ state: { form, busy, select, hasAccount } }: { state: ProfileFormState }) {
  const labels = membershipLabels(useMembershipRules());
  return (
    <>
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
        data={select(MEMBERSHIP_TYPES, labels)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect label="Status" {...form.inputProps('status')} disabled={busy} data={select(MEMBER_STATUSES, MEMBER_STATUS_LABELS)} />
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
    </>
  );
}
