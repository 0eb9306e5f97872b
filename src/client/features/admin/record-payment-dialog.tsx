import {
  Alert,
  Button,
  Card,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MANUAL_METHOD_OPTIONS, recordPaymentInput, type PaymentQuoteInput } from '../../../shared/admin-payments.schema';
import type { AdminMemberRow } from '../../../shared/admin.schema';
import { formatAuDate, isIsoDate } from '../../../shared/dates';
import {
  FAMILY_LIMITS,
  formatAud,
  GENDERS,
  MEMBERSHIP_LABELS,
  MEMBERSHIP_TYPES,
  SHIRT_SIZES,
  type MembershipType,
} from '../../../shared/membership';
import type { ManualPaymentMethod } from '../../../shared/payments';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { serverMessage } from '../../lib/errors';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { useTRPC } from '../../trpc';
import { SEARCH_DEBOUNCE_MS } from './paged-list';
import { amountCents, newRequestKey } from './refund-dialog';
import { DateField } from '../../components/forms/date-field';

type Mode = 'new' | 'renewal';
interface Other {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const emptyPerson = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  dateOfBirth: '',
  gender: '',
  shirtSize: '',
  membershipType: 'adult',
};
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female' };

type Values = typeof emptyPerson & { method: ManualPaymentMethod; paidOn: string; reference: string };
/** Where a message is kept: a field of the form, a person paying with them ('other0.firstName'), the member found, the fee. */
type MessageKey = keyof Values | `other${number}.${keyof Other}` | 'additionalMembers' | 'memberId' | 'amount';
const OWN_KEYS: readonly string[] = [
  ...Object.keys(emptyPerson),
  'method',
  'paidOn',
  'reference',
  'additionalMembers',
  'memberId',
  'amount',
];
/**
 * A schema or server path as the form keeps it: the schema names the new member's fields by their path ('member.email',
 * 'member.additionalMembers.0.firstName'); a rule the server checks itself names them plainly ('email').
 */
const messageKey = (path: string): MessageKey | undefined => {
  const key = path.replace(/^member\./, '');
  const other = /^additionalMembers\.(\d+)\.(firstName|lastName|dateOfBirth)$/.exec(key);
  if (other) return `other${Number(other[1])}.${other[2] as keyof Other}`;
  const head = key.split('.')[0];
  return OWN_KEYS.includes(head) ? (head as MessageKey) : undefined;
};

/**
 * 'Record payment': money the club took by hand (cash, bank transfer, a card at the desk, cheque), for a new member
 * (the join form's fields, with anyone paying with them) or to renew a member found by name. The fee shown is the
 * server's and is the only amount that can be recorded; the member gets the receipt and a link to sign in.
 */
