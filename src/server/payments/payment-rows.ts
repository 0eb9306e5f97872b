import type { PaymentRow } from '../../shared/admin-payments.schema';
import { centsToAmount } from '../../shared/membership';
import type { Payment } from '../db/entities';

// The committee's list of payments (AdminPaymentsService.list): its search by person, and one row as the list shows it.

/**
 * SQL true when someone a payment (or the payment a refund returns money from) covers matches the pattern: a
 * member of a membership by first or last name, an entrant of entry fees by the name the entry recorded. The
 * pattern is bound three times. Members are reached by primary key from the ids the payment holds.
 */
export const coversPersonLike = (alias: string) => `exists (
  select 1 from payments c
   where c.id in (${alias}.id, ${alias}.refund_of_id)
     and (exists (select 1 from jsonb_array_elements(coalesce(c.covers -> 'members', '[]'::jsonb)) as cm(v)
                    join members m on m.id = (cm.v ->> 'id')::uuid
                   where m.first_name ilike ? or m.last_name ilike ?)
       or exists (select 1 from jsonb_array_elements(coalesce(c.entries, '[]'::jsonb)) as ce(v) where ce.v ->> 'name' ilike ?)))`;

export function paymentRow(p: Payment, names: Map<string, string>, covering: string | null): PaymentRow {
  const isRefund = p.purpose === 'refund';
  const left = !isRefund && p.status === 'completed' ? Math.max(0, p.amountCents - p.refundedCents) : 0;
  return {
    id: p.id,
    date: (p.status === 'completed' || p.status === 'refunded' ? (p.capturedAt ?? p.createdAt) : p.createdAt).toISOString(),
    payee: p.payee ?? null,
    description: p.description,
    kind: p.kind,
    purpose: p.purpose ?? null,
    provider: p.provider,
    method: p.method ?? null,
    amount: centsToAmount(p.amountCents),
    refunded: centsToAmount(p.refundedCents),
    refundable: centsToAmount(left),
    status: p.status,
    // A manual refund's id is made up here; PayPal's refund and capture ids are what PayPal's dashboard shows.
    reference: p.reference ?? (isRefund && p.provider !== 'paypal' ? null : p.providerCaptureId) ?? null,
    note: p.lastError ?? null,
    refundOf: p.refundOf?.id ?? null,
    covers: (p.covers?.members ?? []).filter((m) => names.has(m.id)).map((m) => ({ id: m.id, name: names.get(m.id)! })),
    covering,
  };
}
