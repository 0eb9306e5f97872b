import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { isIsoDate } from '../../../shared/dates';
import {
  FAMILY_LIMITS,
  formatAud,
  householdFeeCents,
  isJuniorOn,
  MEMBERSHIP_LABELS,
  MEMBERSHIP_PRICES_CENTS,
  MEMBERSHIP_TYPES,
  SHIRT_SIZES,
  type MembershipType,
} from '../../../shared/membership';
import { REQUIRED_DOCUMENTS, type ClubDocument } from '../../../shared/documents';
import { DOCUMENTS_REQUIRED_MESSAGE, registrationInput, type RegistrationResult } from '../../../shared/members.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useClubToday } from '../../lib/clock';
import { useAuth } from '../../lib/use-auth';
import { ClubDocuments } from '../../components/club-documents';
import { CodeOfConductDialog } from './code-of-conduct';
import { DateField } from '../../components/forms/date-field';

interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const REQUIRED = ['firstName', 'lastName', 'email', 'dateOfBirth', 'gender', 'phone', 'address', 'shirtSize', 'membershipType'] as const;
const emptyPerson = (): Person => ({ firstName: '', lastName: '', dateOfBirth: '' });

export interface RegistrationFormProps {
  initialType?: MembershipType;
  /** The registration, and the e-mail address its receipt will go to. */
  onRegistered: (result: RegistrationResult, email: string) => void;
  /** Told when a document (or the code of conduct) opens over the form and closes again (the dialog around the form then leaves Escape to it). */
  onNestedDialog?: (open: boolean) => void;
}

type DocumentId = ClubDocument['id'];

/** A server field name as the form names it ('additionalMembers.0.firstName' is the first extra person's first name). */
type PersonField = (typeof REQUIRED)[number];
/** The acceptances the schema checks; they are asked for by toast and the documents' box, not under a field. */
const ACCEPTANCES = ['termsAccepted', 'codeOfConductAccepted', 'documentsAccepted'] as const;
/** Where a message is kept: a field of the person, an extra person's field ('other0.firstName'), the household or an acceptance. */
type FormKey = PersonField | `other${number}.${keyof Person}` | 'additionalMembers' | (typeof ACCEPTANCES)[number];
const FORM_KEYS: readonly string[] = [...REQUIRED, 'additionalMembers', ...ACCEPTANCES];
/** A schema or server path as the form names it ('additionalMembers.0.firstName' is the first extra person's first name). */
const formField = (field: string): FormKey | undefined => {
  const other = /^additionalMembers\.(\d+)\.(firstName|lastName|dateOfBirth)$/.exec(field);
  if (other) return `other${Number(other[1])}.${other[2] as keyof Person}`;
  const head = field.split('.')[0];
  return FORM_KEYS.includes(head) ? (head as FormKey) : undefined;
};

