import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CalendarSubscription } from '../../src/client/features/portal/calendar-subscription';
import { MembershipCards } from '../../src/client/features/portal/membership-card';
import { PaymentsHistory } from '../../src/client/features/portal/payments-history';
import { clubToday, formatAuDate } from '../../src/shared/dates';
import { aMemberCard } from './builders';
import { fakeServer, ok, renderApp, renderWithProviders, SIGNED_OUT } from './render';

const today = clubToday(new Date());
const nextYear = `${Number(today.slice(0, 4)) + 1}-06-30`;
const CARD = aMemberCard({
  own: true,
  name: 'Casey Newman',
  membershipType: 'adult',
  status: 'active',
  memberSince: '2024-07-01',
  expiryDate: nextYear,
  suspendedUntil: null,
});

describe('membership card', () => {
  it('shows the name, type, expiry, Current member and a QR code; reissuing asks first', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'memberCard.mine': () =>
        ok({ cards: [CARD, { ...CARD, memberId: 'junior', own: false, name: 'Sam Newman', membershipType: 'junior' }] }),
      'memberCard.reissue': () => ok({ ...CARD, verifyUrl: 'https://club.test/verify/BBBBBBBBBBBBBBBBBBBBBBBB' }),
    });
    renderWithProviders(<MembershipCards />, server);
    const card = await screen.findByRole('region', { name: 'Membership card: Casey Newman' });
    expect(within(card).getByText('Adult membership')).toBeTruthy();
    expect(within(card).getByText('Current member')).toBeTruthy();
    expect(within(card).getByText(`Expires ${formatAuDate(nextYear)}`)).toBeTruthy();
    expect(within(card).getByText('Member since 2024')).toBeTruthy();
    const qr = within(card).getByRole('img', { name: "QR code to check Casey Newman's membership" });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('region', { name: 'Membership card: Sam Newman' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Lost or shared? Issue a new code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a new code?' });
    expect(within(dialog).getByText(/Your card gets a new QR code\. The old one .* stops working at once\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Issue a new code' }));
    await waitFor(() => expect(server.mutations().map((c) => c.procedures[0])).toEqual(['memberCard.reissue']));
    expect(server.mutations()[0].inputs[0]).toEqual({ memberId: CARD.memberId });
  });

  it('reads Not current once the expiry has passed, even from the copy kept on the phone', async () => {
    renderWithProviders(
      <MembershipCards />,
      fakeServer({ 'memberCard.mine': () => ok({ cards: [{ ...CARD, expiryDate: '2020-06-30' }] }) }),
    );
    expect(await screen.findByText('Not current')).toBeTruthy();
    expect(screen.getByText('Expired 30/06/2020 · renew to use this card')).toBeTruthy();
  });

  it('says when there is no card yet', async () => {
    renderWithProviders(<MembershipCards />, fakeServer({ 'memberCard.mine': () => ok({ cards: [] }) }));
    expect(await screen.findByText('Your membership card appears here once your membership has been paid.')).toBeTruthy();
  });
});

describe('payments', () => {
  it('lists date, what for, amount, status and a receipt link for money received', async () => {
    renderWithProviders(
      <PaymentsHistory />,
      fakeServer({
        'memberPayments.history': () =>
          ok([
            {
              id: 'r1',
              date: '2026-11-20T01:00:00.000Z',
              description: 'Refund: Adult membership fee',
              amount: '-15.00',
              state: 'refund',
              method: 'PayPal',
              receiptUrl: null,
            },
            {
              id: 'p1',
              date: '2026-07-01T01:00:00.000Z',
              description: 'Adult membership fee',
              amount: '40.00',
              state: 'part_refunded',
              method: 'PayPal',
              receiptUrl: '/api/members/payments/p1/receipt.pdf',
            },
          ]),
      }),
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Refund: Adult membership fee20/11/2026 · PayPal-$15.00Refund',
      'Adult membership fee01/07/2026 · PayPalReceipt (PDF)$40.00Partly refunded',
    ]);
    expect(within(items[1]).getByRole('link', { name: 'Receipt (PDF)' }).getAttribute('href')).toBe('/api/members/payments/p1/receipt.pdf');
  });
});

describe('calendar subscription', () => {
  it('offers the webcal address, the https address to copy, and a reset that asks first', async () => {
    const user = userEvent.setup();
    const feed = {
      webcalUrl: 'webcal://club.test/api/calendar/old.ics',
      httpsUrl: 'https://club.test/api/calendar/old.ics',
      issuedAt: '2026-11-01T00:00:00.000Z',
    };
    const server = fakeServer({
      'calendarFeed.mine': () => ok(feed),
      'calendarFeed.reset': () =>
        ok({ ...feed, webcalUrl: 'webcal://club.test/api/calendar/new.ics', httpsUrl: 'https://club.test/api/calendar/new.ics' }),
    });
    renderWithProviders(<CalendarSubscription />, server);
    expect((await screen.findByRole('link', { name: 'Subscribe in my calendar app' })).getAttribute('href')).toBe(feed.webcalUrl);
    expect((screen.getByLabelText('Calendar address') as HTMLInputElement).value).toBe(feed.httpsUrl);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(feed.httpsUrl);

    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Calendar address') as HTMLInputElement).value).toBe('https://club.test/api/calendar/new.ics'),
    );
    expect(server.mutations().map((c) => c.procedures[0])).toEqual(['calendarFeed.reset']);
  });
});

describe('/verify', () => {
  it('shows Current member with the name, for anyone, signed out', async () => {
    renderApp(
      '/verify/AAAAAAAAAAAAAAAAAAAAAAAA',
      fakeServer({
        ...SIGNED_OUT,
        'verify.card': () => ok({ current: true, name: 'Casey Newman', checkedAt: '2026-11-24T09:00:00.000Z' }),
      }),
    );
    expect(await screen.findByText('Current member')).toBeTruthy();
    expect(screen.getByText('Casey Newman')).toBeTruthy();
  });

  it('shows Not a current member, and that the card is not recognised when the club does not know the code', async () => {
    renderApp(
      '/verify/guess',
      fakeServer({ ...SIGNED_OUT, 'verify.card': () => ok({ current: false, name: null, checkedAt: '2026-11-24T09:00:00.000Z' }) }),
    );
    expect(await screen.findByText('Not a current member')).toBeTruthy();
    expect(screen.getByText('This card is not recognised.')).toBeTruthy();
  });
});
