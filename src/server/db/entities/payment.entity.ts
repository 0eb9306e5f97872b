import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Household } from './household.entity';
import { User } from './user.entity';

export const PAYMENT_KINDS = ['membership', 'event', 'sponsorship'] as const;
export const PAYMENT_STATUSES = ['created', 'completed', 'declined', 'failed'] as const;
export const PAYMENT_PROVIDERS = ['paypal', 'demo'] as const;

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
