import { ActionIcon, Button, Checkbox, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateField } from '../../components/forms/date-field';
import { familyCovers, familyRoom, useMembershipRules } from '../../lib/membership-rules';
import type { Person } from './registration-fields';
import type { RegistrationFormState } from './use-registration-form';

/** One of the people who pay with the person joining. */
function HouseholdMember({ form, person, index: i }: { form: RegistrationFormState; person: Person; index: number }) {
  const { family, others, removeOther, updateOther, err, today } = form;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {family ? `Household member ${i + 2}` : 'Additional member'}
        </Text>
        {(family || others.length > 1) && (
          <ActionIcon variant="subtle" color="gray" aria-label={`Remove household member ${i + 2}`} onClick={() => removeOther(i)}>
            ×
          </ActionIcon>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="First name"
          value={person.firstName}
          onChange={(e) => updateOther(i, 'firstName', e.currentTarget.value)}
          error={err(`other${i}.firstName`)}
        />
        <TextInput
          label="Last name"
          value={person.lastName}
          onChange={(e) => updateOther(i, 'lastName', e.currentTarget.value)}
          error={err(`other${i}.lastName`)}
        />
        <DateField
          label="Date of birth"
          max={today}
          value={person.dateOfBirth}
          onChange={(e) => updateOther(i, 'dateOfBirth', e.currentTarget.value)}
          error={err(`other${i}.dateOfBirth`)}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The people who pay with the person joining: one more, or a family's household. */
export function RegistrationHousehold({ form }: { form: RegistrationFormState }) {
  const { family, addOther, toggleOther, people, others, addFamilyMember } = form;
  const rules = useMembershipRules();
  return (
    <>
      {!family && (
        <Checkbox label="Add another member and pay together" checked={addOther} onChange={(e) => toggleOther(e.currentTarget.checked)} />
      )}
      {family && (
        <Text size="sm" c="dimmed">
          Family covers up to {familyCovers(rules)} (under {rules.juniorUnder}). Add the other people in your household below.
        </Text>
      )}
      {people.map((person, i) => (
        <HouseholdMember key={i} form={form} person={person} index={i} />
      ))}
      {family && others.length < familyRoom(rules) && (
        <Button variant="light" onClick={addFamilyMember}>
          Add family member
        </Button>
      )}
    </>
  );
}
