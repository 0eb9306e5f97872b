import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QueuedDeskTap } from '../../src/client/features/admin/desk-queue';
import { alreadyOnDesk, deskWithTaps } from '../../src/client/features/admin/desk-with-taps';
import { RemoveEntrantDialog } from '../../src/client/features/admin/remove-entrant-dialog';
import { type DeskEntrant, aDesk, aDeskEntrant } from './builders';
import { fakeServer, renderWithProviders } from './render';

const entrant = (registrationId: string, name: string, fields: Partial<DeskEntrant> = {}) =>
  aDeskEntrant({
    registrationId,
    memberId: `m-${registrationId}`,
    name,
    dateOfBirth: '1980-01-01',
    age: 40,
    enteredAt: '2026-12-06T19:00:00.000Z',
    ...fields,
  });

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

describe('a walk-up already on the desk, without signal', () => {
  const NOW = new Date('2026-12-06T19:30:00.000Z');
  const guestTap = (firstName: string, key: string, fields: Partial<DeskEntrant> = {}) =>
    tap({
      key,
      tap: { kind: 'guest', input: { eventId: 'e1', firstName, lastName: 'Walkup', dateOfBirth: '1979-03-14', requestKey: key } },
      walkUp: entrant(`pending:${key}`, `${firstName} Walkup`, {
        kind: 'guest',
        dateOfBirth: '1979-03-14',
        enteredAt: '2026-12-06T19:10:00.000Z',
        ...fields,
      }),
    });

  it('is found among the taps still waiting to send, by name and birthday in any case or by e-mail, with the club’s sentence', () => {
    const shown = deskWithTaps(VIEW, [guestTap('Wendy', 'w1', { email: 'wendy@example.com' })]);
    const wendy = { guest: true, firstName: ' WENDY', lastName: 'walkup', dateOfBirth: '1979-03-14', email: null };
    expect(alreadyOnDesk(shown, wendy, NOW)).toBe(
      'Wendy Walkup is already entered in Club Day (as a guest, since 6:10 am). Nothing was added.',
    );
    const sameAddress = { guest: true, firstName: 'Wanda', lastName: 'Other', dateOfBirth: '1960-01-01', email: 'Wendy@Example.com' };
    expect(alreadyOnDesk(shown, sameAddress, NOW)).toContain('Wendy Walkup is already entered');
    // A member with a guest's name and birthday is the same person; the member already entered is too.
    const member = { guest: false, memberId: 'm9', firstName: 'Wendy', lastName: 'Walkup', dateOfBirth: '1979-03-14' };
    expect(alreadyOnDesk(shown, member, NOW)).toContain('(as a guest, since 6:10 am)');
    expect(alreadyOnDesk(shown, { guest: false, memberId: 'm-r2', firstName: 'Ben', lastName: 'Bream' }, NOW)).toContain(
      'Ben Bream is already entered in Club Day (as a member',
    );
  });

  it('is not another person: another birthday, two member records with one name, someone taken off before sending', () => {
    const shown = deskWithTaps(VIEW, [guestTap('Wendy', 'w2'), tap({ tap: { kind: 'remove', input: { registrationId: 'r3' } } })]);
    expect(alreadyOnDesk(shown, { guest: true, firstName: 'Wendy', lastName: 'Walkup', dateOfBirth: '1980-03-14' }, NOW)).toBeNull();
    const namesake = { guest: false, memberId: 'm-other', firstName: 'Ben', lastName: 'Bream', dateOfBirth: '1980-01-01' };
    expect(alreadyOnDesk(shown, namesake, NOW)).toBeNull();
    expect(alreadyOnDesk(shown, { guest: false, memberId: 'm-r3', firstName: 'Cat', lastName: 'Cod' }, NOW)).toBeNull();
  });
});

describe('cash taken without signal, then the entrant taken off before it is sent', () => {
  const cash = (registrationId: string) =>
    tap({ tap: { kind: 'payment', input: { registrationId, method: 'cash', reference: '', requestKey: `pay-${registrationId}` } } });
  const removing = (entrant: DeskEntrant) =>
    renderWithProviders(<RemoveEntrantDialog eventId="e1" eventName="Club Day" entrant={entrant} onClose={() => {}} />, fakeServer({}));

  it('the remove dialog says the cash is handed back', async () => {
    const [ana] = deskWithTaps(VIEW, [cash('r1')]).entrants;
    removing(ana);
    await screen.findByRole('dialog', { name: 'Remove an entrant' });
    expect(screen.getByText('Their $10.00 (cash) is recorded as refunded: hand it back to them.')).toBeTruthy();
    expect(screen.queryByText(/Nothing has been paid/)).toBeNull();
  });

  it('for a walk-up the club has not had yet: the cash goes back, nothing is recorded', async () => {
    const walkUp = entrant('pending:w9', 'Wendy Walkup', { kind: 'guest', fee: '15.00' });
    const shown = deskWithTaps(VIEW, [
      tap({
        key: 'w9',
        tap: {
          kind: 'guest',
          input: { eventId: 'e1', firstName: 'Wendy', lastName: 'Walkup', dateOfBirth: '1979-03-14', requestKey: 'w9' },
        },
        walkUp,
      }),
      cash('pending:w9'),
    ]);
    removing(shown.entrants.find((e) => e.name === 'Wendy Walkup')!);
    await screen.findByRole('dialog', { name: 'Remove an entrant' });
    expect(screen.getByText('Their $15.00 (cash) was taken here and never sent to the club: hand it back to them.')).toBeTruthy();
  });
});
