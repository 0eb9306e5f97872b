import { Alert, Button, Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import { MEMBERSHIP_LABELS, type MembershipType } from '../../../shared/membership';
import type { CaptureResult } from '../../../shared/members.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export interface PaymentDetails {
  names: string[];
  membershipType: MembershipType;
  /** What the server said the payment is, e.g. '40.00'. */
  amount: string;
}

/** The payment dialog (SPEC §2.6, §4); full screen on phones. */
export function PaymentDialog({ details, onClose, fullScreen }: { details: PaymentDetails | null; onClose: () => void; fullScreen?: boolean }) {
  // Keep showing the last payment while the dialog fades out.
  const shown = useRef(details);
  if (details) shown.current = details;
  return (
    <Modal opened={details !== null} onClose={onClose} title="Complete Your Payment" size="md" fullScreen={fullScreen}>
      {shown.current && <PaymentPanel details={shown.current} onDone={onClose} />}
    </Modal>
  );
}

const INLINE_FAILURE = 'Payment failed. Please try again or contact support if the issue persists.';

/** Pays for a membership (SPEC §4 payment dialog): PayPal's buttons, or the demo provider on a machine without PayPal. */
export function PaymentPanel({ details, onDone }: { details: PaymentDetails; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setup = useQuery(trpc.payments.setup.queryOptions());
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<CaptureResult | null>(null);
  const createOrder = useMutation(trpc.payments.createOrder.mutationOptions());
  const capture = useMutation(trpc.payments.capture.mutationOptions());

  const order = () => createOrder.mutateAsync({ amount: details.amount, currency: 'AUD', intent: 'CAPTURE' }).then((o) => o.id);

  const finish = async (orderId: string) => {
    try {
      const captured = await capture.mutateAsync({ orderId });
      setFailed(false);
      setResult(captured);
      await Promise.all(
        [trpc.members.profile, trpc.members.dashboard, trpc.auth.me].map((p) => queryClient.invalidateQueries({ queryKey: p.queryKey() })),
      );
    } catch (error) {
      fail(error);
    }
  };

  const fail = (error?: unknown) => {
    if (error) console.error('Payment failed', serverMessage(error) ?? error);
    setFailed(true);
    toast.error('Payment Failed', 'There was an issue processing your payment. Please try again.');
  };

  const cancelled = () => toast.info('Payment Cancelled', 'You can complete your payment later to activate your membership.');

  if (result) {
    return (
      <Stack align="center" ta="center" gap="md" py="md">
        <Title order={3}>Payment Successful!</Title>
        <Text>
          Your membership is now active until {result.membership.expiryDate ? formatAuDate(result.membership.expiryDate) : 'N/A'}. A receipt is on its way to
          your e-mail.
        </Text>
        <Button onClick={onDone}>Continue</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600}>{details.names.join(', ')}</Text>
        <Text size="sm" c="dimmed">
          {MEMBERSHIP_LABELS[details.membershipType]} membership, one year
        </Text>
        <Text fz="xl" fw={700}>
          ${details.amount} AUD
        </Text>
      </Stack>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {INLINE_FAILURE}
        </Alert>
      )}
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
      {setup.data?.provider === 'demo' && (
        <>
          <Alert color="yellow" variant="light">
            Demo payments: no money is taken. This site has no PayPal account configured yet.
          </Alert>
          <Button
            size="md"
            loading={createOrder.isPending || capture.isPending}
            onClick={() => order().then(finish, fail)}
          >
            Pay ${details.amount} (demo)
          </Button>
        </>
      )}
      {setup.data?.provider === 'paypal' && setup.data.clientId && (
        <PayPalButtons clientId={setup.data.clientId} createOrder={order} onApprove={finish} onCancel={cancelled} onError={fail} />
      )}
    </Stack>
  );
}

interface PayPalButtonsProps {
  clientId: string;
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

/** PayPal's own buttons; its script is fetched only when a payment dialog opens. */
function PayPalButtons({ clientId, createOrder, onApprove, onCancel, onError }: PayPalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const handlers = useRef({ createOrder, onApprove, onCancel, onError });
  handlers.current = { createOrder, onApprove, onCancel, onError };

  useEffect(() => {
    let closed = false;
    let buttons: { close?: () => Promise<void> } | undefined;
    import('@paypal/paypal-js')
      .then(({ loadScript }) => loadScript({ clientId, currency: 'AUD', intent: 'capture' }))
      .then((paypal) => {
        if (closed || !paypal?.Buttons || !container.current) return;
        const instance = paypal.Buttons({
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          onCancel: () => handlers.current.onCancel(),
          onError: (error) => handlers.current.onError(error),
        });
        buttons = instance;
        return instance.render(container.current);
      })
      .catch(() => !closed && setLoadFailed(true));
    return () => {
      closed = true;
      void buttons?.close?.();
    };
  }, [clientId]);

  if (loadFailed) return <Alert color="red">PayPal could not be loaded. Please check your connection and try again.</Alert>;
  return <div ref={container} data-testid="paypal-buttons" />;
}
