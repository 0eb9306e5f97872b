import { z } from 'zod';
import { MAX_HOUSEHOLD } from './membership-rules';
import { optionalText, text } from './auth.schema';
import { isIsoDate } from './dates';
import { additionalMemberInput, documentedRegistrationInput } from './members.schema';
import { formatAud, isJuniorOn, MEMBERSHIP_TYPES, householdFeeCents, type MembershipRules, type MembershipType } from './membership';
import {
  MANUAL_PAYMENT_METHODS,
  PAYMENT_KINDS as PAYMENT_LIST_KINDS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES as PAYMENT_LIST_STATUSES,
  type PaymentMethod,
  type PaymentStatus as PaymentListStatus,
} from './payments';

/** The payments list's filters are the payment's own kinds and statuses. */
export {
  PAYMENT_KINDS as PAYMENT_LIST_KINDS,
  PAYMENT_STATUSES as PAYMENT_LIST_STATUSES,
  type PaymentStatus as PaymentListStatus,
} from './payments';

export const PAYMENT_STATUS_LABELS: Record<PaymentListStatus, string> = {
  created: 'Awaiting payment',
  pending: 'Held by PayPal',
  completed: 'Received',
  declined: 'Declined',
  failed: 'Failed',
  refunded: 'Refunded',
  void: 'Closed',
};

const amountField = z.union([z.string(), z.number()], { error: 'Amount is required.' }).transform(String);
const requestKey = z.uuid({ error: 'The request key must be a UUID; please reload the page and try again.' });
const uuid = (what: string) => z.uuid({ error: `That is not a valid ${what} id.` });

/** 'YYYY-MM-DD'; the range (not in the future, at most a year back) is the server's, against the club's today. */
const paidOn = text('Paid on').trim().min(1, 'Paid on is required.').refine(isIsoDate, 'Paid on must be a date (YYYY-MM-DD).');

/** The join form's fields as the committee types them: no acceptances (the person signs on paper), gender optional. */
export const adminNewMemberInput = documentedRegistrationInput.extend({
  additionalMembers: z
    .array(additionalMemberInput, { error: 'Additional members must be a list.' })
    .max(MAX_HOUSEHOLD - 1, `A household has at most ${MAX_HOUSEHOLD} people.`)
    .default([]),
});
export type AdminNewMemberInput = z.input<typeof adminNewMemberInput>;

const manualPayment = {
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Method must be cash, bank transfer, card or cheque.' }),
  paidOn,
  reference: optionalText('Reference', 120),
  /** The fee the committee was shown; it must be the server's fee (never another amount). */
  amount: amountField,
  /** Made by the browser when the dialog opens: a retried or double-clicked 'Record payment' records once. */
  requestKey,
};

/** 'Record payment': a new member (the join form) or an existing household's renewal, paid by hand. */
export const recordPaymentInput = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('new'), member: adminNewMemberInput, ...manualPayment }),
    z.object({ mode: z.literal('renewal'), memberId: uuid('member'), ...manualPayment }),
  ],
  { error: 'Choose whether the payment is for a new member or a renewal.' },
);
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;
export type RecordPaymentRequest = z.output<typeof recordPaymentInput>;

/** What a payment would be, before it is recorded: the fee is always the server's. */
export const paymentQuoteInput = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('new'),
      membershipType: z.enum(MEMBERSHIP_TYPES, { error: 'Membership type must be adult, junior or family.' }),
      firstName: z.string().trim().max(80).optional(),
      lastName: z.string().trim().max(80).optional(),
      dateOfBirth: text('Date of birth').refine(isIsoDate, 'Date of birth must be a date (YYYY-MM-DD).'),
      additionalMembers: z
        .array(
          z.object({
            firstName: z.string().trim().max(80).optional(),
            lastName: z.string().trim().max(80).optional(),
            dateOfBirth: text('Date of birth').refine(isIsoDate, 'Date of birth must be a date (YYYY-MM-DD).'),
          }),
        )
        .max(MAX_HOUSEHOLD - 1, `A household has at most ${MAX_HOUSEHOLD} people.`)
        .default([]),
    }),
    z.object({ mode: z.literal('renewal'), memberId: uuid('member') }),
  ],
  { error: 'Choose whether the payment is for a new member or a renewal.' },
);
export type PaymentQuoteInput = z.input<typeof paymentQuoteInput>;

export const paymentQuote = z.object({
  /** The fee, e.g. '40.00'. */
  amount: z.string(),
  purpose: z.enum(['join', 'renewal']),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  /** Who the payment covers, by name. */
  members: z.array(z.string()),
  payee: z.string().nullable(),
  /** The primary member's e-mail: where the receipt goes. */
  email: z.string().nullable(),
  /** Paid up to (before this payment), and the expiry this payment gives (from today, or the later expiry). */
  expiryDate: z.string().nullable(),
  extendsTo: z.string(),
  /** A PayPal payment is being held for this household: nothing can be recorded until it settles. */
  paypalPending: z.boolean(),
});
export type PaymentQuote = z.infer<typeof paymentQuote>;

export const recordPaymentResult = z.object({
  paymentId: z.string(),
  /** False when this request had already been recorded (a retry or double click): nothing new was written. */
  recorded: z.boolean(),
  amount: z.string(),
  payee: z.string().nullable(),
  members: z.array(z.string()),
  expiryDate: z.string().nullable(),
  /** Where the receipt (with a sign-in link for someone who has never signed in) was sent. */
  receiptTo: z.string().nullable(),
});
export type RecordPaymentResult = z.infer<typeof recordPaymentResult>;

