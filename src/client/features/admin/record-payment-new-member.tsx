import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { GENDERS, membershipLabels, MEMBERSHIP_TYPES, SHIRT_SIZES } from '../../../shared/membership';
import { DateField } from '../../components/forms/date-field';
import { useMembershipRules } from '../../lib/membership-rules';
import { GENDER_LABELS, type Other } from './record-payment-fields';
import type { RecordPaymentState } from './use-record-payment';

/** The new member's own fields: the join form's. */
function NewMemberFields({ state: { setField, today } }: { state: RecordPaymentState }) {
  const labels = membershipLabels(useMembershipRules());
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="First name" withAsterisk {...setField('firstName')} maxLength={80} />
        <TextInput label="Last name" withAsterisk {...setField('lastName')} maxLength={80} />
      </SimpleGrid>
      <TextInput
        label="E-mail"
        description="The receipt and a link to sign in go here."
        type="email"
        withAsterisk
        {...setField('email')}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Phone" type="tel" withAsterisk {...setField('phone')} maxLength={40} />
        <DateField label="Date of birth" withAsterisk {...setField('dateOfBirth')} max={today} />
      </SimpleGrid>
      <Textarea label="Address" withAsterisk rows={2} {...setField('address')} maxLength={300} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label="Membership type"
          withAsterisk
          {...setField('membershipType')}
          data={MEMBERSHIP_TYPES.map((t) => ({ value: t, label: labels[t] }))}
        />
        <NativeSelect
          label="Shirt size"
          withAsterisk
          {...setField('shirtSize')}
          data={[{ value: '', label: 'Choose…' }, ...SHIRT_SIZES.map((s) => ({ value: s, label: s }))]}
        />
        <NativeSelect
          label="Gender"
          {...setField('gender')}
          data={[{ value: '', label: 'Not given' }, ...GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))]}
        />
      </SimpleGrid>
    </>
  );
}

/** A person paying with the new member. */
function OtherPerson({ state, other, index: i }: { state: RecordPaymentState; other: Other; index: number }) {
  const { setOther, err, today, setOthers } = state;
  return (
    <Fieldset legend={`Paying with them: person ${i + 2}`} variant="filled">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="First name"
          value={other.firstName}
          onChange={setOther(i, 'firstName')}
          error={err(`other${i}.firstName`)}
          maxLength={80}
        />
        <TextInput
          label="Last name"
          value={other.lastName}
          onChange={setOther(i, 'lastName')}
          error={err(`other${i}.lastName`)}
          maxLength={80}
        />
        <DateField
          label="Date of birth"
          value={other.dateOfBirth}
          onChange={setOther(i, 'dateOfBirth')}
          error={err(`other${i}.dateOfBirth`)}
          max={today}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button variant="subtle" color="red" size="xs" onClick={() => setOthers((list) => list.filter((_, j) => j !== i))}>
          Remove person {i + 2}
        </Button>
      </Group>
    </Fieldset>
  );
}

/** A new member, with anyone paying with them. */
export function RecordPaymentNewMember({ state }: { state: RecordPaymentState }) {
  const { others, err, maxOthers, setOthers } = state;
  return (
    <>
      <NewMemberFields state={state} />
      {others.map((other, i) => (
        <OtherPerson key={i} state={state} other={other} index={i} />
      ))}
      {err('additionalMembers') && (
        <Text size="sm" c="red">
          {err('additionalMembers')}
        </Text>
      )}
      {others.length < maxOthers && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => setOthers((list) => [...list, { firstName: '', lastName: '', dateOfBirth: '' }])}
          >
            Add a person paying with them
          </Button>
        </Group>
      )}
    </>
  );
}