export function RecordPaymentDialog({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = useClubToday();
  const [mode, setMode] = useState<Mode>('new');
  const [others, setOthers] = useState<Other[]>([]);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<AdminMemberRow | null>(null);
  // One key per payment being recorded: a retried or double-clicked 'Record payment' records it once.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const form = useSchemaForm({
    schema: recordPaymentInput,
    initialValues: (): Values => ({ ...emptyPerson, method: 'cash', paidOn: today, reference: '' }),
    toInput: ({ method, paidOn, reference, ...member }): unknown => {
      const common = { method, paidOn, reference, amount: fee?.amount ?? '', requestKey };
      return mode === 'new'
        ? { mode, ...common, member: { ...member, gender: member.gender || undefined, additionalMembers: others } }
        : { mode, ...common, memberId: picked?.id ?? '' };
    },
    fieldOf: messageKey,
  });
  const { values: person, errors } = form;

  const family = person.membershipType === 'family';
  const maxOthers = family ? FAMILY_LIMITS.adults + FAMILY_LIMITS.juniors - 1 : 1;

  const quoteInput: PaymentQuoteInput | null =
    mode === 'renewal'
      ? picked
        ? { mode: 'renewal', memberId: picked.id }
        : null
      : isIsoDate(person.dateOfBirth) && others.every((o) => isIsoDate(o.dateOfBirth))
        ? {
            mode: 'new',
            membershipType: person.membershipType as MembershipType,
            firstName: person.firstName.trim() || undefined,
            lastName: person.lastName.trim() || undefined,
            dateOfBirth: person.dateOfBirth,
            additionalMembers: others.map((o) => ({
              firstName: o.firstName.trim() || undefined,
              lastName: o.lastName.trim() || undefined,
              dateOfBirth: o.dateOfBirth,
            })),
          }
        : null;
  const [debouncedQuote] = useDebouncedValue(quoteInput, 250);
  const quote = useQuery({
    ...trpc.admin.payments.quote.queryOptions(quoteInput && debouncedQuote ? debouncedQuote : skipToken),
    placeholderData: keepPreviousData,
  });
  const fee = quoteInput && quote.data ? quote.data : null;
  // The fee on screen is for what is typed now (not a moment ago) before it can be recorded.
  const feeIsCurrent = fee !== null && !quote.isPlaceholderData && JSON.stringify(quoteInput) === JSON.stringify(debouncedQuote);

  const found = useQuery({
    ...trpc.admin.members.search.queryOptions({ search: debouncedSearch, pageSize: 8, sort: 'name' }),
    enabled: mode === 'renewal' && !picked && debouncedSearch.length >= 2,
  });

  const record = useMutation(
    trpc.admin.payments.record.mutationOptions({
      onSuccess: (result) => {
        const until = result.expiryDate ? ` Paid up until ${formatAuDate(result.expiryDate)}.` : '';
        const receipt = result.receiptTo ? ` The receipt went to ${result.receiptTo}.` : '';
        toast.success(
          result.recorded ? 'Payment recorded' : 'Payment already recorded',
          `${formatAud(amountCents(result.amount))} from ${result.members.join(', ')}.${until}${receipt}`,
        );
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.payments.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.members.search.queryKey() }),
        ]);
        setRequestKey(newRequestKey());
        onDone();
      },
      onError: (error) => {
        form.applyServerError(error);
        toast.error('Payment not recorded', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );

  const setField = (field: keyof typeof emptyPerson) => {
    const props = form.inputProps(field);
    if (field !== 'membershipType') return props;
    return {
      ...props,
      onChange: (e: { currentTarget: { value: string } }) => {
        props.onChange(e);
        if (e.currentTarget.value !== 'family') setOthers((o) => o.slice(0, 1));
      },
    };
  };
  const setOther = (index: number, field: keyof Other) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setOthers((list) => list.map((o, i) => (i === index ? { ...o, [field]: value } : o)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fee || !feeIsCurrent) return;
    const input = form.validate();
    if (input) record.mutate(input);
  };

  const busy = record.isPending;
  const err = (key: MessageKey) => errors[key];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(v) => (setMode(v as Mode), form.setErrors({}))}
          data={[
            { value: 'new', label: 'New member' },
            { value: 'renewal', label: 'Renew a member' },
          ]}
          aria-label="Who paid"
          disabled={busy}
        />

        {mode === 'new' ? (
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
                data={MEMBERSHIP_TYPES.map((t) => ({ value: t, label: MEMBERSHIP_LABELS[t] }))}
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
            {others.map((other, i) => (
              <Fieldset key={i} legend={`Paying with them: person ${i + 2}`} variant="filled">
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
        ) : picked ? (
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {picked.firstName} {picked.lastName}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {picked.email ?? 'No e-mail'}
                  {picked.expiryDate ? ` · paid until ${formatAuDate(picked.expiryDate)}` : ' · never paid'}
                </Text>
              </div>
              <Button variant="subtle" size="xs" onClick={() => setPicked(null)}>
                Change
              </Button>
            </Group>
          </Card>
        ) : (
          <Stack gap="xs">
            <TextInput
              type="search"
              label="Member"
              placeholder="Search by name or e-mail"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              error={err('memberId')}
              maxLength={100}
              rightSection={found.isFetching ? <Loader size="xs" /> : null}
              data-autofocus
            />
            {debouncedSearch.length >= 2 && found.data && (
              <Stack gap={4} role="list" aria-label="Matching members">
                {found.data.rows.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No members match.
                  </Text>
                )}
                {found.data.rows.map((m) => (
                  <UnstyledButton
                    key={m.id}
                    role="listitem"
                    onClick={() => (setPicked(m), form.setErrors({}))}
                    p="xs"
                    style={{ borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Text size="sm" fw={500}>
                      {m.firstName} {m.lastName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.email ?? 'No e-mail'} · {m.expiryDate ? `paid until ${formatAuDate(m.expiryDate)}` : 'never paid'}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </Stack>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect label="Method" withAsterisk {...form.inputProps('method')} data={MANUAL_METHOD_OPTIONS} />
          <DateField label="Paid on" withAsterisk {...form.inputProps('paidOn')} max={today} />
        </SimpleGrid>
        <TextInput
          label="Reference"
          description="Receipt number, bank reference or cheque number (optional)."
          {...form.inputProps('reference')}
          maxLength={120}
        />

        <Alert
          color={fee?.paypalPending ? 'red' : 'blue'}
          variant="light"
          aria-live="polite"
          title={fee ? `Fee: ${formatAud(amountCents(fee.amount))}` : 'Fee'}
        >
          {quote.isError && quoteInput ? (
            (serverMessage(quote.error) ?? 'The fee could not be worked out.')
          ) : fee ? (
            <Stack gap={2}>
              <Text size="sm">
                {MEMBERSHIP_LABELS[fee.membershipType]} membership {fee.purpose === 'renewal' ? 'renewal' : 'fee'} for{' '}
                {fee.members.join(', ')}.
              </Text>
              <Text size="sm">
                {fee.expiryDate
                  ? `Paid until ${formatAuDate(fee.expiryDate)}; this payment extends it to ${formatAuDate(fee.extendsTo)}.`
                  : `Active until ${formatAuDate(fee.extendsTo)}.`}
              </Text>
              {fee.paypalPending && (
                <Text size="sm">PayPal is still holding a payment for this membership: wait for it before recording another.</Text>
              )}
            </Stack>
          ) : mode === 'new' ? (
            'Enter the date of birth to see the fee.'
          ) : (
            'Find the member to see the fee.'
          )}
        </Alert>
        {err('amount') && (
          <Text size="sm" c="red">
            {err('amount')}
          </Text>
        )}

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!feeIsCurrent || fee.paypalPending}>
            {fee ? `Record ${formatAud(amountCents(fee.amount))} payment` : 'Record payment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
