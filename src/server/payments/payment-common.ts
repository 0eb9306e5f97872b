import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { PAYMENTS_NOT_SET_UP } from '../../shared/payments';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Payment } from '../db/entities';
import type { Mailer } from '../integrations/mailer';
import { PaymentProviderError, type PaymentProvider } from '../integrations/payments';
import type { AuthService } from '../accounts/auth.service';

/**
 * What the parts of the payments service (checkout.ts, settlement.ts, webhooks.ts, refunds.ts, reconciliation.ts)
 * share: their dependencies, the answer of settling, and the few helpers each of them asks.
 */
export interface PaymentsDeps {
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider | null;
  publicUrl: string;
  auth: Pick<AuthService, 'welcomeLink'>;
  club: Pick<ClubSettingsService, 'profile' | 'membership' | 'documents'>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The browser making the call: a random key its session carries, made when it first creates an order. */
export interface PayerSession {
  key: string | undefined;
  ensureKey(): string;
}

/** What settling a provider's answer did to a payment. */
export type Settled =
  | { kind: 'completed'; paymentId: string; fresh: boolean }
  | { kind: 'pending'; paymentId: string }
  | { kind: 'declined'; paymentId: string; reason: string };

export const PROVIDER_DOWN = 'The payment service is not responding. No money was taken; please try again in a few minutes.';
export const NOT_YOURS = 'We could not find that payment. Please start the payment again.';
export const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';

/** The payment provider, or the refusal a site without one gives. */
export function providerOf(deps: PaymentsDeps): PaymentProvider {
  if (!deps.payments) throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP);
  return deps.payments;
}

export function todayFor(deps: PaymentsDeps): IsoDate {
  return clubToday(deps.clock.now());
}

/** Runs a call to the provider; its failure is logged and told as PROVIDER_DOWN. */
export async function guarded<T>(deps: PaymentsDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      deps.log.warn({ err: { message: error.message, status: error.status } }, 'Payment provider failed');
      throw new AppError('BAD_GATEWAY', PROVIDER_DOWN);
    }
    throw error;
  }
}

/** The idempotency key of capturing a payment's current order (an invoice's orders each get their own). */
export function captureRequestId(payment: Payment): string {
  return `capture-${payment.payTokenHash ? payment.providerOrderId : payment.id}`;
}

/** Whether the household of a membership order has paid by another payment made since (another tab, a double click). */
export async function alreadyPaidSince(em: EntityManager, payment: Payment): Promise<boolean> {
  if (!payment.household) return false;
  return (
    (await em.count(Payment, {
      household: payment.household,
      kind: 'membership',
      status: { $in: ['completed', 'pending'] },
      id: { $ne: payment.id },
      createdAt: { $gte: payment.createdAt },
    })) > 0
  );
}
