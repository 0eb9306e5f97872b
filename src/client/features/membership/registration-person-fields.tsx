import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { formatAud, MEMBERSHIP_TYPES, membershipLabels, SHIRT_SIZES } from '../../../shared/membership';
import { DateField } from '../../components/forms/date-field';
import { useMembershipRules } from '../../lib/membership-rules';
import type { RegistrationFormState } from './use-registration-form';

/** The name, e-mail address, phone number and address of the person joining. */
function ContactFields({ form: { values, set, err } }: { form: RegistrationFormState }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="First Name"
          required
          value={values.firstName}
          onChange={(e) => set('firstName')(e.currentTarget.value)}
          error={err('firstName')}
          autoComplete="given-name"
        />
        <TextInput
          label="Last Name"
          required
          value={values.lastName}
          onChange={(e) => set('lastName')(e.currentTarget.value)}
          error={err('lastName')}
          autoComplete="family-name"
        />
        <TextInput
          label="Email Address"
          type="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={err('email')}
          autoComplete="email"
        />
        <TextInput
          label="Phone Number"
          type="tel"
          required
          value={values.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
          error={err('phone')}
          autoComplete="tel"
        />
      </SimpleGrid>
      <TextInput
        label="Address"
        required
        value={values.address}
        onChange={(e) => set('address')(e.currentTarget.value)}
        error={err('address')}
        autoComplete="street-address"
      />
    </>
  );
}

/** The date of birth, gender and shirt size of the person joining. */
function PersonalFields({ form: { values, set, err, today } }: { form: RegistrationFormState }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <DateField
        label="Date of Birth"
        required
        value={values.dateOfBirth}
        max={today}
        onChange={(e) => set('dateOfBirth')(e.currentTarget.value)}
        error={err('dateOfBirth')}
      />
      <NativeSelect
        label="Gender"
        required
        value={values.gender}
        onChange={(e) => set('gender')(e.currentTarget.value)}
        error={err('gender')}
        data={[
          { value: '', label: 'Choose…' },
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
      />
      <NativeSelect
        label="Shirt Size"
        required
        value={values.shirtSize}
        onChange={(e) => set('shirtSize')(e.currentTarget.value)}
        error={err('shirtSize')}
        data={[{ value: '', label: 'Choose…' }, ...SHIRT_SIZES.map((s) => ({ value: s, label: s }))]}
      />
    </SimpleGrid>
  );
}

/** The membership type at the club's fees, with Junior offered when the server refused Adult for a junior. */
function MembershipTypeField({ form: { values, err, errors, changeType, offerJunior } }: { form: RegistrationFormState }) {
  const rules = useMembershipRules();
  const labels = membershipLabels(rules);
  return (
    <>
      <NativeSelect
        label="Membership Type"
        required
        value={values.membershipType}
        onChange={(e) => changeType(e.currentTarget.value)}
        error={err('membershipType')}
        data={[
          { value: '', label: 'Choose…' },
          ...MEMBERSHIP_TYPES.map((t) => ({ value: t, label: `${labels[t]}: ${formatAud(rules.feesCents[t])}` })),
        ]}
      />
      {offerJunior && (
        <Group gap="sm" wrap="wrap">
          <Button variant="light" color="teal" onClick={() => changeType('junior')}>
            Choose Junior
          </Button>
          <Text size="sm" c="dimmed">
            {labels.junior} membership: {formatAud(rules.feesCents.junior)} a year, for people under {rules.juniorUnder}.
          </Text>
        </Group>
      )}
      {errors.additionalMembers && (
        <Text size="sm" c="red.9" role="alert">
          {errors.additionalMembers}
        </Text>
      )}
    </>
  );
}

/** The fields of the person joining, and their membership type. */
export function RegistrationPersonFields({ form }: { form: RegistrationFormState }) {
  return (
    <>
      <ContactFields form={form} />
      <PersonalFields form={form} />
      <MembershipTypeField form={form} />
    </>
  );
}
