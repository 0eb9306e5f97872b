import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptureResult } from '../../../shared/members.schema';
import { toast } from '../../components/toast';
import { fieldErrorsOf, httpStatusOf, isLostAnswer, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import type { PaymentDetails } from '../../components/join-dialog';
import { PAYMENT_FAILED_INLINE } from './payment-texts';

const PAYMENT_FAILED_TOAST = ['Payment Failed', 'There was an issue processing your payment. Please try again.'] as const;
const PAYMENT_CANCELLED_TOAST = ['Payment Cancelled', 'You can complete your payment later to activate your membership.'] as const;

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

/** Where the payment stands: failed, refused, being captured, held by PayPal or paid. */
function usePaymentState(details: PaymentDetails) {
  /** The inline failure is showing; `detail` is the server's own sentence about it, when it gave a different one. */
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
  return {
    failed,
    setFailed,
    refusal,
    setRefusal,
    earlyRenewal,
    setEarlyRenewal,
    capturing,
    setCapturing,
    demoBusy,
    setDemoBusy,
    pendingOrder,
    setPendingOrder,
    result,
    setResult,
    documentsAccepted,
    setDocumentsAccepted,
    mounted,
  };
}

type PaymentState = ReturnType<typeof usePaymentState>;

/** How a failure or a refusal is told, and the refresh of the membership after an answer. */
function usePaymentReports({ setFailed, setRefusal }: PaymentState) {
  const trpc = useTRPC();
  // Set once a failure of the current attempt has been shown, so PayPal's own onError does not repeat it.
  const reported = useRef(false);
  const queryClient = useQueryClient();
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
  /** A new attempt: no failure of it has been shown yet. */
  const newAttempt = () => {
    reported.current = false;
  };
  return { refreshMembership, report, fail, refuse, reported, newAttempt };
}

type PaymentReports = ReturnType<typeof usePaymentReports>;

/** A payment PayPal is holding: asked about every few seconds while the dialog is open; released or denied. */
function usePendingOutcome({ pendingOrder, failed }: PaymentState, { refreshMembership, report }: PaymentReports) {
  const trpc = useTRPC();
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
  const failure = failed ?? (denied ? failureOf(denied) : null);
  const holding = pendingOrder !== null && !released && !denied;
  return { released, failure, holding };
}

/** Captures an approved order, asking again while answers are lost, and settles what PayPal answered. */
function useCapture(s: PaymentState, { refreshMembership, fail, refuse }: PaymentReports) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const capture = useMutation(trpc.payments.capture.mutationOptions());
  const { mounted, setCapturing, setPendingOrder, setResult } = s;

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
    [queryClient, refreshMembership, trpc, setPendingOrder, setResult],
  );

  return async (orderId: string, simulate?: 'decline') => {
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
}

/** Creates the order for exactly this payment (the server prices it); a refusal is shown here and the error passed on. */
function useCreateOrder(details: PaymentDetails, s: PaymentState, reports: PaymentReports, failure: unknown) {
  const trpc = useTRPC();
  const createOrder = useMutation(trpc.payments.createOrder.mutationOptions());
  /** A new order for exactly this payment (the server prices it); a refusal is shown here and the error passed on. */
  const order = async (): Promise<string> => {
    reports.newAttempt();
    // A new attempt: the last one's failure, inline and as a toast, no longer applies.
    if (failure) toast.clear();
    s.setFailed(null);
    s.setRefusal(null);
    s.setPendingOrder(null);
    try {
      const created = await createOrder.mutateAsync({
        amount: details.amount,
        currency: 'AUD',
        intent: 'CAPTURE',
        ...(s.earlyRenewal ? { earlyRenewal: true } : {}),
        ...(details.addition ? { addMembers: true } : {}),
      });
      return created.id;
    } catch (error) {
      const status = httpStatusOf(error);
      // A refusal with a reason (renewal window, a payment PayPal is still processing, nothing to pay) is not a failure.
      if (status && status >= 400 && status < 500 && status !== 402 && serverMessage(error)) reports.refuse(error);
      else reports.fail(error);
      throw error;
    }
  };
  return { order, creating: createOrder.isPending };
}

/** The payment panel's state and actions: the order, its capture, PayPal's hold and what went wrong. */
export function usePaymentPanel(details: PaymentDetails) {
  const trpc = useTRPC();
  const setup = useQuery(trpc.payments.setup.queryOptions());
  const s = usePaymentState(details);
  const reports = usePaymentReports(s);
  const { released, failure, holding } = usePendingOutcome(s, reports);
  const { order, creating } = useCreateOrder(details, s, reports, failure);
  const finish = useCapture(s, reports);
  const cancelled = () => toast.info(...PAYMENT_CANCELLED_TOAST);

  const demo = async (kind: 'approve' | 'decline') => {
    s.setDemoBusy(kind);
    try {
      const orderId = await order();
      await finish(orderId, kind === 'decline' ? 'decline' : undefined);
    } catch {
      // Already shown by order().
    } finally {
      s.setDemoBusy(null);
    }
  };
  const onPayPalError = (error: unknown) => {
    if (!reports.reported.current) reports.fail(error);
  };
  const busy = creating || s.capturing !== null || s.demoBusy !== null;
  return { ...s, setup, shownResult: s.result ?? released, failure, holding, order, finish, cancelled, demo, onPayPalError, busy };
}

export type PaymentPanelState = ReturnType<typeof usePaymentPanel>;
