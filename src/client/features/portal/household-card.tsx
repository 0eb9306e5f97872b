import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import type { HouseholdMember, MyHousehold } from '../../../shared/member-details.schema';
import { membershipLabels } from '../../../shared/membership';
import { additionPayment, useJoinDialog } from '../../components/join-dialog';
import { useMembershipRules } from '../../lib/membership-rules';

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

/** A person's name, membership and standing; a junior's emergency contact. */
function HouseholdPersonFacts({ person, isYou }: { person: HouseholdMember; isYou: boolean }) {
  const labels = membershipLabels(useMembershipRules());
  return (
    <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {person.firstName} {person.lastName}
        {isYou ? ' (you)' : ''}
      </Text>
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {labels[person.membershipType]}
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
  );
}

/** 'Edit details' and 'Remove' for a junior their adult keeps. */
function JuniorActions({
  person,
  canAdd,
  onEdit,
  onRemove,
}: {
  person: HouseholdMember;
  canAdd: boolean;
  onEdit: (person: HouseholdMember) => void;
  onRemove: (person: HouseholdMember) => void;
}) {
  return (
    <Group gap="xs">
      {person.status !== 'pending' && (
        <Button variant="light" size="sm" mih={44} onClick={() => onEdit(person)} aria-label={`Edit details for ${person.firstName}`}>
          Edit details
        </Button>
      )}
      {canAdd && (
        <Button variant="subtle" color="red" size="sm" mih={44} onClick={() => onRemove(person)} aria-label={`Remove ${person.firstName}`}>
          Remove
        </Button>
      )}
    </Group>
  );
}

/** A junior waiting to be added until paid for, with 'Pay'. */
function PendingAddition({ waiting, email }: { waiting: NonNullable<MyHousehold['pendingAddition']>; email: string | null }) {
  const { openPayment } = useJoinDialog();
  return (
    <Alert color="orange" variant="light" title={`${waiting.name} is waiting to be added`} data-testid="pending-addition">
      <Stack gap="xs">
        <Text size="sm">
          Pay ${waiting.amountDue} to make them a member until {formatAuDate(waiting.until)}
          {waiting.becomesFamily ? '; your membership becomes a family membership' : ''}.
        </Text>
        <Button onClick={() => openPayment(additionPayment(waiting.name, waiting, email))} style={{ alignSelf: 'flex-start' }}>
          Pay ${waiting.amountDue}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The household: each person's membership and standing; the juniors' details for their adult to keep. */
export function HouseholdCard({
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
  const waiting = household.pendingAddition;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="household-title">
      <Title order={3} fz="lg" mb="sm" id="household-title">
        Your household
      </Title>
      <Stack gap="sm">
        {household.people.map((person, i) => (
          <Group key={person.id} justify="space-between" gap="xs" wrap="wrap" data-testid="household-person">
            <HouseholdPersonFacts person={person} isYou={i === 0} />
            {person.isJunior && person.editable && i > 0 && (
              <JuniorActions person={person} canAdd={canAdd} onEdit={onEdit} onRemove={onRemove} />
            )}
          </Group>
        ))}
        {waiting && <PendingAddition waiting={waiting} email={email} />}
        {canAdd && !waiting && (
          <Button variant="light" onClick={onAdd} style={{ alignSelf: 'flex-start' }}>
            Add a junior
          </Button>
        )}
      </Stack>
    </Card>
  );
}
