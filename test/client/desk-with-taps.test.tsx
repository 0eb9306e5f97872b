import { describe, expect, it } from 'vitest';
import type { QueuedDeskTap } from '../../src/client/features/admin/desk-queue';
import { deskWithTaps } from '../../src/client/features/admin/desk-with-taps';
import { type DeskEntrant, aDesk, aDeskEntrant } from './builders';

const entrant = (registrationId: string, name: string, fields: Partial<DeskEntrant> = {}) =>
  aDeskEntrant({ registrationId, memberId: `m-${registrationId}`, name, age: 40, enteredAt: '2026-12-06T19:00:00.000Z', ...fields });

/** Three members entered at Club Day, each to pay at the desk, nobody checked in yet. */
const VIEW = aDesk({
  eventId: 'e1',
  eventName: 'Club Day',
  eventDate: '2026-12-06T19:00:00.000Z',
  entriesCloseAt: '2026-12-06T21:00:00.000Z',
  entrants: [entrant('r1', 'Ana Angler'), entrant('r2', 'Ben Bream'), entrant('r3', 'Cat Cod')],
});

let n = 0;
const tap = (fields: Pick<QueuedDeskTap, 'tap'> & Partial<QueuedDeskTap>): QueuedDeskTap => ({
  key: `k${(n += 1)}`,
  eventId: 'e1',
  userId: 'u1',
  tappedAt: `2026-12-06T19:0${n}:00.000Z`,
  label: 'a tap',
  state: 'waiting',
  ...fields,
});

describe('the desk list with the taps not yet sent', () => {
  it('shows check-ins, payments, a walk-up and a removal as done and waiting, with the counts', () => {
    const walkUp = entrant('pending:k9', 'Wendy Walkup', { kind: 'guest', fee: '15.00' });
    const shown = deskWithTaps(VIEW, [
      tap({ tap: { kind: 'checkIn', input: { registrationId: 'r1', checkedIn: true, requestKey: 'q1', at: '2026-12-06T19:05:00.000Z' } } }),
      tap({ tap: { kind: 'payment', input: { registrationId: 'r1', method: 'cash', reference: '', requestKey: 'q2' } } }),
      tap({ tap: { kind: 'remove', input: { registrationId: 'r3' } } }),
      tap({
        tap: {
          kind: 'guest',
          input: { eventId: 'e1', firstName: 'Wendy', lastName: 'Walkup', dateOfBirth: '1979-03-14', requestKey: 'k9' },
        },
        walkUp,
      }),
    ]);
    expect(shown.entrants.map((e) => [e.name, e.checkedInAt, e.paymentState, e.paidBy, e.waiting ?? false])).toEqual([
      ['Ana Angler', '2026-12-06T19:05:00.000Z', 'paid', 'Cash', true],
      ['Ben Bream', null, 'pay_at_sign_on', null, false],
      ['Wendy Walkup', null, 'pay_at_sign_on', null, true],
    ]);
    expect(shown.counts).toEqual({ entered: 3, checkedIn: 1, paid: 1, toPay: 2, held: 0 });
  });

  it('leaves out what the club refused or had from another desk, and what belongs to another event', () => {
    const shown = deskWithTaps(VIEW, [
      tap({
        state: 'failed',
        error: 'Ben Bream has already paid (Card (at the desk)). Nothing was recorded.',
        tap: { kind: 'payment', input: { registrationId: 'r2', method: 'cash', reference: '', requestKey: 'q3' } },
      }),
      tap({
        state: 'noted',
        error: 'Ana Angler was already checked in at 6:05 am.',
        tap: { kind: 'checkIn', input: { registrationId: 'r1', checkedIn: true, requestKey: 'q4' } },
      }),
      tap({ eventId: 'e2', tap: { kind: 'remove', input: { registrationId: 'r2' } } }),
    ]);
    expect(shown).toBe(VIEW);
  });
});
