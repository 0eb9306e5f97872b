import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Household } from './household.entity';
import { User } from './user.entity';

export const PAYMENT_KINDS = ['membership', 'event', 'sponsorship'] as const;
/** 'refunded': money returned; never counted in revenue. */
export const PAYMENT_STATUSES = ['created', 'completed', 'declined', 'failed', 'refunded'] as const;
/** 'manual': recorded by the committee (a sponsorship invoiced and received outside the site). */
export const PAYMENT_PROVIDERS = ['paypal', 'demo', 'manual'] as const;

/** Every payment, as the provider reported it; the source for receipts, reports and accounting. */
const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  indexes: [{ properties: ['status', 'capturedAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    kind: p.enum(PAYMENT_KINDS),
    /** For memberships: 'join' or 'renewal'. */
    purpose: p.string().length(40).nullable(),
    household: () => p.manyToOne(Household).nullable().deleteRule('set null'),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    description: p.string().length(200),
    /** Who paid, as the accounts show it: the household's primary member, or the sponsor. */
    payee: p.string().length(200).nullable(),
    amountCents: p.integer(),
    currency: p.string().length(3),
    provider: p.enum(PAYMENT_PROVIDERS),
    providerOrderId: p.string().length(64).unique(),
    providerCaptureId: p.string().length(64).nullable(),
    status: p.enum(PAYMENT_STATUSES).default('created'),
    capturedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    rawResponse: p.json<unknown>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);
