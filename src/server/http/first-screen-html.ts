import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DRAWN_AT_ATTRIBUTE,
  drawnOnServer,
  FIRST_SCREEN_DATA_ID,
  firstScreenModules,
  firstScreenReads,
  whoIs,
  type FirstAnswer,
  type PageAddress,
} from '../../shared/first-screen';
import { APP_FONT_FAMILY } from '../../shared/app-font';
import { escapeHtml } from '../../shared/escape-html';
import { CLUB_PROFILE_ID, type ClubProfile } from '../../shared/club-profile';
import { CLUB_CLOCK_ID, clockYearsAround, zoneOffsetsFor, type ZoneOffsets } from '../../shared/club-clock';
import { clubTimeZone, keepZoneOffsets } from '../../shared/dates';
import { MEMBERSHIP_RULES_ID, type MembershipRules } from '../../shared/membership';
import { COMPETITION_RULES_ID, type CompetitionRules } from '../../shared/competition';
import { SPECIES_ID, type ClubSpecies } from '../../shared/species';
import { CLUB_DOCUMENTS_ID, type ClubDocuments } from '../../shared/documents';
import { CLUB_ADDRESS_ID, type ClubAddress } from '../../shared/club-address';
import { FIRST_SCREEN_MODULES, isFullScreenPage, type FirstRead } from '../../shared/screens';
import { serverDrawnPages } from './server-drawn-pages';

/** Marks the reads this server asks of itself for a page: the page request was counted by the rate limit already. */
const OWN_READ_HEADER = 'x-first-screen-read';
const OWN_READ_TOKEN = randomBytes(16).toString('hex');

/** Whether a request is one of the first-screen reads this process made for a page (not a client's, which cannot know the token). */
export const isOwnFirstScreenRead = (req: FastifyRequest) => req.headers[OWN_READ_HEADER] === OWN_READ_TOKEN;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface FirstScreenHtml {
  /** The app's HTML for a page opened in the browser, carrying its first screen's data and its route's (and tab's) files. */
  page(app: FastifyInstance, req: FastifyRequest): Promise<string>;
}

/**
 * The app's HTML with what a page's first screen needs, so a phone on a weak signal does not wait for the script
 * before asking for the page's data and its route's code (two more round trips): the answers to the first screen's
 * reads (shared/first-screen.ts), asked of the API itself with the visitor's cookie, and the route's script
 * (`modulepreload`) and styles (from Vite's manifest); and the club's address, so a page opened at another one can
 * say where the club's site is. Undefined when the client was built without a manifest. Only for a browser opening a
 * page (`Sec-Fetch-Dest: document`), never for the service worker's saved copy of the app, which must not keep
 * anyone's data.
 */
export function firstScreenHtml(
  clientDir: string,
  address: ClubAddress,
  club: {
    clubProfile: () => Promise<ClubProfile>;
    membershipRules: () => Promise<MembershipRules>;
    competitionRules: () => Promise<CompetitionRules>;
    clubSpecies: () => Promise<ClubSpecies>;
    clubDocuments: () => Promise<ClubDocuments>;
  },
): FirstScreenHtml | undefined {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const routeLinks = new Map(FIRST_SCREEN_MODULES.map((module) => [module, preloadLinks(manifest, module)]));
  const clubAddress = jsonScript(CLUB_ADDRESS_ID, address);
  const draw = serverDrawnPages(clientDir);

  return {
    async page(app, req) {
      const { pathname, searchParams } = new URL(req.url, 'http://site');
      const address: PageAddress = { pathname, search: searchParams };
      const [answers, profile, rules, competition, species, documents] = await Promise.all([
        firstAnswers(app, req, address),
        // Unreadable (the database away since the site started): the page opens without them, and the app uses its copy.
        club.clubProfile().catch(() => null),
        club.membershipRules().catch(() => null),
        club.competitionRules().catch(() => null),
        club.clubSpecies().catch(() => null),
        club.clubDocuments().catch(() => null),
      ]);
      const modules = firstScreenModules(address, whoIs(answers.find((a) => a.path === 'auth.me')?.data));
      const links = [...new Set(modules.flatMap((module) => routeLinks.get(module) ?? []))].join('');
      const clubFacts = [
        clubAddress,
        profile && jsonScript(CLUB_PROFILE_ID, profile),
        rules && jsonScript(MEMBERSHIP_RULES_ID, rules),
        competition && jsonScript(COMPETITION_RULES_ID, competition),
        species && jsonScript(SPECIES_ID, species),
        documents && jsonScript(CLUB_DOCUMENTS_ID, documents),
        jsonScript(CLUB_CLOCK_ID, clockOf(profile?.timeZone ?? clubTimeZone())),
      ].join('');
      const html = (profile ? inClubsName(template, profile) : template).replace(
        '</head>',
        `${links}${jsonScript(FIRST_SCREEN_DATA_ID, answers)}${clubFacts}</head>`,
      );
      const drawn = draw && profile && rules && drawnOnServer(address) ? await draw(req.log, req.url, answers, profile, rules) : undefined;
      if (drawn) return html.replace(EMPTY_ROOT, `<div id="root" ${DRAWN_AT_ATTRIBUTE}="${drawn.drawnAt}">${drawn.html}</div>`);
      return isFullScreenPage(pathname)
        ? html
        : html.replace(EMPTY_ROOT, `<div id="root">${headerShell(profile?.name ?? '', profile?.logoUrl ?? '')}</div>`);
    },
  };
}

