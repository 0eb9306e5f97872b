import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import { MEMBERSHIP_LABELS } from '../../../shared/membership';
import type { CaptureResult } from '../../../shared/members.schema';
import { toast } from '../../components/toast';
import { fieldErrorsOf, httpStatusOf, isLostAnswer, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import type { PaymentDetails } from '../../components/join-dialog';
import { PayPalButton } from '../../components/paypal-button';
import { DocumentsStep } from './documents-step';
import { useAuth } from '../../lib/use-auth';

/** The payment dialog (SPEC §2.6, §4); full screen on phones. */
export function PaymentDialog({
  details,
  onClose,
  fullScreen,
}: {
  details: PaymentDetails | null;
  onClose: () => void;
  fullScreen?: boolean;
}) {
  // Keep showing the last payment while the dialog fades out.
  const [shown, setShown] = useState(details);
  if (details && details !== shown) setShown(details);
  return (
    <Modal opened={details !== null} onClose={onClose} title="Complete Your Payment" size="md" fullScreen={fullScreen}>
      {shown && <PaymentPanel details={shown} onDone={onClose} />}
    </Modal>
  );
}

/** SPEC §8. */
export const PAYMENT_FAILED_INLINE = 'Payment failed. Please try again or contact support if the issue persists.';
const PAYMENT_FAILED_TOAST = ['Payment Failed', 'There was an issue processing your payment. Please try again.'] as const;
const PAYMENT_CANCELLED_TOAST = ['Payment Cancelled', 'You can complete your payment later to activate your membership.'] as const;
export const PAYMENT_PENDING_TEXT =
  'PayPal is still processing your payment. Your membership starts as soon as PayPal releases it; we will e-mail your receipt.';

/**
 * Waits before each repeat of a capture whose answer was lost (about 10 s in all). Capturing the same order
 * again is safe: the server and PayPal both treat a repeat as the same capture, so nobody pays twice.
 */
const CAPTURE_RETRY_DELAYS_MS = [1000, 3000, 6000];
/** How often a payment PayPal is holding is asked about while the dialog is open. */
const PENDING_POLL_MS = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The inline failure for an error: the server's own sentence when it differs from the standard one. */
function failureOf(error?: unknown): { detail: string | null } {
  const detail = serverMessage(error) ?? null;
  return { detail: detail && detail !== PAYMENT_FAILED_INLINE ? detail : null };
}

/** Pays for a membership (SPEC §4 payment dialog): PayPal's button, or the demo provider on a machine without PayPal. */
export function PaymentPanel({ details, onDone }: { details: PaymentDetails; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const setup = useQuery(trpc.payments.setup.queryOptions());
  const createOrder = useMutation(trpc.payments.createOrder.mutationOptions());
  const capture = useMutation(trpc.payments.capture.mutationOptions());

  /** The inline failure (SPEC §8) is showing; `detail` is the server's own sentence about it, when it gave a different one. */
  const [failed, setFailed] = useState<{ detail: string | null } | null>(null);
  /** The server's sentence when it refused (an early renewal not confirmed, an order replaced, already paid). */
  const [refusal, setRefusal] = useState<{ message: string; earlyRenewal: boolean } | null>(null);
  const [earlyRenewal, setEarlyRenewal] = useState(Boolean(details.earlyRenewal));
  const [capturing, setCapturing] = useState<'first' | 'retrying' | null>(null);
  const [demoBusy, setDemoBusy] = useState<'approve' | 'decline' | null>(null);
  const [pendingOrder, setPendingOrder] = useState<string | null>(null);
  const [result, setResult] = useState<CaptureResult | null>(null);
  const [documentsAccepted, setDocumentsAccepted] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Set once a failure of the current attempt has been shown, so PayPal's own onError does not repeat it.
  const reported = useRef(false);

  const refreshMembership = useCallback(
    () =>
      Promise.all(
        [trpc.members.profile, trpc.members.dashboard, trpc.auth.me, trpc.memberDetails.household].map((p) =>
          queryClient.invalidateQueries({ queryKey: p.queryKey() }),
        ),
      ),
    [queryClient, trpc],
  );

  /** Tells of a failure once: in the console (unless it is a declined card) and as a toast. */
  const report = useCallback((error?: unknown) => {
    // A declined card is an answer, not a fault of the site; anything else is worth a line in the console.
    if (error && httpStatusOf(error) !== 402) console.error('Payment failed', serverMessage(error) ?? error);
    reported.current = true;
    toast.error(...PAYMENT_FAILED_TOAST);
  }, []);

  const fail = (error?: unknown) => {
    report(error);
    setFailed(failureOf(error));
  };

  const refuse = (error: unknown) => {
    reported.current = true;
    setRefusal({ message: serverMessage(error)!, earlyRenewal: Boolean(fieldErrorsOf(error).earlyRenewal) });
    // The reason may be that the membership is paid after all (another tab, an earlier payment PayPal released).
    void refreshMembership();
  };

  const cancelled = () => toast.info(...PAYMENT_CANCELLED_TOAST);

  /** A new order for exactly this payment (the server prices it); a refusal is shown here and the error passed on. */
  const order = async (): Promise<string> => {
    reported.current = false;
    // A new attempt: the last one's failure, inline and as a toast, no longer applies.
    if (failure) toast.clear();
    setFailed(null);
    setRefusal(null);
    setPendingOrder(null);
    try {
      const created = await createOrder.mutateAsync({
        amount: details.amount,
        currency: 'AUD',
        intent: 'CAPTURE',
        ...(earlyRenewal ? { earlyRenewal: true } : {}),
        ...(details.addition ? { addMembers: true } : {}),
      });
      return created.id;
    } catch (error) {
      const status = httpStatusOf(error);
      // A refusal with a reason (renewal window, a payment PayPal is still processing, nothing to pay) is not a failure.
      if (status && status >= 400 && status < 500 && status !== 402 && serverMessage(error)) refuse(error);
      else fail(error);
      throw error;
    }
  };

  /** Captures, asking again with the same order id while answers are being lost (network, 502, 503). */
  const captureSafely = async (input: { orderId: string; simulate?: 'decline' }): Promise<CaptureResult> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await capture.mutateAsync(input);
      } catch (error) {
        if (!isLostAnswer(error) || attempt >= CAPTURE_RETRY_DELAYS_MS.length || !mounted.current) throw error;
        setCapturing('retrying');
        await sleep(CAPTURE_RETRY_DELAYS_MS[attempt]);
      }
    }
  };

  const settle = useCallback(
    (outcome: CaptureResult) => {
      if (outcome.status === 'COMPLETED') {
        setPendingOrder(null);
        setResult(outcome);
      } else {
        // The poll below starts from this answer rather than asking again at once.
        queryClient.setQueryData(trpc.payments.outcome.queryKey({ orderId: outcome.id }), outcome);
        setPendingOrder(outcome.id);
      }
      void refreshMembership();
    },
    [queryClient, refreshMembership, trpc],
  );

  const finish = async (orderId: string, simulate?: 'decline') => {
    setCapturing('first');
    try {
      settle(await captureSafely({ orderId, ...(simulate ? { simulate } : {}) }));
    } catch (error) {
      // 409: this order was replaced or closed, or the membership was paid by another payment: the server says which.
      if (httpStatusOf(error) === 409 && serverMessage(error)) refuse(error);
      else fail(error);
    } finally {
      setCapturing(null);
    }
  };

  // A payment PayPal is holding: ask every few seconds while the dialog is open; it becomes the success view when released.
  const outcome = useQuery(
    trpc.payments.outcome.queryOptions(pendingOrder ? { orderId: pendingOrder } : skipToken, {
      refetchInterval: (query) =>
        query.state.data?.status === 'PENDING' && httpStatusOf(query.state.error) !== 402 ? PENDING_POLL_MS : false,
    }),
  );
  // What the poll settled, derived from its answers (the poll stops by itself once it has one; nothing refetches it).
  const released = pendingOrder !== null && outcome.data?.status === 'COMPLETED' ? outcome.data : null;
  // PayPal denied the payment it was holding.
  const denied = pendingOrder !== null && httpStatusOf(outcome.error) === 402 ? outcome.error : null;
  useEffect(() => {
    if (released) void refreshMembership();
  }, [released, refreshMembership]);
  useEffect(() => {
    if (denied) report(denied);
  }, [denied, report]);
  const shownResult = result ?? released;
  const failure = failed ?? (denied ? failureOf(denied) : null);
  const holding = pendingOrder !== null && !released && !denied;

  const demo = async (kind: 'approve' | 'decline') => {
    setDemoBusy(kind);
    try {
      const orderId = await order();
      await finish(orderId, kind === 'decline' ? 'decline' : undefined);
    } catch {
      // Already shown by order().
    } finally {
      setDemoBusy(null);
    }
  };

  if (shownResult) {
    const email = details.email?.trim() || null;
    return (
      <Stack align="center" ta="center" gap="md" py="md">
        <Title order={3}>Payment Successful!</Title>
        <Text>
          Your membership is now active until {shownResult.membership.expiryDate ? formatAuDate(shownResult.membership.expiryDate) : 'N/A'}.
        </Text>
        <Text>
          {user
            ? `A receipt is on its way to ${email ?? 'your e-mail'}.`
            : `A receipt is on its way to ${email ?? 'your e-mail'}, with a link that signs you in to the member portal.`}
        </Text>
        <Button onClick={onDone}>Continue</Button>
      </Stack>
    );
  }

  if (holding) {
    return (
      <Stack align="center" ta="center" gap="md" py="md">
        <Title order={3}>Payment pending</Title>
        <Text>{PAYMENT_PENDING_TEXT}</Text>
        <Group gap="xs" justify="center">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed" role="status">
            Checking with PayPal every few seconds…
          </Text>
        </Group>
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
      </Stack>
    );
  }

  if (details.documentsToAccept?.length && !documentsAccepted) {
    return <DocumentsStep missing={details.documentsToAccept} onAccepted={() => setDocumentsAccepted(true)} />;
  }

  const busy = createOrder.isPending || capturing !== null || demoBusy !== null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600}>{details.names.join(', ')}</Text>
        <Text size="sm" c="dimmed">
          {details.addition
            ? `Added to your membership until ${formatAuDate(details.addition.until)}${details.addition.becomesFamily ? ', which becomes a family membership' : ''}`
            : `${MEMBERSHIP_LABELS[details.membershipType]} membership, one year${earlyRenewal ? ' (early renewal)' : ''}`}
        </Text>
        <Text fz="xl" fw={700}>
          ${details.amount} AUD
        </Text>
      </Stack>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{PAYMENT_FAILED_INLINE}</Text>
          {failure.detail && (
            <Text size="sm" mt={4}>
              {failure.detail}
            </Text>
          )}
        </Alert>
      )}
      {refusal && (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{refusal.message}</Text>
            {refusal.earlyRenewal && !earlyRenewal && (
              <Button
                size="sm"
                variant="default"
                onClick={() => {
                  setEarlyRenewal(true);
                  setRefusal(null);
                }}
              >
                Renew early
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {capturing && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            {capturing === 'retrying' ? 'Still confirming your payment: the answer is taking a while…' : 'Confirming your payment…'}
          </Text>
        </Group>
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
      )}
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
            onError={(error) => {
              if (!reported.current) fail(error);
            }}
          />
        ) : (
          <Alert color="red" variant="light">
            PayPal could not be loaded. Please try again later.
          </Alert>
        ))}
    </Stack>
  );
}
