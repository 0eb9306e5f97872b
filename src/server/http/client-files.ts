import type { ClubProfile } from '../../shared/club-profile';
import type { CompetitionRules } from '../../shared/competition';
import type { ClubDocuments } from '../../shared/documents';
import type { MembershipRules } from '../../shared/membership';
import type { ClubSpecies } from '../../shared/species';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageView } from '../../shared/cms.schema';
import { pageStatus, registerSiteFiles } from '../site-pages';
import { sendCompressed } from './compression';
import { firstScreenHtml } from './first-screen-html';
import { API_PREFIXES } from './security';

export interface ClientFilesOptions {
  /** Folder of the built client; without its index.html only the API is served. */
  clientDir?: string;
  production: boolean;
  publicUrl: string;
  /** The published content pages, for the sitemap and the status of /pages/<slug>. */
  publishedPages: () => Promise<PageView[]>;
  /** Whether the first-run setup page is open (the club has no administrator yet). */
  setupOpen: () => Promise<boolean>;
  /** The club's profile, carried in every page's HTML. */
  clubProfile: () => Promise<ClubProfile>;
  /** The club's membership rules, carried in every page's HTML too. */
  membershipRules: () => Promise<MembershipRules>;
  /** The club's competition rules (entry fees, times, prizes and points), carried in every page's HTML too. */
  competitionRules: () => Promise<CompetitionRules>;
  /** The club's species and their legal sizes, carried in every page's HTML too. */
  clubSpecies: () => Promise<ClubSpecies>;
  /** The club's documents, each at its version, carried in every page's HTML too. */
  clubDocuments: () => Promise<ClubDocuments>;
}

/**
 * The single-page app and what goes with it: the built files (hashed assets kept a year, the rest revalidated),
 * robots.txt and the sitemap, and every other page path answered with the app and the status crawlers should see.
 */
export async function registerClientFiles(app: FastifyInstance, options: ClientFilesOptions): Promise<void> {
  const { production, publishedPages } = options;
  const clientDir = options.clientDir && existsSync(path.join(options.clientDir, 'index.html')) ? options.clientDir : undefined;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // `/` is a page like the others (below): the app with its first screen's data.
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts); a client that accepts one gets it.
      preCompressed: true,
      // The manifest is the club's, served from its profile (site-pages.ts): a build from before that left it here.
      globIgnore: ['manifest.webmanifest', 'manifest.webmanifest.*'],
      // The client's source maps stay with the developers: in production they answer 404 like any unknown path.
      ...(production ? { allowedPath: (file: string) => !file.endsWith('.map') } : {}),
      setHeaders(res, file) {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  registerSiteFiles(app, options.publicUrl, publishedPages, options.clubProfile);
  const firstScreen = clientDir ? firstScreenHtml(clientDir, { url: options.publicUrl, secureSession: production }, options) : undefined;

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isPage) return reply.code(404).send({ message: 'Not found.' });
    // The single-page app draws every page, the not-found page included; the status tells crawlers which is which.
    reply.code(await pageStatus(req.url, publishedPages, options.setupOpen));
    // A browser opening the page gets it with its data (personal for a member: kept by nobody but that browser);
    // anything else, the service worker saving the app included, the plain app.
    if (firstScreen && req.method === 'GET' && isPageOpen(req)) {
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie').type('text/html');
      return sendCompressed(req, reply, await firstScreen.page(app, req));
    }
    if (clientDir) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.type('text/html').send('<!doctype html><p>The client has not been built. Run <code>npm run build</code>.</p>');
  });
}

/**
 * A browser opening a page: its own navigation (`Sec-Fetch-Dest: document` or `Sec-Fetch-Mode: navigate`), the
 * service worker's navigation preload included; never the worker fetching the app's copy for itself.
 */
function isPageOpen(req: FastifyRequest): boolean {
  return req.headers['sec-fetch-dest'] === 'document' || req.headers['sec-fetch-mode'] === 'navigate';
}