/** The join form (SPEC §3, §5): the person joining and, optionally, the people who pay with them. */
export function RegistrationForm({ initialType, onRegistered, onNestedDialog }: RegistrationFormProps) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const register = useMutation(
    trpc.members.register.mutationOptions({
      // A signed-in user's registration is now theirs (pending until paid): the portal banner shows it.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.members.profile.queryKey() }),
    }),
  );
  const [others, setOthers] = useState<Person[]>([]);
  const [addOther, setAddOther] = useState(false);
  const [terms, setTerms] = useState(false);
  const [accepted, setAccepted] = useState<Partial<Record<DocumentId, boolean>>>({});
  // The code-of-conduct checkbox (SPEC §5) and the Code of Conduct document's toggle are one acceptance.
  const conduct = Boolean(accepted.code_of_conduct);
  const [documentsRefused, setDocumentsRefused] = useState(false);
  const documentsRef = useRef<HTMLFieldSetElement>(null);
  const [conductOpen, setConductOpen] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  useEffect(() => {
    onNestedDialog?.(conductOpen || documentOpen);
    return () => onNestedDialog?.(false);
  }, [conductOpen, documentOpen, onNestedDialog]);
  const onPanelChange = useCallback((open: boolean) => setDocumentOpen(open), []);

  const peopleOf = (membershipType: string) => (addOther || membershipType === 'family' ? others : []);
  // The person's fields, checked with the shared schema; the household, the terms and the documents are added to
  // what it parses, so their sentences come from the schema too.
  const form = useSchemaForm({
    schema: registrationInput,
    initialValues: () => ({
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      dateOfBirth: '',
      gender: '',
      shirtSize: '',
      membershipType: initialType ?? '',
    }),
    toInput: (v) => ({
      ...v,
      termsAccepted: terms,
      codeOfConductAccepted: conduct,
      additionalMembers: peopleOf(v.membershipType),
      documentsAccepted: REQUIRED_DOCUMENTS.filter((d) => accepted[d.id]).map((d) => ({ id: d.id, version: d.version })),
    }),
    fieldOf: formField,
  });
  const { values, errors } = form;
  const type = values.membershipType as MembershipType | '';
  const family = type === 'family';
  const people = peopleOf(type);
  const set = (field: PersonField) => (value: string) => form.setValue(field, value);
  const today = useClubToday();
  // The server refused Adult for someone under 16: offer Junior in one click.
  const offerJunior =
    Boolean(errors.membershipType) &&
    values.membershipType === 'adult' &&
    isIsoDate(values.dateOfBirth) &&
    isJuniorOn(values.dateOfBirth, today);

  const setDocument = (id: DocumentId, value: boolean) => {
    const next = { ...accepted, [id]: value };
    setAccepted(next);
    if (REQUIRED_DOCUMENTS.every((d) => next[d.id])) setDocumentsRefused(false);
  };

  const total = (() => {
    if (!type) return null;
    const extraTypes = people.map((p): MembershipType =>
      isIsoDate(p.dateOfBirth) && isJuniorOn(p.dateOfBirth, today) ? 'junior' : 'adult',
    );
    return householdFeeCents(type, [type, ...extraTypes]);
  })();

  const toggleOther = (checked: boolean) => {
    setAddOther(checked);
    if (checked && others.length === 0) setOthers([emptyPerson()]);
  };
  const changeType = (value: string) => {
    set('membershipType')(value);
    if (value !== 'family' && others.length > 1) setOthers(others.slice(0, 1));
  };
  const updateOther = (index: number, field: keyof Person, value: string) => {
    setOthers((list) => list.map((p, i) => (i === index ? { ...p, [field]: value } : p)));
    form.setError(`other${index}.${field}`, undefined);
  };

  const removeOther = (index: number) => {
    setOthers((list) => list.filter((_, j) => j !== index));
    // Marks are by position: drop those of the household members so none lands on the wrong person.
    form.setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([f]) => !f.startsWith('other'))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let found: Partial<Record<FormKey, string>> = {};
    const input = form.validate((errs) => (found = errs));
    if (!input) {
      const blank =
        REQUIRED.some((f) => !values[f].trim()) || people.some((p) => !p.firstName.trim() || !p.lastName.trim() || !p.dateOfBirth);
      if (blank) return toast.error('Error', 'Please fill in all required fields');
      // A field typed but not valid shows its sentence; the acceptances below it are asked for once the fields are right.
      if (Object.keys(found).some((f) => !ACCEPTANCES.includes(f as (typeof ACCEPTANCES)[number]))) return;
      if (found.termsAccepted) return toast.error('Error', 'Please accept the terms and conditions');
      setDocumentsRefused(true);
      documentsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return toast.error('Error', DOCUMENTS_REQUIRED_MESSAGE);
    }
    try {
      // What the schema parsed: trimmed, and each document at the version this form showed (the server records which
      // text was agreed to).
      const result = await register.mutateAsync(input);
      toast.success('Registration Successful', 'Now complete your payment to activate your membership.');
      onRegistered(result, input.email);
    } catch (error) {
      form.applyServerError(error);
      if (fieldErrorsOf(error).documentsAccepted) setDocumentsRefused(true);
      toast.error('Registration Failed', serverMessage(error) ?? 'Please check your information and try again.');
    }
  };

  const err = (field: FormKey) => errors[field];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
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
        <NativeSelect
          label="Membership Type"
          required
          value={values.membershipType}
          onChange={(e) => changeType(e.currentTarget.value)}
          error={err('membershipType')}
          data={[
            { value: '', label: 'Choose…' },
            ...MEMBERSHIP_TYPES.map((t) => ({ value: t, label: `${MEMBERSHIP_LABELS[t]}: ${formatAud(MEMBERSHIP_PRICES_CENTS[t])}` })),
          ]}
        />
        {offerJunior && (
          <Group gap="sm" wrap="wrap">
            <Button variant="light" color="teal" onClick={() => changeType('junior')}>
              Choose Junior
            </Button>
            <Text size="sm" c="dimmed">
              {MEMBERSHIP_LABELS.junior} membership: {formatAud(MEMBERSHIP_PRICES_CENTS.junior)} a year, for people under 16.
            </Text>
          </Group>
        )}
        {errors.additionalMembers && (
          <Text size="sm" c="red.9" role="alert">
            {errors.additionalMembers}
          </Text>
        )}

        {!family && (
          <Checkbox label="Add another member and pay together" checked={addOther} onChange={(e) => toggleOther(e.currentTarget.checked)} />
        )}
        {family && (
          <Text size="sm" c="dimmed">
            Family covers up to {FAMILY_LIMITS.adults} adults and {FAMILY_LIMITS.juniors} juniors (under 16). Add the other people in your
            household below.
          </Text>
        )}
        {people.map((person, i) => (
          <Paper key={i} withBorder p="sm">
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
        ))}
        {family && others.length < 4 && (
          <Button variant="light" onClick={() => setOthers((list) => [...list, emptyPerson()])}>
            Add family member
          </Button>
        )}

        <Fieldset
          ref={documentsRef}
          legend="Club documents"
          aria-describedby="join-documents-note"
          p={{ base: 'xs', sm: 'md' }}
          style={{ scrollMarginTop: 16, ...(documentsRefused ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : {}) }}
          styles={{ legend: { fontWeight: 600 } }}
        >
          <Stack gap="xs">
            <Text
              id="join-documents-note"
              size="sm"
              c={documentsRefused ? 'red.9' : 'dimmed'}
              fw={documentsRefused ? 600 : undefined}
              role={documentsRefused ? 'alert' : undefined}
            >
              {documentsRefused ? DOCUMENTS_REQUIRED_MESSAGE : 'Please read and accept each of the club documents.'}
            </Text>
            <ClubDocuments
              registration
              accepted={accepted}
              onToggle={(id) => setDocument(id, !accepted[id])}
              onPanelChange={onPanelChange}
            />
          </Stack>
        </Fieldset>

        <Checkbox label="I accept the terms and conditions" checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} />
        <Checkbox
          checked={conduct}
          onChange={(e) => setDocument('code_of_conduct', e.currentTarget.checked)}
          label={
            <>
              I agree to abide by the club&apos;s{' '}
              <Anchor component="button" type="button" onClick={() => setConductOpen(true)} inherit>
                Code of Conduct
              </Anchor>
            </>
          }
        />
        {total !== null && <Text fw={600}>Total to pay: {formatAud(total)} AUD</Text>}
        <Button type="submit" size="md" loading={false} disabled={register.isPending}>
          {register.isPending ? 'Processing...' : 'Submit and Pay'}
        </Button>
      </Stack>
      <CodeOfConductDialog opened={conductOpen} onClose={() => setConductOpen(false)} />
    </form>
  );
}
