import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { recordPaymentInput, type PaymentQuoteInput } from '../../../shared/admin-payments.schema';
import type { AdminMemberRow } from '../../../shared/admin.schema';
import { formatAuDate } from '../../../shared/dates';
import { formatAud } from '../../../shared/membership';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { familyRoom, useMembershipRules } from '../../lib/membership-rules';
import { serverMessage } from '../../lib/errors';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { useTRPC } from '../../trpc';
import { SEARCH_DEBOUNCE_MS } from './paged-list';
import { amountCents, newRequestKey } from './refund-dialog';
import { emptyPerson, messageKey, quoteInputOf, type MessageKey, type Mode, type Other, type Values } from './record-payment-fields';

/** The server's fee for what is typed, and whether it is for what is typed now (not a moment ago). */
function useFeeQuote(quoteInput: PaymentQuoteInput | null) {
  const trpc = useTRPC();
  const [debouncedQuote] = useDebouncedValue(quoteInput, 250);
  const quote = useQuery({
    ...trpc.admin.payments.quote.queryOptions(quoteInput && debouncedQuote ? debouncedQuote : skipToken),
    placeholderData: keepPreviousData,
  });
  const fee = quoteInput && quote.data ? quote.data : null;
  // The fee on screen is for what is typed now (not a moment ago) before it can be recorded.
  const feeIsCurrent = fee !== null && !quote.isPlaceholderData && JSON.stringify(quoteInput) === JSON.stringify(debouncedQuote);
  return { quote, fee, feeIsCurrent };
}

/** The members whose name or e-mail matches what is typed, for a renewal. */
function useMemberSearch(enabled: boolean) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<AdminMemberRow | null>(null);
  const found = useQuery({
    ...trpc.admin.members.search.queryOptions({ search: debouncedSearch, pageSize: 8, sort: 'name' }),
    enabled: enabled && !picked && debouncedSearch.length >= 2,
  });
  return { search, setSearch, debouncedSearch, picked, setPicked, found };
}

/** Records the payment, tells the admin what was recorded and refreshes the lists it shows in. */
function useRecordMutation(onError: (error: unknown) => void, onRecorded: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
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
        onRecorded();
      },
      onError: (error) => {
        onError(error);
        toast.error('Payment not recorded', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );
}

/** 'Record payment''s state and actions: who paid, the fee the server quotes and the recording. */
export function useRecordPayment(onDone: () => void) {
  const today = useClubToday();
  const rules = useMembershipRules();
  const [mode, setMode] = useState<Mode>('new');
  const [others, setOthers] = useState<Other[]>([]);
  const members = useMemberSearch(mode === 'renewal');
  const { picked } = members;
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
  const maxOthers = family ? familyRoom(rules) : 1;
  const quoteInput = quoteInputOf(mode, picked, person, others);
  const { quote, fee, feeIsCurrent } = useFeeQuote(quoteInput);
  const record = useRecordMutation(
    (error) => form.applyServerError(error),
    () => {
      setRequestKey(newRequestKey());
      onDone();
    },
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
  const err = (key: MessageKey) => errors[key];
  return {
    ...members,
    today,
    mode,
    setMode,
    others,
    setOthers,
    form,
    maxOthers,
    quoteInput,
    quote,
    fee,
    feeIsCurrent,
    setField,
    setOther,
    submit,
    busy: record.isPending,
    err,
  };
}

export type RecordPaymentState = ReturnType<typeof useRecordPayment>;
