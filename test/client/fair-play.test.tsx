import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminJudgingTab } from '../../src/client/features/admin/judging-tab';
import { addYears, clubToday, formatAuDate } from '../../src/shared/dates';
import type { JudgedCatchView } from '../../src/shared/judging.schema';
import { type Profile, aDashboard, aJudgedCatch, aProfile, aUser, anAdminEvent } from './builders';
import { type Answers, type FakeServer, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';

const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const OTHER_EVENT_ID = '44444444-4444-4444-8444-444444444444';
const ANGLER_ID = '55555555-5555-4555-8555-555555555555';

/** Mia's flathead, approved by Ada Min after correcting its length. */
const APPROVED = aJudgedCatch({
  id: '11111111-1111-4111-8111-111111111111',
  fishType: 'Flathead',
  size: 44.5,
  fishKeptOrReleased: 'released',
  status: 'verified',
  eventId: EVENT_ID,
  eventName: 'Flathead Classic',
  anglerName: 'Mia Fisher',
  anglerId: ANGLER_ID,
  thumbnailUrl: 'https://files.example.com/catches/abc-thumb.webp',
  flags: [],
  verifiedByName: 'Ada Min',
  correctedFrom: { fishType: 'Flathead', size: 45 },
  disqualified: null,
  anglerSuspendedUntil: null,
});

/** Sam's bream, rejected as a re-used photo: Sam is disqualified from the event and suspended. */
const REJECTED = aJudgedCatch({
  id: '22222222-2222-4222-8222-222222222222',
  fishType: 'Bream',
  size: 31,
  status: 'rejected',
  eventId: EVENT_ID,
  anglerName: 'Sam Carter',
  rejectReason: 'This is the same photo as a catch entered at an earlier competition.',
  flags: ['duplicate_photo'],
  disqualified: { at: '2026-12-06T03:20:00.000Z', reason: 'Re-used photo.' },
  anglerSuspendedUntil: '2027-06-06',
});

const EVENTS = [
  anAdminEvent({ id: EVENT_ID, name: 'Flathead Classic', eventDate: '2026-12-05T20:00:00.000Z' }),
  anAdminEvent({ id: OTHER_EVENT_ID, name: 'Whiting Wars', eventDate: '2026-12-05T20:00:00.000Z' }),
];

function judgedServer(rows: JudgedCatchView[], extra: Answers = {}) {
  return fakeServer({
    'admin.catches.queue': () => ok([]),
    'admin.catches.waitingEvents': () => ok([]),
    'admin.events.list': () => ok(EVENTS),
    'admin.catches.judged': (input) => ok({ rows, total: 45, page: input.page ?? 1, pageSize: 20 }),
    ...extra,
  });
}

const inputsOf = (server: FakeServer, procedure: string) =>
  server.calls
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === procedure)
    .map(([, i]) => i);

async function openJudged(server: FakeServer) {
  const user = userEvent.setup();
  renderWithProviders(<AdminJudgingTab />, server);
  await user.click(await screen.findByRole('radio', { name: 'Judged' }));
  return user;
}

