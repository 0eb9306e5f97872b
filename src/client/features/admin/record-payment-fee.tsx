import { Alert, Stack, Text } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import { feeHint } from '../../../shared/admin-payments.schema';
import { formatAud, membershipLabels } from '../../../shared/membership';
import { serverMessage } from '../../lib/errors';
import { useMembershipRules } from '../../lib/membership-rules';
import { amountCents } from './refund-dialog';
import type { RecordPaymentState } from './use-record-payment';

/** The fee the server quotes for who paid, or what it needs to work it out (with the club's fees meanwhile). */
export function RecordPaymentFee({ state: { fee, quote, quoteInput, mode } }: { state: RecordPaymentState }) {
  const rules = useMembershipRules();
  return (
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
            {membershipLabels(rules)[fee.membershipType]} membership {fee.purpose === 'renewal' ? 'renewal' : 'fee'} for{' '}
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
      ) : (
        `${mode === 'new' ? 'Enter the date of birth' : 'Find the member'} to see the fee. ${feeHint(rules)}`
      )}
    </Alert>
  );
}
