import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE as CLUB } from '../../src/shared/club-example';
import { aSponsor } from './builders';
import { type Answers, type FakeServer, type Output, SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

function contentServer(answers: Answers = {}) {
  return fakeServer({ ...SIGNED_OUT, ...answers });
}

const inputOf = (server: FakeServer, procedure: string) => {
  const call = server.calls.find((c) => c.procedures.includes(procedure));
  return call?.inputs[call.procedures.indexOf(procedure)];
};

const SPONSOR = aSponsor({
  companyName: 'Tweed Tackle & Bait',
  logoUrl: '/objects/tackle.webp',
  websiteUrl: 'https://tweedtackle.example',
});
const NAME_ONLY_SPONSOR = aSponsor({
  id: '55555555-5555-4555-8555-555555555555',
  companyName: 'Kingscliff Marine',
  logoUrl: null,
  websiteUrl: null,
});

describe('landing page texts', () => {
  it("shows a published section's text instead of the default, and the default for every key without one", async () => {
    const server = contentServer({
      'cms.sections': () =>
        ok([
          { sectionKey: 'hero_title', title: 'Hero Title', content: 'Cast a line with us', contentType: 'text' },
          { sectionKey: 'feature_events_desc', title: 'Events', content: 'Twelve club days a year.', contentType: 'text' },
          { sectionKey: 'final_cta_button', title: 'Button', content: '<strong>Start here</strong>', contentType: 'html' },
        ]),
    });
    renderApp('/', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cast a line with us' })).toBeTruthy();
    expect(screen.getByText('Twelve club days a year.')).toBeTruthy();
    expect(screen.queryByText('Club days, working bees and social outings on the river, estuary and beaches.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start here' })).toBeTruthy();
    // Keys without a section keep their defaults.
    expect(screen.getByRole('button', { name: 'Join Our Club Today' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Learn More' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Community' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ready to Cast Your Line?' })).toBeTruthy();
    expect(inputOf(server, 'cms.sections')).toEqual({ pageSlug: 'landing' });
  });

  it('shows the defaults while the sections load and when the request fails', async () => {
    renderApp('/', contentServer({ 'cms.sections': () => ({ status: 500, body: 'down' }) }));
    expect(await screen.findByRole('heading', { level: 1, name: CLUB.name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Our Club Today' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login / Get Started' })).toBeTruthy();
    expect(screen.getByText('Monthly competitions across seven species categories, with prizes and champion points.')).toBeTruthy();
  });

  it('shows the sponsor strip (logo or name) only when there are sponsors', async () => {
    const first = renderApp('/', contentServer({ 'sponsors.active': () => ok([SPONSOR, NAME_ONLY_SPONSOR]) }));
    const strip = await screen.findByTestId('sponsor-logo-strip');
    const logo = within(strip).getByRole('img', { name: 'Tweed Tackle & Bait' });
    expect(logo.getAttribute('src')).toBe('/objects/tackle.webp');
    expect(logo.closest('a')?.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    expect(within(strip).getByText('Kingscliff Marine')).toBeTruthy();
    first.unmount();

    renderApp('/', contentServer());
    expect(await screen.findByText('No upcoming events at the moment. Check back soon!')).toBeTruthy();
    expect(screen.queryByTestId('sponsor-logo-strip')).toBeNull();
  });
});

describe('public home', () => {
  const ARTICLE = {
    id: '66666666-6666-4666-8666-666666666666',
    title: 'Flathead Classic results',
    excerpt: 'A record turnout at Jack Evans Boat Harbour.',
    content: '<p>Sam took out the <em>senior</em> division with a 68 cm flathead.</p>',
    featuredImageUrl: '/objects/classic.webp',
    published: true,
    publishedAt: '2026-11-14T22:00:00.000Z',
    createdAt: '2026-11-14T21:00:00.000Z',
  };

  it('renders the home sections, the news with Read more, and the sponsors card', async () => {
    const server = contentServer({
      'cms.sections': (input) =>
        (input as { pageSlug: string }).pageSlug === 'home'
          ? ok([
              { sectionKey: 'intro', title: 'Intro', content: 'First paragraph.\n\nSecond paragraph.', contentType: 'text' },
              {
                sectionKey: 'about_content',
                title: 'About',
                content: '<h3>Our history</h3><p>Founded on the Tweed.</p>',
                contentType: 'html',
              },
              { sectionKey: 'about_image', title: 'Members at the boat ramp', content: '/objects/ramp.webp', contentType: 'image' },
            ])
          : ok([]),
      'cms.news': () => ok([ARTICLE]),
      'sponsors.active': () => ok([SPONSOR]),
    });
    const user = userEvent.setup();
    renderApp('/public', server);

    expect(await screen.findByText('First paragraph.')).toBeTruthy();
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'Our history' });
    expect(history.closest('.cms-content')).toBeTruthy();
    expect(screen.getByText('Founded on the Tweed.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Members at the boat ramp' }).getAttribute('src')).toBe('/objects/ramp.webp');
    expect(inputOf(server, 'cms.sections')).toEqual({ pageSlug: 'home' });

    const article = await screen.findByTestId('news-article');
    expect(within(article).getByRole('heading', { name: 'Flathead Classic results' })).toBeTruthy();
    expect(within(article).getByText('15 November 2026')).toBeTruthy();
    expect(within(article).getByText('A record turnout at Jack Evans Boat Harbour.')).toBeTruthy();
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/objects/classic.webp');
    expect(within(article).queryByText(/with a 68 cm flathead/)).toBeNull();
    await user.click(within(article).getByRole('button', { name: 'Read more' }));
    expect(
      within(article)
        .getByText(/with a 68 cm flathead/)
        .closest('.cms-content'),
    ).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    const sponsors = screen.getByRole('region', { name: 'Our Sponsors' });
    expect(within(sponsors).getByRole('link', { name: 'Tweed Tackle & Bait' })).toBeTruthy();
    expect(within(sponsors).getByText('Shirt Sponsor')).toBeTruthy();
  });

  it('shows no sponsors card and no news when there are none', async () => {
    renderApp('/public', contentServer());
    expect(await screen.findByText('No upcoming events at the moment. Check back soon!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Our Sponsors' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Club News' })).toBeNull();
  });
});

describe('content pages (/pages/$slug)', () => {
  const PAGE: Output<'cms.contentPage'> = {
    title: 'Club History',
    slug: 'club-history',
    content: '<p>The club was founded in 1978.</p>',
    metaDescription: 'How the club began on the Tweed.',
    sections: [],
  };
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;

  afterEach(() => {
    document.title = '';
  });

  it('shows the page, sets the title and the meta description, and puts them back on leaving', async () => {
    document.title = 'Before';
    const server = contentServer({
      'cms.contentPage': () => ok(PAGE),
      'cms.settings': () => ok({ siteTitle: 'Tweed Anglers', contactEmail: 'hello@tweedanglers.example' }),
    });
    const { router } = renderApp('/pages/club-history', server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Club History' })).toBeTruthy();
    expect(screen.getByText('The club was founded in 1978.').closest('.cms-content')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Club History · Tweed Anglers'));
    expect(description()).toBe('How the club began on the Tweed.');
    expect(inputOf(server, 'cms.contentPage')).toEqual({ slug: 'club-history' });

    await router.navigate({ to: '/sponsor' });
    await waitFor(() => expect(document.title).toBe('Before'));
    expect(description()).toBeNull();
  });

  it("shows 'Page not found' with a link home for an unknown or unpublished page", async () => {
    renderApp('/pages/nowhere', contentServer({ 'cms.contentPage': () => trpcError(404, 'NOT_FOUND', 'Page not found.') }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("shows the page's published sections after its text, in the order they come: text, HTML and image", async () => {
    const server = contentServer({
      'cms.contentPage': () =>
        ok({
          ...PAGE,
          slug: 'about',
          title: 'About the club',
          sections: [
            { sectionKey: 'main_content', title: 'Main', contentType: 'html', content: '<h2>Our history</h2><p>Since 1978.</p>' },
            { sectionKey: 'committee', title: 'Committee', contentType: 'text', content: 'President: Sam\n\nSecretary: Pat' },
            {
              sectionKey: 'photo',
              title: 'Members at Fingal Head',
              contentType: 'image',
              content: '/api/objects/images/11111111-1111-4111-8111-111111111111.webp',
            },
          ],
        }),
    });
    renderApp('/pages/about', server);
    const article = (await screen.findByRole('heading', { level: 1, name: 'About the club' })).closest('article')!;
    const texts = [...article.querySelectorAll('h2, p, img')].map((el) =>
      el.tagName === 'IMG' ? `img:${el.getAttribute('alt')}` : el.textContent,
    );
    expect(texts).toEqual([
      'The club was founded in 1978.',
      'Our history',
      'Since 1978.',
      'President: Sam',
      'Secretary: Pat',
      'img:Members at Fingal Head',
    ]);
  });
});

describe('menu and footer pages', () => {
  const settings = {
    siteTitle: 'Tweed Anglers',
    contactEmail: 'hello@tweedanglers.example',
    menu: [
      { slug: 'about', title: 'About the club' },
      { slug: 'where-to-fish', title: 'Where to fish' },
    ],
    footer: [{ slug: 'about', title: 'About the club' }],
  };

  it('links the chosen pages from the main navigation and the footer, from the settings the frame loads anyway', async () => {
    const server = contentServer({ 'cms.settings': () => ok(settings) });
    renderApp('/sponsor', server);
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await within(main).findByRole('link', { name: 'Where to fish' });
    const links = within(main).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/public'],
      ['About the club', '/pages/about'],
      ['Where to fish', '/pages/where-to-fish'],
      ['Sponsors', '/sponsor'],
    ]);
    const footer = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'About the club' }).getAttribute('href')).toBe('/pages/about');
    // No request of their own.
    expect(server.calls.flatMap((c) => c.procedures).filter((p) => p.startsWith('cms.'))).toEqual(['cms.settings']);
  });

  it('opens a menu page from the menu', async () => {
    const server = contentServer({
      'cms.settings': () => ok(settings),
      'cms.contentPage': () =>
        ok({
          slug: 'where-to-fish',
          title: 'Where to fish',
          metaDescription: null,
          content: '<p>Fingal Head on a rising tide.</p>',
          sections: [],
        }),
    });
    const user = userEvent.setup();
    renderApp('/sponsor', server);
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(main).findByRole('link', { name: 'Where to fish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Where to fish' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Where to fish' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('footer', () => {
  it('shows the site title and contact e-mail from the settings', async () => {
    renderApp(
      '/sponsor',
      contentServer({ 'cms.settings': () => ok({ siteTitle: 'Tweed Anglers', contactEmail: 'hello@tweedanglers.example' }) }),
    );
    const footer = await screen.findByRole('contentinfo');
    const mail = await within(footer).findByRole('link', { name: 'hello@tweedanglers.example' });
    expect(mail.getAttribute('href')).toBe('mailto:hello@tweedanglers.example');
    expect(within(footer).getByText(/^Tweed Anglers ·/)).toBeTruthy();
    // The browser tab too.
    await waitFor(() => expect(document.title).toBe('Tweed Anglers'));
  });

  it("falls back to the club's own name and address when the settings fail", async () => {
    renderApp('/sponsor', contentServer({ 'cms.settings': () => ({ status: 500, body: 'down' }) }));
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: CLUB.contactEmail }).getAttribute('href')).toBe(`mailto:${CLUB.contactEmail}`);
    expect(within(footer).getByText(new RegExp(`^${CLUB.name} ·`))).toBeTruthy();
  });
});
