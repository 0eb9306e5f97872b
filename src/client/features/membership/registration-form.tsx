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
  type GENDERS,
  householdFeeCents,
  isJuniorOn,
  MEMBERSHIP_LABELS,
  MEMBERSHIP_PRICES_CENTS,
  MEMBERSHIP_TYPES,
  SHIRT_SIZES,
  type MembershipType,
} from '../../../shared/membership';
import { REQUIRED_DOCUMENTS, type ClubDocument } from '../../../shared/documents';
import { DOCUMENTS_REQUIRED_MESSAGE, type RegistrationResult } from '../../../shared/members.schema';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useClubToday } from '../../lib/clock';
import { useAuth } from '../../lib/use-auth';
import { ClubDocuments } from '../../components/club-documents';
import { CodeOfConductDialog } from './code-of-conduct';

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
const formField = (field: string) => field.replace(/^additionalMembers\.(\d+)\./, 'other$1.');

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
  const [values, setValues] = useState({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: '',
    address: '',
    dateOfBirth: '',
    gender: '',
    shirtSize: '',
    membershipType: initialType ?? '',
  });
  const [others, setOthers] = useState<Person[]>([]);
  const [addOther, setAddOther] = useState(false);
  const [terms, setTerms] = useState(false);
  const [accepted, setAccepted] = useState<Partial<Record<DocumentId, boolean>>>({});
  // The code-of-conduct checkbox (SPEC §5) and the Code of Conduct document's toggle are one acceptance.
  const conduct = Boolean(accepted.code_of_conduct);
  const allAccepted = REQUIRED_DOCUMENTS.every((d) => accepted[d.id]);
  const [documentsRefused, setDocumentsRefused] = useState(false);
  const documentsRef = useRef<HTMLFieldSetElement>(null);
  const [conductOpen, setConductOpen] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  /** The server's sentences for fields it refused (e.g. an adult membership for a 12-year-old). */
  const [refused, setRefused] = useState<Record<string, string>>({});
  useEffect(() => {
    onNestedDialog?.(conductOpen || documentOpen);
    return () => onNestedDialog?.(false);
  }, [conductOpen, documentOpen, onNestedDialog]);
  const onPanelChange = useCallback((open: boolean) => setDocumentOpen(open), []);

  const type = values.membershipType as MembershipType | '';
  const family = type === 'family';
  const people = addOther || family ? others : [];
  /** A field marked missing (or refused by the server) stops being marked once something is typed into it. */
  const unmark = (field: string) => {
    setMissing((m) => (m.has(field) ? new Set([...m].filter((f) => f !== field)) : m));
    setRefused((r) => (field in r ? Object.fromEntries(Object.entries(r).filter(([f]) => f !== field)) : r));
  };
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) unmark(field);
  };
  const today = useClubToday();
  // The server refused Adult for someone under 16: offer Junior in one click.
  const offerJunior =
    Boolean(refused.membershipType) &&
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
    unmark('membershipType');
    if (value !== 'family' && others.length > 1) setOthers(others.slice(0, 1));
  };
  const updateOther = (index: number, field: keyof Person, value: string) => {
    setOthers((list) => list.map((p, i) => (i === index ? { ...p, [field]: value } : p)));
    if (value.trim()) unmark(`other${index}.${field}`);
  };

  const removeOther = (index: number) => {
    setOthers((list) => list.filter((_, j) => j !== index));
    // Marks are by position: drop those of the household members so none lands on the wrong person.
    setMissing((m) => new Set([...m].filter((f) => !f.startsWith('other'))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as typeof values;
    const extra = people.map((p) => ({ firstName: p.firstName.trim(), lastName: p.lastName.trim(), dateOfBirth: p.dateOfBirth }));
    const blank = new Set<string>(REQUIRED.filter((f) => !trimmed[f]));
    extra.forEach((p, i) => (['firstName', 'lastName', 'dateOfBirth'] as const).forEach((f) => !p[f] && blank.add(`other${i}.${f}`)));
    setMissing(blank);
    if (blank.size) return toast.error('Error', 'Please fill in all required fields');
    if (!terms) return toast.error('Error', 'Please accept the terms and conditions');
    if (!allAccepted) {
      setDocumentsRefused(true);
      documentsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return toast.error('Error', DOCUMENTS_REQUIRED_MESSAGE);
    }
    setRefused({});
    try {
      const result = await register.mutateAsync({
        ...trimmed,
        gender: trimmed.gender as (typeof GENDERS)[number],
        shirtSize: trimmed.shirtSize as (typeof SHIRT_SIZES)[number],
        membershipType: trimmed.membershipType as MembershipType,
        termsAccepted: true,
        codeOfConductAccepted: true,
        additionalMembers: extra,
        // Each document at the version this form showed: the server records which text was agreed to.
        documentsAccepted: REQUIRED_DOCUMENTS.map((d) => ({ id: d.id, version: d.version })),
      });
      toast.success('Registration Successful', 'Now complete your payment to activate your membership.');
      onRegistered(result, trimmed.email);
    } catch (error) {
      const fields = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, message]) => [formField(field), message]));
      setRefused(fields);
      if (fields.documentsAccepted) setDocumentsRefused(true);
      toast.error('Registration Failed', serverMessage(error) ?? 'Please check your information and try again.');
    }
  };

  const err = (field: string) => (missing.has(field) ? 'Required' : refused[field]);

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
          <TextInput
            label="Date of Birth"
            type="date"
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
        {refused.additionalMembers && (
          <Text size="sm" c="red.9" role="alert">
            {refused.additionalMembers}
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
              <TextInput
                label="Date of birth"
                type="date"
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
