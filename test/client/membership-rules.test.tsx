import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setMembershipRules } from '../../src/client/lib/membership-rules';
import { renderPage } from '../../src/client/render-page';
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { NEWS_LIMIT } from '../../src/shared/screens';
import { BAY_MEMBERSHIP } from '../support/second-club';
import { SIGNED_OUT, fakeServer, renderApp } from './render';

/** The price cards of the home page, each as its title, price and note read. */
async function priceCards() {
  const cards = await Promise.all(
    ['Join as Adult', 'Join as Junior', 'Join as Family'].map((name) => screen.findByRole('button', { name })),
  );
  return cards.map((button) => button.closest<HTMLElement>('.mantine-Card-root')!.textContent!.replace(/Join as \w+$/, ''));
}

describe("another club's membership rules on the screens", () => {
  beforeEach(() => setMembershipRules(BAY_MEMBERSHIP));

  it('prices the home page with its fees, its junior age and its family, and follows a change at once', async () => {
    renderApp('/public', fakeServer(SIGNED_OUT));
    expect(await priceCards()).toEqual(['Adult$55Annual membership', 'Junior$20Under 18', 'FamilyBest Value$1102 adults and 4 juniors']);
    expect(screen.queryByText(/\$40|\$30|\$120|Under 16/)).toBeNull();

    act(() => setMembershipRules(EXAMPLE_MEMBERSHIP_RULES));
    expect(await priceCards()).toEqual(['Adult$40Annual membership', 'Junior$30Under 16', 'FamilyBest Value$1202 adults and 3 juniors']);
  });

  it('offers its types, prices and family on the join form, and totals with its junior age', async () => {
    const user = userEvent.setup();
    renderApp('/public', fakeServer(SIGNED_OUT));
    await user.click(await screen.findByRole('button', { name: 'Join as Family' }));
    const type = await screen.findByLabelText(/^Membership Type/);
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Adult: $55.00', 'Junior (under 18): $20.00', 'Family (2 adults + 4 juniors): $110.00']);
    expect(screen.getByText(/Family covers up to 2 adults and 4 juniors \(under 18\)/)).toBeTruthy();
    expect(screen.getByText('Total to pay: $110.00 AUD')).toBeTruthy();
    // A family of 2 adults and 4 juniors: five more people at most beside the one joining.
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Add family member' }));
    expect(screen.queryByRole('button', { name: 'Add family member' })).toBeNull();

    // Adult with one more: a 16- or 17-year-old is a junior under 18 (an adult under the example club's 16).
    await user.selectOptions(type, 'adult');
    await user.click(screen.getByLabelText('Add another member and pay together'));
    fireEvent.change(screen.getAllByLabelText('Date of birth')[0], { target: { value: `${new Date().getFullYear() - 17}-07-01` } });
    expect(screen.getByText('Total to pay: $75.00 AUD')).toBeTruthy();
  });

  it('draws the first screen on the server with the rules it is given', async () => {
    const { html } = await renderPage(
      '/public',
      [
        { path: 'auth.me', data: null },
        { path: 'cms.settings', data: { siteTitle: '', contactEmail: '', menu: [], footer: [] } },
        { path: 'cms.sections', input: { pageSlug: 'home' }, data: [] },
        { path: 'cms.news', input: { limit: NEWS_LIMIT }, data: [] },
      ],
      EXAMPLE_CLUB_PROFILE,
      { ...BAY_MEMBERSHIP, feesCents: { adult: 6000, junior: 2500, family: 13000 } },
    );
    expect(html).toContain('$60');
    expect(html).toContain('$130');
    expect(html).toContain('Under 18');
  });
});
