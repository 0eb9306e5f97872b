import type { FastifyInstance } from 'fastify';
import type { ClubProfile } from '../shared/club-profile';
import type { PageView } from '../shared/cms.schema';
import { contentPagePath, KEPT_FROM_CRAWLERS, matchRoute, PUBLIC_ROUTES } from '../shared/screens';

/** Reads the published content pages (the content cache's public read). */
type PublishedPages = () => Promise<Pick<PageView, 'slug' | 'updatedAt'>[]>;

/** Where search engines are not welcome: the API, and the screens kept from them (the member and admin areas, pages reached by links). */
const NOT_FOR_CRAWLERS = ['/api/', '/trpc/', '/paypal/', ...KEPT_FROM_CRAWLERS];

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/**
 * The status a page path answers with: 200 for a route of the app (a content page only while it is published, the
 * first-run setup page only while the club has no administrator), 404 for anything else. Either way the app itself
 * is sent, which draws the page or the not-found page.
 */
export async function pageStatus(url: string, publishedPages: PublishedPages, setupOpen: () => Promise<boolean>): Promise<200 | 404> {
  const match = matchRoute(url.split('?')[0]);
  if (match.kind === 'none') return 404;
  try {
    if (match.kind === 'page') return match.screen !== 'setup' || (await setupOpen()) ? 200 : 404;
    return (await publishedPages()).some((page) => page.slug === match.slug) ? 200 : 404;
  } catch {
    // The database is unreachable: let the app try (it shows its own message) rather than claim the page is gone.
    return 200;
  }
}

/**
 * The web app manifest a phone installs the site from: the club's name and short name (under the icon), its main
 * colour for the phone's bars; the rest the same for every club. Opens on the member portal.
 */
export function webManifest(club: Pick<ClubProfile, 'name' | 'shortName' | 'colours'>) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: club.name,
    short_name: club.shortName,
    description: "Log catches from the riverbank (even without signal), register for competitions and read the club's news.",
    id: '/member',
    start_url: '/member?from=home-screen',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: club.colours.primary,
    background_color: '#ffffff',
    lang: 'en-AU',
    categories: ['sports', 'lifestyle'],
    icons: [icon('icon-192.png', 192, 'any'), icon('icon-512.png', 512, 'any'), icon('maskable-512.png', 512, 'maskable')],
    shortcuts: [{ name: 'Log a Catch', url: '/member?tab=fish-logging', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
  };
}

/**
 * `/robots.txt` and `/sitemap.xml`, with absolute addresses on `publicUrl`; `/manifest.webmanifest` from the club's
 * profile (checked again on every use, so a new name or colour reaches phones without a new build).
 */
export function registerSiteFiles(
  app: FastifyInstance,
  publicUrl: string,
  publishedPages: PublishedPages,
  clubProfile: () => Promise<ClubProfile>,
): void {
  const site = publicUrl.replace(/\/+$/, '');

  app.get('/manifest.webmanifest', async (_req, reply) => {
    const manifest = webManifest(await clubProfile());
    return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(manifest));
  });

  app.get('/robots.txt', async (_req, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${site}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    const pages = await publishedPages();
    const entries = [
      ...PUBLIC_ROUTES.map((path) => ({ loc: `${site}${path}`, lastmod: undefined as string | undefined })),
      ...pages.map((page) => ({ loc: `${site}${contentPagePath(page.slug)}`, lastmod: page.updatedAt })),
    ];
    const urls = entries.map(
      ({ loc, lastmod }) => `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
}