/**
 * The club's zone offsets, which go with every page so a phone reads its dates without Intl (the server's drawings
 * read the same ones): worked out once per zone and year span.
 */
function clockOf(timeZone: string): ZoneOffsets {
  const { from, until } = clockYearsAround(Date.now());
  const key = `${timeZone} ${from}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = zoneOffsetsFor(timeZone, from, until);
    clocks.set(key, clock);
    keepZoneOffsets(clock);
  }
  return clock;
}
const clocks = new Map<string, ZoneOffsets>();

/** The page's title, description and browser colour in the club's name and colours. */
function inClubsName(template: string, club: ClubProfile): string {
  const description = `${club.name}: a recreational fishing club in ${club.area}, ${club.state}. Membership, events and catch logging.`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(club.name)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, (_, start: string) => `${start}${escapeHtml(description)}"`)
    .replace(/(<meta name="theme-color" content=")[^"]*"/, (_, start: string) => `${start}${club.colours.primary}"`);
}

const EMPTY_ROOT = '<div id="root"></div>';

/** Data for the app in the page: `<` escaped, so no value can close the script element. */
const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * The site's header bar as the app draws it (app-shell.tsx NavBar: 60 px, the club's mark and name), painted with
 * the HTML while the script is still on its way; the app replaces it with its own, in the same place.
 */
const headerShell = (clubName: string, logoUrl: string) =>
  '<header style="border-bottom:1px solid var(--mantine-color-gray-3);background:var(--mantine-color-body);position:sticky;top:0">' +
  '<div style="max-width:71.25rem;margin-inline:auto;padding-inline:var(--mantine-spacing-md);height:60px;display:flex;align-items:center;gap:10px">' +
  (logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" width="32" height="32" style="object-fit:contain;flex:none">`
    : '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-8)"/>' +
      '<path d="M12 34c8-10 22-12 32-4l8-6v20l-8-6c-10 8-24 6-32-4z" fill="#fff"/><circle cx="22" cy="32" r="2.5" fill="var(--mantine-color-blue-8)"/></svg>') +
  `<span style='font-family:${APP_FONT_FAMILY};font-weight:700;color:var(--mantine-color-blue-9);white-space:nowrap;overflow:hidden;text-overflow:ellipsis'>${escapeHtml(clubName)}</span>` +
  '</div></header>';

/** The page's first reads, asked of the API as the browser would (its cookie and address). */
async function firstAnswers(app: FastifyInstance, req: FastifyRequest, address: PageAddress): Promise<FirstAnswer[]> {
  const ask = (read: FirstRead): Promise<FirstAnswer | undefined> => answer(app, req, read).catch(() => undefined);
  const [me] = firstScreenReads(address, 'visitor');
  const session = await ask(me);
  const others = firstScreenReads(address, whoIs(session?.data)).filter((read) => read.path !== me.path);
  return [session, ...(await Promise.all(others.map(ask)))].filter((answer): answer is FirstAnswer => answer !== undefined);
}

/** One read's answer, or undefined when it was refused or failed: the page then asks for it itself, and shows what it gets. */
async function answer(app: FastifyInstance, req: FastifyRequest, read: FirstRead): Promise<FirstAnswer | undefined> {
  const input = read.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(read.input))}`;
  const response = await app.inject({
    method: 'GET',
    url: `/trpc/${read.path}${input}`,
    remoteAddress: req.ip,
    headers: {
      accept: 'application/json',
      'accept-encoding': 'identity',
      [OWN_READ_HEADER]: OWN_READ_TOKEN,
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
    },
  });
  if (response.statusCode !== 200) return undefined;
  const body = response.json<{ result?: { data?: unknown } }>();
  return { ...read, data: body.result?.data ?? null };
}

/**
 * `modulepreload` for a route's script and the chunks it imports (not the entry, already loading), and their styles.
 * The scripts at low priority, as the entry (vite.config.ts): the first paint waits for the styles, never for them.
 */
function preloadLinks(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  // A route renamed or moved without shared/screens.ts knowing: fail at start, not quietly lose the preload.
  if (!scripts.size) throw new Error(`The client build has no chunk for ${module} (shared/screens.ts FIRST_SCREEN_MODULES).`);
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    // Applied from the start (the app would add them when it loads the route, restyling the whole page in one long task).
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
}
