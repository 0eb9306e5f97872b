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
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { SEARCH_DEBOUNCE_MS } from './members-tab';
import { amountCents, newRequestKey } from './refund-dialog';

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

/** The server names a field by its path ('member.email'); a rule it checks itself names it plainly ('email'). */
const fieldKey = (key: string) => (['email', 'membershipType', 'additionalMembers'].includes(key) ? `member.${key}` : key);

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
  const [person, setPerson] = useState(emptyPerson);
  const [others, setOthers] = useState<Other[]>([]);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<AdminMemberRow | null>(null);
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per payment being recorded: a retried or double-clicked 'Record payment' records it once.
  const [requestKey, setRequestKey] = useState(newRequestKey);

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
        const fields: Record<string, string> = {};
        for (const [key, message] of Object.entries(fieldErrorsOf(error))) fields[fieldKey(key)] = message;
        setErrors(fields);
        toast.error('Payment not recorded', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );

  const setField = (field: keyof typeof emptyPerson) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setPerson((p) => ({ ...p, [field]: value }));
    setErrors((x) => (x[`member.${field}`] ? { ...x, [`member.${field}`]: '' } : x));
    if (field === 'membershipType' && value !== 'family') setOthers((o) => o.slice(0, 1));
  };
  const setOther = (index: number, field: keyof Other) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setOthers((list) => list.map((o, i) => (i === index ? { ...o, [field]: value } : o)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fee || !feeIsCurrent) return;
    const common = { method, paidOn, reference, amount: fee.amount, requestKey };
    const input =
      mode === 'new'
        ? { mode, ...common, member: { ...person, gender: person.gender || undefined, additionalMembers: others } }
        : { mode, ...common, memberId: picked?.id ?? '' };
    const parsed = recordPaymentInput.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(parsed.data);
  };

  const busy = record.isPending;
  const err = (key: string) => errors[key] || undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(v) => (setMode(v as Mode), setErrors({}))}
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
              <TextInput
                label="First name"
                withAsterisk
                value={person.firstName}
                onChange={setField('firstName')}
                error={err('member.firstName')}
                maxLength={80}
              />
              <TextInput
                label="Last name"
                withAsterisk
                value={person.lastName}
                onChange={setField('lastName')}
                error={err('member.lastName')}
                maxLength={80}
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              description="The receipt and a link to sign in go here."
              type="email"
              withAsterisk
              value={person.email}
              onChange={setField('email')}
              error={err('member.email')}
              autoComplete="off"
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Phone"
                type="tel"
                withAsterisk
                value={person.phone}
                onChange={setField('phone')}
                error={err('member.phone')}
                maxLength={40}
              />
              <TextInput
                label="Date of birth"
                type="date"
                withAsterisk
                value={person.dateOfBirth}
                onChange={setField('dateOfBirth')}
                error={err('member.dateOfBirth')}
                max={today}
              />
            </SimpleGrid>
            <Textarea
              label="Address"
              withAsterisk
              rows={2}
              value={person.address}
              onChange={setField('address')}
              error={err('member.address')}
              maxLength={300}
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NativeSelect
                label="Membership type"
                withAsterisk
                value={person.membershipType}
                onChange={setField('membershipType')}
                error={err('member.membershipType')}
                data={MEMBERSHIP_TYPES.map((t) => ({ value: t, label: MEMBERSHIP_LABELS[t] }))}
              />
              <NativeSelect
                label="Shirt size"
                withAsterisk
                value={person.shirtSize}
                onChange={setField('shirtSize')}
                error={err('member.shirtSize')}
                data={[{ value: '', label: 'Choose…' }, ...SHIRT_SIZES.map((s) => ({ value: s, label: s }))]}
              />
              <NativeSelect
                label="Gender"
                value={person.gender}
                onChange={setField('gender')}
                error={err('member.gender')}
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
                    error={err(`member.additionalMembers.${i}.firstName`)}
                    maxLength={80}
                  />
                  <TextInput
                    label="Last name"
                    value={other.lastName}
                    onChange={setOther(i, 'lastName')}
                    error={err(`member.additionalMembers.${i}.lastName`)}
                    maxLength={80}
                  />
                  <TextInput
                    label="Date of birth"
                    type="date"
                    value={other.dateOfBirth}
                    onChange={setOther(i, 'dateOfBirth')}
                    error={err(`member.additionalMembers.${i}.dateOfBirth`)}
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
            {err('member.additionalMembers') && (
              <Text size="sm" c="red">
                {err('member.additionalMembers')}
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
                    onClick={() => (setPicked(m), setErrors({}))}
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
          <NativeSelect
            label="Method"
            withAsterisk
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value as ManualPaymentMethod)}
            error={err('method')}
            data={MANUAL_METHOD_OPTIONS}
          />
          <TextInput
            label="Paid on"
            type="date"
            withAsterisk
            value={paidOn}
            onChange={(e) => setPaidOn(e.currentTarget.value)}
            error={err('paidOn')}
            max={today}
          />
        </SimpleGrid>
        <TextInput
          label="Reference"
          description="Receipt number, bank reference or cheque number (optional)."
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={err('reference')}
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
