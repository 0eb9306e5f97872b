import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntryCaptureResult } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export const PAYMENT_FAILED = 'Payment failed. Please try again or contact support if the issue persists.';

/**
 * An entry fee's payment: the site's payment setup, the order the server prices (`createOrder`), its capture (safe to
 * repeat after a lost answer), what went wrong and what came of it.
 */
export function useEntryPayment({
  createOrder,
  capture,
  onPaid,
}: {
  createOrder: () => Promise<string>;
  capture: (orderId: string) => Promise<EntryCaptureResult>;
  onPaid: (result: EntryCaptureResult) => void;
}) {
  const trpc = useTRPC();
  const setup = useQuery(trpc.payments.setup.queryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<EntryCaptureResult | null>(null);

  const newOrder = async () => {
    setFailure(null);
    try {
      return await createOrder();
    } catch (error) {
      setFailure(serverMessage(error) ?? PAYMENT_FAILED);
      throw error;
    }
  };
  const paid = async (orderId: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await capture(orderId);
      setResult(outcome);
      if (outcome.status === 'COMPLETED') toast.success('Payment Successful!', outcome.message);
      onPaid(outcome);
    } catch (error) {
      setFailure(serverMessage(error) ?? PAYMENT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return { setup, failure, setFailure, busy, result, newOrder, paid };
}

export type EntryPaymentState = ReturnType<typeof useEntryPayment>;