describe("the judges' Judged view", () => {
  it('lists decided catches with verdict, judge, reason, correction, flags and sanctions, and filters and pages on the server', async () => {
    const server = judgedServer([APPROVED, REJECTED]);
    const user = await openJudged(server);
    const [approved, rejected] = await screen.findAllByTestId('judged-catch');

    expect(within(approved).getByRole('img', { name: 'Catch photo: Flathead by Mia Fisher' }).getAttribute('src')).toBe(
      APPROVED.thumbnailUrl,
    );
    expect(within(approved).getByText('Flathead · 44.5 cm · Released')).toBeTruthy();
    expect(within(approved).getByText('Approved, corrected')).toBeTruthy();
    expect(within(approved).getByText('Logged as Flathead, 45 cm')).toBeTruthy();
    expect(within(approved).getByText(/^By Ada Min, /)).toBeTruthy();
    expect(within(approved).getByText('No flags')).toBeTruthy();
    expect(within(approved).getByRole('button', { name: 'Disqualify from this event' })).toBeTruthy();
    expect(within(approved).getByRole('button', { name: 'Suspend member' })).toBeTruthy();

    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText(`Reason: ${REJECTED.rejectReason}`)).toBeTruthy();
    expect(within(rejected).getByText('Same photo submitted before')).toBeTruthy();
    expect(within(rejected).getByText('Disqualified from this event')).toBeTruthy();
    expect(within(rejected).getByText('Suspended until 06/06/2027')).toBeTruthy();
    expect(within(rejected).getByRole('button', { name: 'Reinstate' })).toBeTruthy();
    expect(within(rejected).getByRole('button', { name: 'Lift suspension' })).toBeTruthy();

    expect(inputsOf(server, 'admin.catches.judged')).toEqual([{ page: 1, pageSize: 20 }]);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(inputsOf(server, 'admin.catches.judged').at(-1)).toEqual({ page: 2, pageSize: 20 }));
    // A filter starts again on the first page.
    await user.selectOptions(screen.getByLabelText('Event'), 'Whiting Wars (06/12/2026)');
    await user.selectOptions(screen.getByLabelText('Verdict'), 'Rejected');
    await user.selectOptions(screen.getByLabelText('Flag'), 'Same photo submitted before');
    await waitFor(() =>
      expect(inputsOf(server, 'admin.catches.judged').at(-1)).toEqual({
        eventId: OTHER_EVENT_ID,
        status: 'rejected',
        flag: 'duplicate_photo',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('says when nothing matches the filters', async () => {
    const server = fakeServer({
      'admin.catches.queue': () => ok([]),
      'admin.catches.waitingEvents': () => ok([]),
      'admin.events.list': () => ok(EVENTS),
      'admin.catches.judged': () => ok({ rows: [], total: 0, page: 1, pageSize: 20 }),
    });
    const user = await openJudged(server);
    expect(await screen.findByText('No catches judged yet.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Verdict'), 'Approved');
    expect(await screen.findByText('No judged catches match these filters.')).toBeTruthy();
  });

  it('reopens a decision only with a reason', async () => {
    const server = judgedServer([APPROVED], {
      'admin.catches.reopen': (input) => ok({ ...APPROVED, id: input.id, status: 'pending', verified: false }),
    });
    const user = await openJudged(server);
    const card = (await screen.findAllByTestId('judged-catch'))[0];
    await user.click(within(card).getByRole('button', { name: 'Reopen Flathead by Mia Fisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen this decision?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Please say why the decision is reopened (at least 3 characters).')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'The angler sent the uncropped photo.');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Decision reopened')).toBeTruthy();
    expect(inputsOf(server, 'admin.catches.reopen')).toEqual([{ id: APPROVED.id, reason: 'The angler sent the uncropped photo.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disqualifies the angler from the event with a reason, and shows what the server says', async () => {
    const server = judgedServer([APPROVED], {
      'admin.events.disqualify': () =>
        ok({ message: 'Mia Fisher is disqualified from Flathead Classic: their catches in it no longer count.' }),
    });
    const user = await openJudged(server);
    const card = (await screen.findAllByTestId('judged-catch'))[0];
    await user.click(within(card).getByRole('button', { name: 'Disqualify from this event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disqualify Mia Fisher?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Re-used photo from an earlier competition.');
    await user.click(within(dialog).getByRole('button', { name: 'Disqualify' }));
    expect(await screen.findByText('Mia Fisher is disqualified from Flathead Classic: their catches in it no longer count.')).toBeTruthy();
    expect(inputsOf(server, 'admin.events.disqualify')).toEqual([
      { eventId: EVENT_ID, memberId: ANGLER_ID, reason: 'Re-used photo from an earlier competition.' },
    ]);
  });

  it('suspends the member until a day with a reason, and puts the server’s refusal under the date', async () => {
    const latest = addYears(clubToday(new Date()), 1);
    const tooLate = `A suspension is at most 12 months: choose a day on or before ${formatAuDate(latest)}.`;
    let tries = 0;
    const server = judgedServer([APPROVED], {
      'admin.members.suspend': () =>
        tries++ === 0
          ? trpcError(400, 'BAD_REQUEST', tooLate, { fieldErrors: { until: tooLate } })
          : ok({ message: 'Mia Fisher is suspended until 06/06/2027.' }),
    });
    const user = await openJudged(server);
    const card = (await screen.findAllByTestId('judged-catch'))[0];
    await user.click(within(card).getByRole('button', { name: 'Suspend member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Mia Fisher?' });
    const until = within(dialog).getByLabelText(/Suspended until/) as HTMLInputElement;
    expect(until.max).toBe(latest);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    // The date is typed the Australian way, so the schema's sentence names that format.
    expect(await within(dialog).findByText('Please choose the last day of the suspension (DD/MM/YYYY).')).toBeTruthy();
    expect(server.mutations()).toEqual([]);

    await user.type(until, '2027-06-06');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Photo tampering.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(tooLate)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Mia Fisher is suspended until 06/06/2027.')).toBeTruthy();
    expect(inputsOf(server, 'admin.members.suspend').at(-1)).toEqual({
      memberId: ANGLER_ID,
      until: '2027-06-06',
      reason: 'Photo tampering.',
    });
  });
});

describe('the member portal while suspended', () => {
  const profile = aProfile({ firstName: 'Morgan', lastName: 'Reef', status: 'active' });
  const portal = (p: Profile) =>
    fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(aUser({ firstName: 'Morgan', lastName: 'Reef' })),
      'members.profile': () => ok(p),
      'members.dashboard': () => ok(aDashboard()),
      'events.myRegistrations': () => ok([]),
      'catches.mine': () => ok([]),
    });

  it('shows a red banner with the end date and the reason', async () => {
    renderApp('/member', portal({ ...profile, suspension: { until: '2027-05-31', reason: 'Photo tampering at the Jack Challenge.' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Membership suspended');
    expect(alert.textContent).toContain(
      'Your membership is suspended until 31/05/2027: Photo tampering at the Jack Challenge. You cannot enter events or log catches until then.',
    );
  });

  it('shows no banner when not suspended', async () => {
    renderApp('/member', portal({ ...profile, suspension: null }));
    expect(await screen.findByText('Active Member')).toBeTruthy();
    expect(screen.queryByText(/suspended/)).toBeNull();
  });
});
