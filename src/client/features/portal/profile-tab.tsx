import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { HouseholdMember, MyHousehold } from '../../../shared/member-details.schema';
import { membershipLabels } from '../../../shared/membership';
import type { MemberProfile } from '../../../shared/members.schema';
import { useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import { additionPayment, useJoinDialog } from '../../components/join-dialog';
import { toast } from '../../components/toast';
import { HouseholdCard } from './household-card';
import { AddJuniorDialog, DetailsDialog, EmailChangeDialog, PendingEmailNotice, RemoveJuniorDialog } from './my-details-dialogs';

/** The member's own details, with 'Edit my details' and 'Change e-mail'. */
function ProfileDetailsCard({
  profile,
  me,
  pending,
  householdLoaded,
  onEdit,
  onChangeEmail,
}: {
  profile: MemberProfile;
  me: HouseholdMember | undefined;
  pending: MyHousehold['pendingEmail'] | undefined;
  householdLoaded: boolean;
  onEdit: (person: HouseholdMember) => void;
  onChangeEmail: () => void;
}) {
  const labels = membershipLabels(useMembershipRules());
  const rows: [string, string][] = [
    ['First Name', profile.firstName],
    ['Last Name', profile.lastName],
    ['Email', profile.email ?? '—'],
    ['Phone', profile.phone ?? '—'],
    ['Membership Type', labels[profile.membershipType]],
    ['Shirt Size', profile.shirtSize ?? '—'],
    ['Address', profile.address ?? '—'],
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Group gap="sm" mt="md">
        <Button onClick={() => me && onEdit(me)} disabled={!me}>
          Edit my details
        </Button>
        <Button variant="default" onClick={onChangeEmail} disabled={!householdLoaded || Boolean(pending)}>
          Change e-mail
        </Button>
      </Group>
      {pending && (
        <Stack mt="md">
          <PendingEmailNotice pending={pending} />
        </Stack>
      )}
    </Card>
  );
}

/** The profile tab, and what members change themselves: their details, juniors' details, login e-mail. */
export function ProfileTab({ profile, loading }: { profile: MemberProfile | null | undefined; loading: boolean }) {
  const trpc = useTRPC();
  const household = useQuery({ ...trpc.memberDetails.household.queryOptions(), enabled: Boolean(profile) });
  const [editing, setEditing] = useState<HouseholdMember | null>(null);
  const [changingEmail, setChangingEmail] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);
  const { openPayment } = useJoinDialog();
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (!profile) return <Text c="dimmed">No profile information available.</Text>;
  const me = household.data?.people.find((p) => p.id === profile.id);
  // An adult with a current membership adds and removes the household's juniors (the server has the last word).
  const canAdd = Boolean(me && !me.isJunior && me.status === 'active');
  const pending = household.data?.pendingEmail;
  return (
    <Stack gap="md">
      <ProfileDetailsCard
        profile={profile}
        me={me}
        pending={pending}
        householdLoaded={Boolean(household.data)}
        onEdit={setEditing}
        onChangeEmail={() => setChangingEmail(true)}
      />
      {household.data && (household.data.people.length > 1 || canAdd) && (
        <HouseholdCard
          household={household.data}
          email={profile.email}
          canAdd={canAdd}
          onEdit={setEditing}
          onRemove={setRemoving}
          onAdd={() => setAdding(true)}
        />
      )}
      <Text size="sm" c="dimmed">
        Your name, date of birth and membership type are kept by the club committee: contact them to change these.
      </Text>
      <DetailsDialog person={editing} onClose={() => setEditing(null)} />
      <EmailChangeDialog opened={changingEmail} current={profile.email} onClose={() => setChangingEmail(false)} />
      <AddJuniorDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdding(false);
          toast.success('Junior added', result.message);
          const name = household.data?.people.find((p) => p.id === result.memberId);
          if (result.amountDue !== '0.00')
            openPayment(additionPayment(name ? `${name.firstName} ${name.lastName}` : 'Your junior', result, profile.email));
        }}
      />
      <RemoveJuniorDialog person={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
