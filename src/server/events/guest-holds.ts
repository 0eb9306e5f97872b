import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import type { EventRegistration, Member } from '../db/entities';

/** An unpaid guest entry made online holds its place this long; then the next person may have it. */
export const UNPAID_GUEST_HOLD_MS = 10 * 60_000;

/** How many unpaid guest entries one network address may hold in one event at a time. */
export const UNPAID_GUEST_HOLDS_PER_ADDRESS = 2;

export const TOO_MANY_HOLDS = `${UNPAID_GUEST_HOLDS_PER_ADDRESS} guest entries made from this connection are still waiting for payment in this event. Pay for them, or wait until their ${UNPAID_GUEST_HOLD_MS / 60_000}-minute hold ends, before entering another guest.`;

/** What an entry remembers of the address that made it: a digest, never the address itself. */
export const holdKey = (ip: string) => createHash('sha256').update(ip).digest('base64url');

/**
 * Refuses a guest entry from an address that already holds UNPAID_GUEST_HOLDS_PER_ADDRESS unpaid places in this event.
 * In the caller's transaction: the advisory lock makes two entries sent together from one address count each other.
 */
export async function refuseIfHoldingTooMany(em: EntityManager, eventId: string, ip: string, now: Date): Promise<void> {
  const key = holdKey(ip);
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`guest-hold:${eventId}:${key}`]);
  const [row] = await em.execute<{ held: string }[]>(
    `select count(*) as held from event_registrations r join members m on m.id = r.member_id
     where m.is_guest and r.event_id = ? and r.held_from = ? and r.paid_at is null and r.fee_cents > 0
       and not r.pay_at_sign_on and r.created_at >= ?`,
    [eventId, key, new Date(now.getTime() - UNPAID_GUEST_HOLD_MS)],
  );
  if (Number(row?.held ?? 0) >= UNPAID_GUEST_HOLDS_PER_ADDRESS) throw new AppError('CONFLICT', TOO_MANY_HOLDS);
}

/**
 * Unpaid guest entries older than UNPAID_GUEST_HOLD_MS with no payment under way give their places back (someone who
 * left the payment page does not keep a place from a paying entrant). Run before places are taken, and by the
 * guest-holds job so that the counts people see agree. Returns how many places came free.
 */
export async function releaseStaleGuestEntries(em: EntityManager, eventId: string, now: Date): Promise<number> {
  const released = await em.execute<{ id: string }[]>(
    `delete from event_registrations r using members m
     where r.member_id = m.id and m.is_guest and r.event_id = ? and r.paid_at is null and r.fee_cents > 0
       and not r.pay_at_sign_on and r.created_at < ?
       and not exists (select 1 from payments p where p.event_id = r.event_id and p.status in ('pending', 'completed')
                       and p.entries @> jsonb_build_array(jsonb_build_object('registrationId', r.id::text)))
     returning r.id`,
    [eventId, new Date(now.getTime() - UNPAID_GUEST_HOLD_MS)],
  );
  if (released.length)
    await em.execute('update events set registered_count = greatest(0, registered_count - ?) where id = ?', [released.length, eventId]);
  return released.length;
}

/**
 * Until when an entry holds its place without being paid: a guest's online entry, unpaid, within its hold. Null for
 * anything else (paid, free, paying at the desk, a member's entry, or a hold that has ended).
 */
export function heldUntil(
  entry: Pick<EventRegistration, 'createdAt' | 'paidAt' | 'feeCents' | 'payAtSignOn' | 'refundedAt'> & { member: Pick<Member, 'isGuest'> },
  now: Date,
): Date | null {
  if (!entry.member.isGuest || entry.paidAt || entry.refundedAt || entry.feeCents <= 0 || entry.payAtSignOn) return null;
  const until = new Date(entry.createdAt.getTime() + UNPAID_GUEST_HOLD_MS);
  return until > now ? until : null;
}
