import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clubProfile, keepClubProfile, setClubProfile } from '../../src/client/lib/club-profile';
import { renderPage } from '../../src/client/render-page';
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import type { ClubProfile } from '../../src/shared/club-profile';
import { CLUB_PROFILE_ID } from '../../src/shared/club-profile-plain';
import { SIGNED_OUT, fakeServer, ok, renderApp } from './render';

/** Another club than the example: every screen must name it, never the Tweed's. */
const BAY: ClubProfile = {
  name: 'Moreton Bay Anglers Club',
  shortName: 'Bay Anglers',
  town: 'Redcliffe',
  area: 'Moreton Bay',
  localName: 'the Bay',
  state: 'QLD',
  timeZone: 'Australia/Brisbane',
  contactEmail: 'hello@bayanglers.example',
  abn: '',
  gstRegistered: false,
  associationNumber: '',
  logoUrl: '/api/images/bay-anglers-logo.png',
  colours: { primary: '#2f9e44', primaryDark: '#1b5e20', accent: '#f08c00', sand: '#f4f8f1' },
};

/** A site whose committee has set no site title or contact e-mail: the club's own are shown. */
const UNSET: typeof SIGNED_OUT = { ...SIGNED_OUT, 'cms.settings': () => ok({ siteTitle: '', contactEmail: '', menu: [], footer: [] }) };

afterEach(() => document.getElementById(CLUB_PROFILE_ID)?.remove());

describe("the club's profile on the screens", () => {
  it("names another club on the landing page, in the header and in the footer, in its region's words", async () => {
    setClubProfile(BAY);
    renderApp('/', fakeServer(UNSET));
    expect(await screen.findByRole('heading', { level: 1, name: BAY.name })).toBeTruthy();
    const home = screen.getByRole('link', { name: `${BAY.name} home` });
    expect(home.querySelector('img')?.getAttribute('src')).toBe(BAY.logoUrl);
    expect(
      screen.getByText('Fishing the rivers, estuaries and beaches of Moreton Bay, Queensland. Join a friendly club of local anglers.'),
    ).toBeTruthy();
    expect(screen.getByText('Meet fellow anglers from across the Bay, share local knowledge and fish together.')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`${BAY.name} · Moreton Bay, Queensland`)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: BAY.contactEmail }).getAttribute('href')).toBe(`mailto:${BAY.contactEmail}`);
    expect(document.body.textContent).not.toMatch(/Tweed/);
  });

  it('draws the screens again when the committee saves a new profile', async () => {
    renderApp('/', fakeServer(UNSET));
    expect(await screen.findByRole('heading', { level: 1, name: EXAMPLE_CLUB_PROFILE.name })).toBeTruthy();
    act(() => setClubProfile(BAY));
    expect(await screen.findByRole('heading', { level: 1, name: BAY.name })).toBeTruthy();
    expect(screen.queryByText(EXAMPLE_CLUB_PROFILE.name)).toBeNull();
  });

  it('paints the theme in the club’s colours', async () => {
    setClubProfile(BAY);
    renderApp('/', fakeServer(UNSET));
    await screen.findByRole('heading', { level: 1, name: BAY.name });
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain(`--mantine-color-blue-8: ${BAY.colours.primary}`);
    expect(styles).toContain(`--mantine-color-teal-6: ${BAY.colours.accent}`);
  });
});

describe('the profile a page carries', () => {
  const pageCarries = (text: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CLUB_PROFILE_ID;
    script.textContent = text;
    document.head.append(script);
  };

  it("is the app's club from the start, and kept for the app opened offline", () => {
    pageCarries(JSON.stringify(BAY));
    expect(keepClubProfile()).toBe(true);
    expect(clubProfile()).toEqual(BAY);
    document.getElementById(CLUB_PROFILE_ID)!.remove();
    setClubProfile(EXAMPLE_CLUB_PROFILE);
    pageCarries('');
    localStorage.setItem('club-profile', JSON.stringify(BAY));
    expect(keepClubProfile()).toBe(true);
    expect(clubProfile().name).toBe(BAY.name);
  });

  it('is not taken when it is not a profile', () => {
    pageCarries(JSON.stringify({ ...BAY, colours: { primary: 'green' } }));
    expect(keepClubProfile()).toBe(true);
    // The device's copy (the example club's, which every test starts with) instead.
    expect(clubProfile().name).toBe(EXAMPLE_CLUB_PROFILE.name);
  });

  it('names the club in the first screen the server draws', async () => {
    const { html } = await renderPage(
      '/',
      [
        { path: 'auth.me', data: null },
        { path: 'cms.settings', data: { siteTitle: '', contactEmail: '', menu: [], footer: [] } },
        { path: 'cms.sections', input: { pageSlug: 'landing' }, data: [] },
      ],
      BAY,
      EXAMPLE_MEMBERSHIP_RULES,
    );
    expect(html).toContain(BAY.name);
    expect(html).not.toMatch(/Tweed/);
  });
});
