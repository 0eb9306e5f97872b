import { z } from 'zod';

/**
 * paid: money received; part_refunded / refunded: received, then some or all of it returned; refund: a row of
 * money returned (a negative amount); pending: the provider holds it and has not released it yet; failed: declined.
 */
export const MEMBER_PAYMENT_STATES = ['paid', 'part_refunded', 'refunded', 'refund', 'pending', 'failed'] as const;
export type MemberPaymentState = (typeof MEMBER_PAYMENT_STATES)[number];

export const MEMBER_PAYMENT_STATE_LABELS: Record<MemberPaymentState, string> = {
  paid: 'Paid',
  part_refunded: 'Partly refunded',
  refunded: 'Refunded',
  refund: 'Refund',
  pending: 'Pending',
  failed: 'Not completed',
};

/** One payment in the member's history (theirs or their household's). */
export const memberPaymentView = z.object({
  id: z.string(),
  /** When the money moved (or, for a payment still pending, when it was made): an ISO instant. */
  date: z.string(),
  /** What for: 'Membership renewal: Adult', 'Entry: Bream Classic (Sam Ward)'. */
  description: z.string(),
  /** AUD, two decimals; negative for a refund. */
  amount: z.string(),
  state: z.enum(MEMBER_PAYMENT_STATES),
  /** 'PayPal', 'Cash' … */
  method: z.string().nullable(),
  /** The PDF receipt (tax invoice) for money received; null for the others. */
  receiptUrl: z.string().nullable(),
});
export type MemberPaymentView = z.infer<typeof memberPaymentView>;

export const paymentIdInput = z.object({ id: z.uuid({ error: 'That is not a payment of yours.' }) });
