import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { formatAud } from '../../../shared/membership';
import type { EntryCaptureResult } from '../../../shared/entries.schema';
import { PayPalButton } from '../../components/paypal-button';
import { toast } from '../../components/toast';
import { PAYMENT_FAILED, useEntryPayment, type EntryPaymentState } from './use-entry-payment';

const dollars = (amount: string) => formatAud(Math.round(Number(amount) * 100));

/** The ways to pay the site offers: the demo button, PayPal's, or neither (pay where the entry says). */
function PaymentOptions({ state, amount, otherwise }: { state: EntryPaymentState; amount: string; otherwise: string }) {
  const { setup, busy, newOrder, paid, setFailure } = state;
  if (setup.isPending) {
    return (
      <Center py="md">
        <Loader aria-label="Loading payment options" />
      </Center>
    );
  }
  if (setup.data?.provider === 'demo') {
    return (
      <>
        <Alert color="yellow" title="Demo payments">
          This site has no PayPal account configured yet: the demo button marks the entry as paid and no money is taken.
        </Alert>
        <Button size="lg" loading={busy} onClick={() => void newOrder().then(paid, () => {})}>
          Pay {dollars(amount)} (demo)
        </Button>
      </>
    );
  }
  if (setup.data?.provider === 'paypal' && setup.data.clientToken) {
    return (
      <>
        <Text size="sm">Pay securely with PayPal, or with a debit or credit card through PayPal. You do not need a PayPal account.</Text>
        <PayPalButton
          clientToken={setup.data.clientToken}
          environment={setup.data.environment ?? 'sandbox'}
          otherwise={otherwise}
          disabled={busy}
          createOrder={newOrder}
          onApprove={paid}
          onCancel={() => toast.info('Payment Cancelled', 'Nothing was taken. You can pay later from your events.')}
          onError={(error) => {
            console.error('PayPal reported an error', error);
            setFailure((current) => current ?? PAYMENT_FAILED);
          }}
        />
      </>
    );
  }
  return (
    <Alert color="blue" title="Online payment is not available">
      {/* Whatever the reason (not set up, or not reachable now), an entry fee can still be paid where the entry says. */}
      {otherwise}
    </Alert>
  );
}

/**
 * Pays entry fees online: PayPal's button, or the demo button on a site without PayPal. The server prices the order
 * (`createOrder`); `capture` settles it, and repeating it after a lost answer is safe.
 */
export function EntryPayment({
  amount,
  what,
  createOrder,
  capture,
  onPaid,
  otherwise = 'Please pay at the sign-on desk on the day.',
}: {
  /** The amount the server asked for, e.g. '10.00'. */
  amount: string;
  /** What is being paid for, e.g. 'Entry fee for Sam Angler'. */
  what: string;
  createOrder: () => Promise<string>;
  capture: (orderId: string) => Promise<EntryCaptureResult>;
  onPaid: (result: EntryCaptureResult) => void;
  otherwise?: string;
}) {
  const state = useEntryPayment({ createOrder, capture, onPaid });
  const { failure, result } = state;

  if (result) {
    return (
      <Stack gap="sm" align="center" ta="center" py="sm" data-testid="entry-paid">
        <Title order={3}>{result.status === 'COMPLETED' ? 'Payment Successful!' : 'Payment pending'}</Title>
        <Text>{result.message}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Text>
        {what}:{' '}
        <Text span fw={700} fz="lg" data-testid="entry-amount">
          {dollars(amount)}
        </Text>
      </Text>
      {failure && (
        <Alert color="red" title="Payment Failed">
          {failure}
        </Alert>
      )}
      <PaymentOptions state={state} amount={amount} otherwise={otherwise} />
    </Stack>
  );
}
