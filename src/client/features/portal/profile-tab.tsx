import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import type { HouseholdMember, MyHousehold } from '../../../shared/member-details.schema';
import { MEMBERSHIP_LABELS } from '../../../shared/membership';
import type { MemberProfile } from '../../../shared/members.schema';
import { useTRPC } from '../../trpc';
import { additionPayment, useJoinDialog } from '../../components/join-dialog';
import { toast } from '../../components/toast';
import { AddJuniorDialog, DetailsDialog, EmailChangeDialog, PendingEmailNotice, RemoveJuniorDialog } from './my-details-dialogs';

const STATUS_BADGE = {
  active: { color: 'green', label: 'Active' },
  expired: { color: 'gray', label: 'Expired' },
  pending: { color: 'orange', label: 'Not paid yet' },
} as const;

/** 'Active until 21/11/2027', 'Expired 20/11/2026' or what a person waits for. */
function standing(person: HouseholdMember): string {
  if (person.status === 'active' && person.expiryDate) return `until ${formatAuDate(person.expiryDate)}`;
  if (person.status === 'expired' && person.expiryDate) return `ended ${formatAuDate(person.expiryDate)}`;
  return '';
}

/** The household: each person's membership and standing; the juniors' details for their adult to keep. */
function HouseholdCard({
  household,
  email,
  canAdd,
  onEdit,
  onRemove,
  onAdd,
}: {
  household: MyHousehold;
  email: string | null;
  canAdd: boolean;
  onEdit: (person: HouseholdMember) => void;
  onRemove: (person: HouseholdMember) => void;
  onAdd: () => void;
}) {
  const people = household.people;
  const waiting = household.pendingAddition;
  const { openPayment } = useJoinDialog();
  const pay = () => waiting && openPayment(additionPayment(waiting.name, waiting, email));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="household-title">
      <Title order={3} fz="lg" mb="sm" id="household-title">
        Your household
      </Title>
      <Stack gap="sm">
        {people.map((person, i) => (
          <Group key={person.id} justify="space-between" gap="xs" wrap="wrap" data-testid="household-person">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {person.firstName} {person.lastName}
                {i === 0 ? ' (you)' : ''}
              </Text>
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {MEMBERSHIP_LABELS[person.membershipType]}
                </Text>
                <Badge size="sm" variant="light" color={STATUS_BADGE[person.status].color}>
                  {STATUS_BADGE[person.status].label}
                </Badge>
                <Text size="sm" c="dimmed">
                  {standing(person)}
                </Text>
              </Group>
              {person.isJunior && person.editable && (
                <Text size="sm" c={person.emergencyContact ? 'dimmed' : 'red.9'}>
                  {person.emergencyContact
                    ? `Emergency contact: ${person.emergencyContact.name} (${person.emergencyContact.relationship}), ${person.emergencyContact.phone}`
                    : 'No emergency contact yet'}
                </Text>
              )}
            </Stack>
            {person.isJunior && person.editable && i > 0 && (
              <Group gap="xs">
                {person.status !== 'pending' && (
                  <Button
                    variant="light"
                    size="sm"
                    mih={44}
                    onClick={() => onEdit(person)}
                    aria-label={`Edit details for ${person.firstName}`}
                  >
                    Edit details
                  </Button>
                )}
                {canAdd && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    mih={44}
                    onClick={() => onRemove(person)}
                    aria-label={`Remove ${person.firstName}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            )}
          </Group>
        ))}
        {waiting && (
          <Alert color="orange" variant="light" title={`${waiting.name} is waiting to be added`} data-testid="pending-addition">
            <Stack gap="xs">
              <Text size="sm">
                Pay ${waiting.amountDue} to make them a member until {formatAuDate(waiting.until)}
                {waiting.becomesFamily ? '; your membership becomes a family membership' : ''}.
              </Text>
              <Button onClick={pay} style={{ alignSelf: 'flex-start' }}>
                Pay ${waiting.amountDue}
              </Button>
            </Stack>
          </Alert>
        )}
        {canAdd && !waiting && (
          <Button variant="light" onClick={onAdd} style={{ alignSelf: 'flex-start' }}>
            Add a junior
          </Button>
        )}
      </Stack>
    </Card>
  );
}

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
  const rows: [string, string][] = [
    ['First Name', profile.firstName],
    ['Last Name', profile.lastName],
    ['Email', profile.email ?? '—'],
    ['Phone', profile.phone ?? '—'],
    ['Membership Type', MEMBERSHIP_LABELS[profile.membershipType]],
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
