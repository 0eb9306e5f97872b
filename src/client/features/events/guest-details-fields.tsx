import { Anchor, Checkbox, Collapse, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { acceptedGuestVersions, guestDocuments, withClubFacts } from '../../../shared/documents';
import { DateField } from '../../components/forms/date-field';
import { useClubDocuments, useClubFacts } from '../../lib/club-documents';

export const EMPTY_GUEST = { firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' };
export type GuestDetails = typeof EMPTY_GUEST;

/** The guest form's state: the details typed and the documents ticked. */
export function useGuestDetails() {
  const [values, setValues] = useState(EMPTY_GUEST);
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const set = (field: keyof GuestDetails) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const accept = (id: string, on: boolean) => setAccepted((a) => ({ ...a, [id]: on }));
  const documents = useClubDocuments();
  const allAccepted = guestDocuments(documents).every((d) => accepted[d.id]);
  // Each document at the version this form shows: what the server checks and records.
  const documentsAccepted = allAccepted ? acceptedGuestVersions(documents) : [];
  return { values, set, accepted, accept, allAccepted, documentsAccepted };
}

/**
 * What a guest gives to enter a competition or wait for a place in one: name, e-mail, phone and date of birth, and
 * the waiver and the competition rules accepted (each readable in place). The server's field messages show under
 * their fields.
 */
export function GuestDetailsFields({
  details,
  errors,
  emailDescription,
}: {
  details: ReturnType<typeof useGuestDetails>;
  errors: Record<string, string>;
  emailDescription: string;
}) {
  const { values, set, accepted, accept } = details;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          size="lg"
          label="First name"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextInput
          size="lg"
          label="Last name"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </SimpleGrid>
      <TextInput
        size="lg"
        label="Email"
        type="email"
        required
        autoComplete="email"
        description={emailDescription}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextInput
        size="lg"
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <DateField
        size="lg"
        label="Date of birth"
        required
        description="Under 16 on the day fishes in the junior division"
        value={values.dateOfBirth}
        onChange={set('dateOfBirth')}
        error={errors.dateOfBirth}
      />
      <GuestDocuments accepted={accepted} accept={accept} />
    </>
  );
}

/** The waiver and the competition rules, each ticked to accept and readable in place. */
function GuestDocuments({ accepted, accept }: { accepted: Record<string, boolean>; accept: (id: string, on: boolean) => void }) {
  const [reading, setReading] = useState<string | null>(null);
  const facts = useClubFacts();
  return guestDocuments(useClubDocuments()).map((doc) => (
    <Stack key={doc.id} gap={4}>
      <Checkbox
        size="md"
        label={`I have read and accept the ${doc.title}`}
        checked={Boolean(accepted[doc.id])}
        onChange={(e) => accept(doc.id, e.currentTarget.checked)}
      />
      <Anchor component="button" type="button" size="sm" ta="left" mih={44} onClick={() => setReading(reading === doc.id ? null : doc.id)}>
        {reading === doc.id ? `Hide the ${doc.title}` : `Read the ${doc.title}`}
      </Anchor>
      <Collapse expanded={reading === doc.id}>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {withClubFacts(doc.content, facts)}
        </Text>
      </Collapse>
    </Stack>
  ));
}
