import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { MEMBERSHIP_TYPES } from '../../../shared/membership';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/payments';
import { Event } from './event.entity';
import { Household } from './household.entity';
import { Sponsor } from './sponsor.entity';
import { User } from './user.entity';

export { PAYMENT_KINDS, PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/payments';

/** 'manual': recorded by the committee (cash, bank transfer, a card at the desk). */
export const PAYMENT_PROVIDERS = ['paypal', 'demo', 'manual'] as const;

/** Exactly what a membership payment was priced for: these people, as these types. Capture activates no one else. */
export interface PaymentCovers {
  householdType: (typeof MEMBERSHIP_TYPES)[number];
  members: { id: string; membershipType: (typeof MEMBERSHIP_TYPES)[number] }[];
}

/** Exactly what an entry-fee payment was priced for: these entries, at these prices. */
export type PaymentEntries = { registrationId: string; memberId: string; name: string; feeCents: number }[];

/** Every payment, as the provider reported it; the source for receipts, reports and accounting. */
const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  indexes: [{ properties: ['status', 'capturedAt'] }, { properties: ['household', 'status'] }, { properties: ['sponsor'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    kind: p.enum(PAYMENT_KINDS),
    /** Memberships: 'join' or 'renewal'; sponsorships: the package; refunds: 'refund'. */
    purpose: p.string().length(40).nullable(),
    household: () => p.manyToOne(Household).nullable().deleteRule('set null'),
    sponsor: () => p.manyToOne(Sponsor).nullable().deleteRule('set null'),
    /** Sponsorships: the season paid for, e.g. '2026-27' (1 July to 30 June). */
    season: p.string().length(10).nullable(),
    covers: p.json<PaymentCovers>().nullable(),
    /** Entry fees (kind 'event'): the event, and exactly the entries the order was priced for. Capture marks no others paid. */
    event: () => p.manyToOne(Event).nullable().deleteRule('set null'),
    entries: p.json<PaymentEntries>().nullable(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The browser that created the order (a random key in its session); only it or `createdBy` may capture. */
    payerKey: p.string().length(64).nullable(),
    description: p.string().length(200),
    /** Who paid, as the accounts show it: the household's primary member, or the sponsor. */
    payee: p.string().length(200).nullable(),
    /** Negative for a refund. */
    amountCents: p.integer(),
    currency: p.string().length(3),
    provider: p.enum(PAYMENT_PROVIDERS),
    /** How the money came: PayPal, the demo provider, or cash / bank transfer / card recorded by the committee. */
    method: p.enum(PAYMENT_METHODS).nullable(),
    /** A receipt number or bank reference the committee typed for a manual payment. */
    reference: p.string().length(120).nullable(),
    providerOrderId: p.string().length(64).unique(),
    providerCaptureId: p.string().length(64).nullable(),
    status: p.enum(PAYMENT_STATUSES).default('created'),
    capturedAt: p.datetime().nullable(),
    /** A refund row points at the payment it returns money from. */
    refundOf: () => p.manyToOne(Payment).nullable().deleteRule('set null'),
    /** On the original payment: how much of it has been returned so far. */
    refundedCents: p.integer().default(0),
    /** SHA-256 of the secret in a sponsor's pay link (sponsorship invoices only). */
    payTokenHash: p.string().length(64).nullable().unique(),
    /** When the reconciliation job last asked the provider about this payment. */
    checkedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    rawResponse: p.json<unknown>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);
