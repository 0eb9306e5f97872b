import { Stack, Text } from '@mantine/core';
import { FormButtons } from '../../components/admin-row-actions';
import { useQuery } from '@tanstack/react-query';
import type { AdminMemberRow } from '../../../shared/admin.schema';
import type { Role } from '../../../shared/auth.constants';
import { formatAuDate } from '../../../shared/dates';
import type { MemberRecord } from '../../../shared/member-records.schema';
import { membershipLabels } from '../../../shared/membership';
import { QueryState } from '../../components/query-state';
import { useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import { EmailChangePanel, HistoryPanel, HouseholdPanel, RemindersPanel } from './member-record-panels';
import { MemberContactFields, MemberMembershipFields } from './member-profile-fields';
import { useProfileForm } from './use-profile-form';

export { MEMBER_STATUS_LABELS } from './member-profile-fields';

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
  const state = useProfileForm(record, role, onDone);
  const { submit, busy } = state;
  const labels = membershipLabels(useMembershipRules());
  return (
    <form onSubmit={submit} noValidate aria-label="Member details">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {labels[record.membershipType]}
          {record.memberSince ? ` · member since ${formatAuDate(record.memberSince)}` : ''}
          {record.isPrimary ? ' · primary member of the household' : ' · household member'}
        </Text>
        <MemberContactFields state={state} record={record} />
        <MemberMembershipFields state={state} />
        <FormButtons label="Save" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}
