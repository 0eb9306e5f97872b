import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { Household, Payment } from '../db/entities';

/**
 * A household's membership orders and the changes to who is in it are serialised on the household's row: an order
 * is priced, and its row written, under that row's lock (payments.service), and so is every change to the household
 * (a join form sent again, a junior added or removed, the committee's edits). A change voids every unpaid order
 * priced for the household as it was, so no order can activate a household that is no longer what it priced, and no
 * interleaving of the two leaves a household paying less than its fee. A change waits for nothing outside the
 * database: it is refused while PayPal holds a payment for the household or while one is being captured.
 */

/** A capture that started this long ago and never finished (its request died) may be tried again. */
export const CAPTURE_CLAIM_MS = 15_000;

/** Why an order was voided by a change to its household; the member reads it when they try to pay it. */
export const HOUSEHOLD_CHANGED = 'The household changed after this payment was set up.';

/** Who is told that a change must wait: the member about their own household, or the committee about a member's. */
type Audience = 'member' | 'committee';

const HELD: Record<Audience, string> = {
  member: 'PayPal is still processing a membership payment for your household. Try again once PayPal releases it.',
  committee:
    'PayPal is still processing a membership payment for this household, so it cannot change now. Try again once PayPal releases it.',
};

const CAPTURING: Record<Audience, string> = {
  member: 'A payment for your household is being confirmed right now. Please try again in a minute.',
  committee: 'A payment for this household is being confirmed right now, so it cannot change for a minute. Please try again then.',
};

/** Locks the household's row for the rest of the caller's transaction: order pricing and other changes wait. */
export function lockHousehold(em: EntityManager, householdId: string): Promise<Household> {
  return em.findOneOrFail(Household, { id: householdId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/**
 * Starts a change to a household, inside the caller's transaction: locks its row, refuses while PayPal holds a
 * membership payment for it or one is being captured, and voids its unpaid orders (they priced the household as
 * it was; a new order replaces them just the same, with its own `voidReason`). Returns the locked household.
 */
export async function beginHouseholdChange(
  em: EntityManager,
  householdId: string,
  now: Date,
  audience: Audience,
  voidReason = HOUSEHOLD_CHANGED,
): Promise<Household> {
  const household = await lockHousehold(em, householdId);
  if (await em.count(Payment, { household, kind: 'membership', status: 'pending' })) {
    throw new AppError('CONFLICT', HELD[audience]);
  }
  // An order whose capture was claimed within CAPTURE_CLAIM_MS is being captured: the update leaves it, and the
  // change is refused below. A claim made after this update finds the order void and captures nothing.
  await em.nativeUpdate(
    Payment,
    {
      household,
      kind: 'membership',
      status: 'created',
      $or: [{ checkedAt: null }, { checkedAt: { $lt: new Date(now.getTime() - CAPTURE_CLAIM_MS) } }],
    },
    { status: 'void', lastError: voidReason, checkedAt: null },
  );
  if (await em.count(Payment, { household, kind: 'membership', status: 'created' })) {
    throw new AppError('CONFLICT', CAPTURING[audience]);
  }
  return household;
}
