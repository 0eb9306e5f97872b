import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { PaymentDetails } from '../../components/join-dialog';
import { PayPalButton } from '../../components/paypal-button';
import { serverMessage } from '../../lib/errors';
import type { PaymentPanelState } from './use-payment-panel';

/** The demo provider's buttons: each answer PayPal's window can give, without money. */
function DemoPayment({ details, state }: { details: PaymentDetails; state: PaymentPanelState }) {
  const { demoBusy, busy, demo, cancelled } = state;
  return (
    <>
      <Alert color="yellow" variant="light" role="note">
        Demo payments: no money is taken. This site has no PayPal account configured yet. Try each answer PayPal&apos;s window can give:
      </Alert>
      <Stack gap="xs">
        <Button size="md" loading={demoBusy === 'approve'} disabled={busy} onClick={() => void demo('approve')}>
          Pay ${details.amount} (demo)
        </Button>
        <Button variant="default" disabled={busy} onClick={cancelled}>
          Cancel payment (demo)
        </Button>
        <Button variant="light" color="red" loading={demoBusy === 'decline'} disabled={busy} onClick={() => void demo('decline')}>
          Decline payment (demo)
        </Button>
      </Stack>
    </>
  );
}

/** How to pay: PayPal's button, or the demo provider on a machine without PayPal. */
export function PaymentOptions({ details, state }: { details: PaymentDetails; state: PaymentPanelState }) {
  const { setup, busy, order, finish, cancelled, onPayPalError } = state;
  return (
    <>
      {setup.isPending && (
        <Center py="md">
          <Loader aria-label="Loading payment options" />
        </Center>
      )}
      {setup.isError && (
        <Alert color="red" variant="light">
          {serverMessage(setup.error) ?? 'Online payment is not available right now. Please try again later.'}
        </Alert>
      )}
      {setup.data?.provider === 'demo' && <DemoPayment details={details} state={state} />}
      {setup.data?.provider === 'paypal' &&
        (setup.data.clientToken ? (
          <PayPalButton
            clientToken={setup.data.clientToken}
            environment={setup.data.environment ?? 'sandbox'}
            otherwise="Please contact the club to pay another way."
            disabled={busy}
            createOrder={order}
            onApprove={finish}
            onCancel={cancelled}
            onError={onPayPalError}
          />
        ) : (
          <Alert color="red" variant="light">
            PayPal could not be loaded. Please try again later.
          </Alert>
        ))}
    </>
  );
}
