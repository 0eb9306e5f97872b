import { addDays, type IsoDate } from './dates';
import { membershipEnd, type MembershipRules } from './membership';

export const PAYMENT_KINDS = ['membership', 'event', 'sponsorship'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/**
 * created: waiting for the payer (or an invoice waiting to be paid); pending: the provider accepted the payment but
 * has not released the money yet; completed: money received; void: replaced or closed, can never activate anything.
 * 'declined', 'failed' and 'refunded' are kept for older rows: a refund is a negative payment of its own, so the
 * original stays 'completed' and sums of received money net it out.
 */
export const PAYMENT_STATUSES = ['created', 'pending', 'completed', 'declined', 'failed', 'refunded', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How money reached the club (payments recorded by the site or by the committee). */
export const PAYMENT_METHODS = ['paypal', 'demo', 'cash', 'bank_transfer', 'card', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods the committee records by hand. */
export const MANUAL_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card', 'cheque'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  demo: 'Demo payment',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card (at the desk)',
  cheque: 'Cheque',
};

/** The committee's choice of method, for a select. */
export const MANUAL_METHOD_OPTIONS = MANUAL_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** What the payment screens say where the site takes no online payments (no PayPal, and no demo payments here). */
export const PAYMENTS_NOT_SET_UP = 'Online payment is not set up yet — pay the treasurer.';

/** Renewal opens this many days before a membership ends; earlier needs an explicit early renewal. */
export const RENEWAL_WINDOW_DAYS = 60;

/**
 * Where a household stands for renewal, from its members' expiry dates: open from RENEWAL_WINDOW_DAYS before the
 * latest expiry, or once lapsed or never paid; a renewal runs to the end of the membership year after the later of
 * today and that expiry (`membershipEnd`).
 */
export function renewalWindow(
  rules: Pick<MembershipRules, 'year'>,
  expiryDates: (IsoDate | null)[],
  today: IsoDate,
): { open: boolean; opensOn: IsoDate | null; expiryDate: IsoDate | null; extendsTo: IsoDate } {
  const expiryDate = expiryDates.reduce<IsoDate | null>((max, d) => (d && (!max || d > max) ? d : max), null);
  const opensOn = expiryDate ? addDays(expiryDate, -RENEWAL_WINDOW_DAYS) : null;
  const extendsTo = membershipEnd(rules, expiryDate && expiryDate > today ? expiryDate : today);
  return { open: !opensOn || opensOn <= today, opensOn, expiryDate, extendsTo };
}
