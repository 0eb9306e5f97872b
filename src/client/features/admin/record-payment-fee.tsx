import { Alert, Stack, Text } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import { formatAud, MEMBERSHIP_LABELS } from '../../../shared/membership';
import { serverMessage } from '../../lib/errors';
import { amountCents } from './refund-dialog';
import type { RecordPaymentState } from './use-record-payment';

/** The fee the server quotes for who paid, or what it needs to work it out. */
export function RecordPaymentFee({ state: { fee, quote, quoteInput, mode } }: { state: RecordPaymentState }) {
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
            {MEMBERSHIP_LABELS[fee.membershipType]} membership {fee.purpose === 'renewal' ? 'renewal' : 'fee'} for {fee.members.join(', ')}.
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
  );
}
