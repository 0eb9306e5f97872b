import { deskCounts } from '../../../shared/entries';
import type { DeskEntrant, DeskView } from '../../../shared/entries.schema';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payments';
import { alreadyEnteredMessage, samePerson, type PersonMarks } from '../../../shared/same-person';
import { isUnsent, type QueuedDeskTap } from './desk-queue';

/** An entrant as the desk shows them: `waiting` while a tap for them is kept on the device, not yet with the club. */
export type ShownEntrant = DeskEntrant & { waiting?: boolean };
/** The desk's list as shown: the club's, with the taps not yet sent. */
export type ShownDesk = Omit<DeskView, 'entrants'> & { entrants: ShownEntrant[] };

/** One tap not yet with the club, applied to the list the desk shows (a refused one changes nothing). */
function applyTap(entrants: ShownEntrant[], entry: QueuedDeskTap): ShownEntrant[] {
  const { tap } = entry;
  if (tap.kind === 'guest' || tap.kind === 'member') return entry.walkUp ? [...entrants, { ...entry.walkUp, waiting: true }] : entrants;
  const id = tap.input.registrationId;
  if (tap.kind === 'remove') return entrants.filter((e) => e.registrationId !== id);
  return entrants.map((e) => {
    if (e.registrationId !== id) return e;
    if (tap.kind === 'checkIn') return { ...e, checkedInAt: tap.input.checkedIn ? (tap.input.at ?? entry.tappedAt) : null, waiting: true };
    // Money taken at the desk goes back by hand if they are taken off.
    return { ...e, paymentState: 'paid', paidBy: PAYMENT_METHOD_LABELS[tap.input.method], feeBack: 'by_hand', waiting: true };
  });
}

/**
 * The desk's list with what the desk did that the club does not have yet: check-ins, payments, walk-ups and removals
 * shown as done and marked as waiting to send; the counts follow.
 */
export function deskWithTaps(view: DeskView, queued: QueuedDeskTap[]): ShownDesk {
  const mine = queued.filter((q) => q.eventId === view.eventId && isUnsent(q));
  if (!mine.length) return view;
  const entrants = mine.reduce<ShownEntrant[]>(applyTap, view.entrants);
  return {
    ...view,
    entrants,
    counts: deskCounts(entrants),
  };
}

/**
 * What the desk is told before adding a walk-up already on its list, the walk-ups still waiting to send included
 * (`samePerson`, the club's own rule and sentence), or null: with or without signal, as the club would refuse it.
 */
export function alreadyOnDesk(desk: ShownDesk, person: PersonMarks, now: Date): string | null {
  const found = desk.entrants.find((e) => samePerson(person, { ...e, guest: e.kind === 'guest' }));
  return found
    ? alreadyEnteredMessage({ name: found.name, guest: found.kind === 'guest', enteredAt: found.enteredAt }, desk.eventName, now)
    : null;
}
