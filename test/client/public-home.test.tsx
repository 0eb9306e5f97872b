import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Output, NOT_YET_JOINED, SIGNED_OUT, fakeServer, ok, renderApp } from './render';

const MIA: Output<'auth.me'> = {
  id: 'u1',
  email: 'mia@example.com',
  firstName: 'Mia',
  lastName: 'Fisher',
  role: 'member',
  emailVerified: true,
  hasPassword: false,
};

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
      'members.profile': () =>
        ok({
          id: 'm1',
          firstName: 'Mia',
          lastName: 'Fisher',
          email: 'mia@example.com',
          phone: '0412 345 678',
          address: '1 Wharf St, Tweed Heads',
          dateOfBirth: '1990-04-01',
          gender: 'female',
          shirtSize: 'M',
          membershipType: 'adult',
          status: 'active',
          memberSince: '2026-11-21',
          expiryDate: '2027-11-21',
          household: [{ id: 'm1', firstName: 'Mia', lastName: 'Fisher', membershipType: 'adult' }],
          renewalAmount: '40.00',
          paymentState: 'paid',
          renewal: { open: false, opensOn: '2027-09-22', extendsTo: '2028-11-21' },
        } as NonNullable<Output<'members.profile'>>),
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
