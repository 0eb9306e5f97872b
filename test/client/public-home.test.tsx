import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_CLUB_PROFILE as CLUB } from '../../src/shared/club-example';
import { type Profile, aPaymentSetup, aProfile, aUser } from './builders';
import { type FakeServer, NOT_YET_JOINED, SIGNED_OUT, fakeServer, ok, renderApp } from './render';

const MIA = aUser();

describe('/public welcome card', () => {
  it('asks a visitor to join', async () => {
    renderApp('/public', fakeServer(SIGNED_OUT));
    expect(await screen.findByRole('button', { name: 'Join the Club' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My Portal' })).toBeNull();
  });

  it('takes a member to their portal instead of asking them to join', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      ...NOT_YET_JOINED,
      'auth.me': () => ok(MIA),
      'members.profile': () => ok(aProfile({ status: 'active' })),
    });
    renderApp('/public', server);
    const link = await screen.findByRole('link', { name: 'My Portal' });
    expect(link.getAttribute('href')).toBe('/member');
    expect(screen.queryByRole('button', { name: 'Join the Club' })).toBeNull();
  });

  it('asks someone signed in without a membership to join', async () => {
    renderApp('/public', fakeServer({ ...SIGNED_OUT, ...NOT_YET_JOINED, 'auth.me': () => ok(MIA) }));
    expect(await screen.findByRole('button', { name: 'Join the Club' })).toBeTruthy();
  });
});

/** Mia's family membership, paid a year ahead: renewal opens 60 days before it ends. */
const MIAS_FAMILY = aProfile({
  membershipType: 'family',
  expiryDate: '2027-11-21',
  household: [
    { id: 'm1', firstName: 'Mia', lastName: 'Fisher', membershipType: 'family' },
    { id: 'm2', firstName: 'Lachlan', lastName: 'Fisher', membershipType: 'family' },
  ],
  renewalAmount: '120.00',
  renewal: { open: false, opensOn: '2027-09-22', extendsTo: '2028-11-21' },
});

function memberServer(profile: Profile) {
  return fakeServer({
    ...SIGNED_OUT,
    ...NOT_YET_JOINED,
    'auth.me': () => ok(MIA),
    'members.profile': () => ok(profile),
    'payments.setup': () => ok(aPaymentSetup()),
    'payments.createOrder': () => ok({ id: 'DEMO-1' }),
    'payments.capture': () =>
      ok({
        id: 'DEMO-1',
        status: 'COMPLETED',
        amount: profile.renewalAmount,
        currency: 'AUD',
        membership: {
          status: 'active',
          memberSince: profile.memberSince!,
          expiryDate: profile.renewal.extendsTo,
          members: profile.household.map((m) => `${m.firstName} ${m.lastName}`),
        },
      }),
  });
}

const orders = (server: FakeServer) =>
  server.mutations().flatMap((c) => c.procedures.flatMap((p, i) => (p === 'payments.createOrder' ? [c.inputs[i]] : [])));

describe('/public price cards for a current member', () => {
  it('says until when they are a member and offers renewal instead of the join form', async () => {
    const user = userEvent.setup();
    const server = memberServer(MIAS_FAMILY);
    renderApp('/public', server);
    await user.click(await screen.findByRole('button', { name: 'Join as Adult' }));

    const dialog = await screen.findByRole('dialog', { name: 'You are already a member' });
    expect(
      within(dialog).getByText(
        `You are a member of ${CLUB.name} until 21/11/2027, so there is nothing to join. Your membership covers Mia and Lachlan Fisher.`,
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Renewal opens on 22/09/2027. You can renew early now: paying $120.00 extends your membership to 21/11/2028.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^First Name/)).toBeNull();

    // Renewing early is the portal's renewal: the payment dialog, the order marked early.
    await user.click(within(dialog).getByRole('button', { name: 'Renew early' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $120.00 (demo)' }));
    await vi.waitFor(() => expect(orders(server)).toEqual([expect.objectContaining({ amount: '120.00', earlyRenewal: true })]));
    expect(server.mutations().some((c) => c.procedures.includes('members.register'))).toBe(false);
  });

  it("offers 'Renew Membership' once renewal is open", async () => {
    const user = userEvent.setup();
    const renewable = { ...MIAS_FAMILY, expiryDate: '2026-12-20', renewal: { open: true, opensOn: '2026-10-21', extendsTo: '2027-12-20' } };
    renderApp('/public', memberServer(renewable));
    await user.click(await screen.findByRole('button', { name: 'Join as Family' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are already a member' });
    expect(within(dialog).getByText('Renewal is open: paying $120.00 extends your membership to 20/12/2027.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Renew Membership' })).toBeTruthy();
  });

  it('shows a visitor the join form', async () => {
    const user = userEvent.setup();
    renderApp('/public', fakeServer(SIGNED_OUT));
    await user.click(await screen.findByRole('button', { name: 'Join as Junior' }));
    expect(await screen.findByRole('dialog', { name: 'Join the Club' })).toBeTruthy();
    expect(await screen.findByLabelText(/^First Name/)).toBeTruthy();
  });
});