export const refundPaymentInput = z.object({
  paymentId: uuid('payment'),
  amount: amountField,
  reason: text('Reason').trim().min(1, 'Please give a reason for the refund.').max(300, 'The reason must be at most 300 characters.'),
  /** The committee's choice: the people the payment covered stop being members (expired yesterday). */
  endMembership: z.boolean({ error: 'Say whether the membership ends (true or false).' }),
  /** One per committee action: the same key again refunds nothing more. */
  requestKey,
});
export type RefundPaymentInput = z.input<typeof refundPaymentInput>;
export type RefundPaymentRequest = z.output<typeof refundPaymentInput>;

export const refundPaymentResult = z.object({
  /** False when this request had already been carried out (a retry or double click). */
  refunded: z.boolean(),
  amount: z.string(),
  payee: z.string().nullable(),
  throughPayPal: z.boolean(),
  /** Names of the members whose membership ended with this refund. */
  endedMembers: z.array(z.string()),
});
export type RefundPaymentResult = z.infer<typeof refundPaymentResult>;

export const paymentListInput = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters.').optional(),
  kind: z.enum(PAYMENT_LIST_KINDS, { error: 'Kind must be membership, event or sponsorship.' }).optional(),
  status: z.enum(PAYMENT_LIST_STATUSES, { error: 'That is not a payment status.' }).optional(),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100, 'At most 100 payments per page.').optional().default(25),
});
export type PaymentListInput = z.input<typeof paymentListInput>;
export type PaymentListRequest = z.output<typeof paymentListInput>;

export const paymentRow = z.object({
  id: z.string(),
  /** When the money came (or, for unfinished payments, when the order was made): an ISO instant. */
  date: z.string(),
  payee: z.string().nullable(),
  description: z.string(),
  kind: z.enum(PAYMENT_LIST_KINDS),
  purpose: z.string().nullable(),
  provider: z.enum(['paypal', 'demo', 'manual']),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** '40.00'; negative for a refund. */
  amount: z.string(),
  /** How much of it has been returned, and how much can still be. */
  refunded: z.string(),
  refundable: z.string(),
  status: z.enum(PAYMENT_LIST_STATUSES),
  reference: z.string().nullable(),
  /** The committee's reason for a refund, or what went wrong with a payment (e.g. captured after it was replaced). */
  note: z.string().nullable(),
  /** For a refund: the payment it returned money from. */
  refundOf: z.string().nullable(),
  /** The members a membership payment covered (whose membership a refund may end). */
  covers: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * Everyone the payment covers, as one line ('Ben, Lachlan and Mia Taylor'): the members of a membership, the
   * entrants of entry fees; for a refund, those of the payment it returned money from. Null: no one by name.
   */
  covering: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

export const paymentPage = z.object({ rows: z.array(paymentRow), total: z.number(), page: z.number(), pageSize: z.number() });
export type PaymentPage = z.infer<typeof paymentPage>;

/**
 * The fee for a new household, by the join form's rule: the family fee for a family, otherwise the person's own
 * fee plus each additional person's (junior under the club's junior age, adult otherwise).
 */
export function newHouseholdFeeCents(
  rules: Pick<MembershipRules, 'feesCents' | 'juniorUnder'>,
  type: MembershipType,
  additionalBirthDates: string[],
  today: string,
): number {
  const others = additionalBirthDates.map((d): MembershipType =>
    type === 'family' ? 'family' : isJuniorOn(rules, d, today) ? 'junior' : 'adult',
  );
  return householdFeeCents(rules, type, [type, ...others]);
}

export { MANUAL_METHOD_OPTIONS } from './payments';

/** 'Jane Citizen', 'Jane and John' → 'Jane Citizen and John Citizen', three or more with commas. */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The sentence the committee confirms before a refund, e.g. 'Refund $40.00 to Jane Citizen through PayPal and end
 * the membership of Jane Citizen.'
 */
export function refundSummary(refund: {
  amountCents: number;
  payee: string | null;
  provider: 'paypal' | 'demo' | 'manual';
  method: PaymentMethod | null;
  endMembership: boolean;
  members: string[];
}): string {
  const to = refund.payee ? ` to ${refund.payee}` : '';
  const money =
    refund.provider === 'paypal'
      ? `Refund ${formatAud(refund.amountCents)}${to} through PayPal`
      : refund.provider === 'demo'
        ? `Record a refund of ${formatAud(refund.amountCents)}${to} (a demo payment: no money moves)`
        : `Record a refund of ${formatAud(refund.amountCents)}${to} (paid by ${PAYMENT_METHOD_LABELS[refund.method ?? 'cash'].toLowerCase()}: the club returns the money itself)`;
  if (!refund.members.length) return `${money}.`;
  return refund.endMembership
    ? `${money} and end the membership of ${namesList(refund.members)}.`
    : `${money}. The membership of ${namesList(refund.members)} stays as it is.`;
}

/** The prices, for the dialog's hint. */
export const feeHint = ({ feesCents }: Pick<MembershipRules, 'feesCents'>) =>
  `Adult ${formatAud(feesCents.adult)}, junior ${formatAud(feesCents.junior)}, family ${formatAud(feesCents.family)} a year.`;
