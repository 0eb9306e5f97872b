/**
 * What a browser makes of the built site: Lighthouse (performance, accessibility, best practices, SEO) on the
 * landing page, /public, /sponsor and the member portal (signed in as the demo member) on a phone (slow 4G and a 4×
 * slower CPU) and on a desktop, plus /admin (signed in as the demo admin) on the desktop. It starts the demo club
 * from the last build (`node dist/server/demo.js`, bench/demo-site.ts) on a free port with a fresh data folder, signs
 * both people in through the API, then runs each page a few times, each run in a fresh Chromium, and prints the
 * median per page and the audits the median run fails, so the next fix is plain.
 * Run: `npm run bench:lighthouse` (builds first). BENCH_RUNS (default 3), BENCH_PAGES=/,/public to measure only
 * some pages, BENCH_FORM=mobile|desktop|both, BENCH_REPORT_DIR=<folder> to keep each median run's JSON report
 * (open it in https://googlechrome.github.io/lighthouse/viewer/), CHROMIUM_PATH (default /usr/bin/chromium).
 *
 * Throttling: by default Lighthouse's own, simulated: the page loads at full speed and Lighthouse computes what
 * slow 4G and a 4× slower CPU would have made of it. `--real` (or BENCH_THROTTLING=devtools) applies them instead,
 * in Chromium itself (Lighthouse's `devtools` method: every request waits 562.5 ms and shares 1.47 Mbit/s down and
 * 675 kbit/s up, which is how Lighthouse applies its 150 ms, 1.6 Mbit/s slow 4G per request, and the CPU runs 4×
 * slower), and measures what happened: slower (each run waits 5 s of quiet), noisier, closer to a phone. The table
 * says which ran. BENCH_HTTP=2 serves the site as production does, over HTTP/2 through a TLS proxy (bench/demo-site.ts),
 * instead of the app's own HTTP/1.1, on which a page's files queue for six connections.
 *
 * Figures from a shared or busy machine move by a few points between runs; compare medians, not single runs. The CPU
 * index column is Lighthouse's benchmark index of the machine during the runs (median; higher is faster): with the CPU
 * throttling applied (`--real`) a busy machine slows the page itself, and a low index says so.
 * A note beside a page says when a run did not measure what it should (redirected, signed out, a Lighthouse
 * error). The signed-in pages are `noindex` on purpose, so their SEO score misses `is-crawlable` by design.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cleanups,
  HEADLESS_CHROMIUM_FLAGS,
  log,
  median,
  readChunkFiles,
  runBench,
  signIn,
  startDemo,
  startTlsProxy,
  type Who,
} from './demo-site';

type FormFactor = 'mobile' | 'desktop';

interface Page {
  path: string;
  as: Who;
  forms: FormFactor[];
  /** The route's chunk in the Vite manifest, which loads only when the page opens signed in as `as`. */
  signedInChunk?: string;
}

const PAGES: Page[] = [
  { path: '/', as: 'visitor', forms: ['mobile', 'desktop'] },
  { path: '/public', as: 'visitor', forms: ['mobile', 'desktop'] },
  { path: '/sponsor', as: 'visitor', forms: ['mobile', 'desktop'] },
  { path: '/member', as: 'member', forms: ['mobile', 'desktop'], signedInChunk: 'routes/member.tsx' },
  { path: '/admin', as: 'admin', forms: ['desktop'], signedInChunk: 'routes/admin.tsx' },
];

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const FORMS: FormFactor[] =
  process.env.BENCH_FORM === 'mobile' ? ['mobile'] : process.env.BENCH_FORM === 'desktop' ? ['desktop'] : ['mobile', 'desktop'];
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
/** Simulated (Lighthouse's default) or applied in Chromium (`--real`). */
const THROTTLING: 'simulate' | 'devtools' =
  process.argv.includes('--real') || process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/** The app's own HTTP/1.1 (default, as the figures in the README were measured) or HTTP/2 through a TLS proxy. */
const HTTP: '2' | '1.1' = process.env.BENCH_HTTP === '2' ? '2' : '1.1';
const SERVED = HTTP === '2' ? 'HTTP/2 through a TLS proxy' : 'HTTP/1.1 from the app';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Audits listed per page, worst first. */
const MAX_FAILING = 8;

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

/** One Lighthouse run in a fresh Chromium (a fresh profile each time); the cookie goes with every request. */
async function runLighthouse(url: string, form: FormFactor, cookie: string | undefined, extraFlags: string[]): Promise<Result> {
  const chromeFlags = [...HEADLESS_CHROMIUM_FLAGS, ...extraFlags];
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, handleSIGINT: false, logLevel: 'silent' });
  const kill = () => chrome.kill();
  cleanups.push(kill);
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      throttlingMethod: THROTTLING,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    return result.lhr;
  } finally {
    kill();
    cleanups.splice(cleanups.indexOf(kill), 1);
  }
}

interface Figures {
  performance: number | null;
  lcpS: number | null;
  cls: number | null;
  tbtMs: number | null;
  fcpS: number | null;
  kib: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Lighthouse's measure of the machine's speed at the run (higher is faster): a busy shared machine shows lower. */
  cpuIndex: number | null;
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const value = (id: string, scale = 1) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? v / scale : null;
  };
  return {
    performance: score('performance'),
    lcpS: value('largest-contentful-paint', 1000),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    fcpS: value('first-contentful-paint', 1000),
    kib: value('total-byte-weight', 1024),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cpuIndex: lhr.environment.benchmarkIndex ?? null,
  };
}

/** The URLs the page itself requested (not its service worker), from the network-requests audit. */
function pageRequests(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items.flatMap((item) => (typeof item.url === 'string' && item.sessionTargetType !== 'worker' ? [item.url] : []));
}

/** Whether the run really showed the page as `page.as` sees it, or where it ended up instead. */
function whatWasShown(lhr: Result, page: Page, chunkFiles: Map<string, string>): string | null {
  if (lhr.runtimeError) return `Lighthouse error ${lhr.runtimeError.code}`;
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== page.path) return `ended on ${finalPath}`;
  if (!page.signedInChunk) return null;
  const file = chunkFiles.get(page.signedInChunk);
  if (!file) return `${page.signedInChunk} not in the Vite manifest`;
  return pageRequests(lhr).some((url) => url.endsWith(`/${file}`)) ? null : `NOT signed in as ${page.as}`;
}

interface FailingAudit {
  id: string;
  title: string;
  displayValue?: string;
  score: number;
  weight: number;
}

/** Audits of the four categories scoring under 0.9, worst and weightiest first (the metrics are in the table). */
function failingAudits(lhr: Result): FailingAudit[] {
  const found = new Map<string, FailingAudit>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group === 'metrics' || ref.group === 'hidden' || found.has(ref.id)) continue;
      if (['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      found.set(ref.id, { id: ref.id, title: audit.title, displayValue: audit.displayValue, score: audit.score, weight: ref.weight });
    }
  }
  return [...found.values()].sort((a, b) => b.weight - a.weight || a.score - b.score);
}

/** Audits that could not run (their score is missing, not bad), with why. */
function erroredAudits(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((a) => a.scoreDisplayMode === 'error')
    .map((a) => `\`${a.id}\`${a.errorMessage ? ` (${a.errorMessage.slice(0, 160)})` : ''}`);
}

// ---------------------------------------------------------------------------------------------------------
// Medians and the report

function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]) as (keyof Figures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
}

/** Of the runs that completed, the one whose performance score is the median (the lower middle one for an even count). */
function medianRun(runs: Result[]): Result {
  const completed = runs.filter((r) => !r.runtimeError);
  const byScore = [...(completed.length ? completed : runs)].sort(
    (a, b) => (a.categories.performance?.score ?? -1) - (b.categories.performance?.score ?? -1),
  );
  return byScore[Math.floor((byScore.length - 1) / 2)];
}

interface PageResult {
  page: Page;
  figures: Figures;
  median: Result;
  /** Set when some run did not show the page as intended (redirected, signed out). */
  problem: string | null;
}

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

function printTable(form: FormFactor, results: PageResult[]) {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const throttling = THROTTLING === 'devtools' ? 'applied in Chromium (--real)' : 'simulated by Lighthouse';
  const device = form === 'mobile' ? `Mobile (slow 4G, 4× CPU, ${throttling}, ${SERVED})` : `Desktop (${throttling}, ${SERVED})`;
  console.log(`\n### ${device}: median of ${RUNS} run${RUNS > 1 ? 's' : ''}\n`);
  console.log(line(['page', 'as', 'Perf', 'LCP s', 'CLS', 'TBT ms', 'FCP s', 'KiB', 'A11y', 'BP', 'SEO', 'CPU index', 'note']));
  console.log(line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']));
  for (const { page, figures: f, problem } of results) {
    console.log(
      line([
        page.path,
        page.as,
        fixed(f.performance, 0),
        fixed(f.lcpS, 1),
        fixed(f.cls, 3),
        fixed(f.tbtMs, 0),
        fixed(f.fcpS, 1),
        fixed(f.kib, 0),
        fixed(f.accessibility, 0),
        fixed(f.bestPractices, 0),
        fixed(f.seo, 0),
        fixed(f.cpuIndex, 0),
        problem ?? '',
      ]),
    );
  }
}

function printFailing(form: FormFactor, results: PageResult[]) {
  console.log(`\nFailing audits of the median ${form} run (score < 0.9, at most ${MAX_FAILING} per page):`);
  for (const { page, median: lhr } of results) {
    if (lhr.runtimeError) {
      console.log(`\n- ${page.path}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      continue;
    }
    const failing = failingAudits(lhr);
    console.log(`\n- ${page.path}${failing.length ? '' : ': none'}`);
    for (const a of failing.slice(0, MAX_FAILING)) {
      console.log(`  - \`${a.id}\` ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);
    }
    if (failing.length > MAX_FAILING) console.log(`  - … and ${failing.length - MAX_FAILING} more`);
    const errored = erroredAudits(lhr);
    for (const audit of errored.slice(0, MAX_FAILING)) console.log(`  - errored: ${audit}`);
    if (errored.length > MAX_FAILING) console.log(`  - … and ${errored.length - MAX_FAILING} more errored`);
    for (const warning of lhr.runWarnings) console.log(`  - warning: ${warning}`);
  }
}

function saveReport(form: FormFactor, page: Page, lhr: Result) {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = `${form}-${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.report.json`;
  writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
}

// ---------------------------------------------------------------------------------------------------------

/** What went wrong in how many runs, e.g. 'NOT signed in as member (1/3)'. */
function problemsOf(runs: Result[], page: Page, chunkFiles: Map<string, string>): string | null {
  const counts = new Map<string, number>();
  for (const run of runs) {
    const problem = whatWasShown(run, page, chunkFiles);
    if (problem) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  }
  return [...counts].map(([problem, n]) => `${problem} (${n}/${runs.length})`).join('; ') || null;
}

/** Where the browser opens the site: the app itself, or the TLS proxy in front of it (with the flag to trust it). */
interface Where {
  origin: string;
  chromeFlags: string[];
}

async function measure(form: FormFactor, pages: Page[], where: Where, cookies: Map<Who, string>, chunkFiles: Map<string, string>) {
  const results: PageResult[] = [];
  for (const page of pages.filter((p) => p.forms.includes(form))) {
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const started = Date.now();
      const lhr = await runLighthouse(where.origin + page.path, form, cookies.get(page.as), where.chromeFlags);
      runs.push(lhr);
      const f = figuresOf(lhr);
      const shown = whatWasShown(lhr, page, chunkFiles);
      log(
        `${form} / ${run}/${RUNS} ${page.path} (${page.as}): perf ${fixed(f.performance, 0)}, LCP ${fixed(f.lcpS, 1)} s` +
          `${shown ? ` — ${shown}` : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    const median = medianRun(runs);
    saveReport(form, page, median);
    results.push({ page, figures: medianFigures(runs.map(figuresOf)), median, problem: problemsOf(runs, page, chunkFiles) });
  }
  printTable(form, results);
  printFailing(form, results);
}

async function main() {
  const pages = PAGES.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.path));
  if (!pages.length) throw new Error(`BENCH_PAGES matches none of ${PAGES.map((p) => p.path).join(', ')}.`);
  const chunkFiles = readChunkFiles();
  log(`Throttling: ${THROTTLING === 'devtools' ? 'applied in Chromium (--real)' : 'simulated by Lighthouse'}; ${SERVED}.`);
  const started = Date.now();
  const site = await startDemo();
  const proxy = HTTP === '2' ? await startTlsProxy(site.origin) : null;
  const where: Where = proxy ? { origin: proxy.origin, chromeFlags: [proxy.chromeFlag] } : { origin: site.origin, chromeFlags: [] };
  const cookies = new Map<Who, string>();
  for (const who of new Set(pages.map((p) => p.as))) if (who !== 'visitor') cookies.set(who, await signIn(site.origin, who));
  for (const form of FORMS) await measure(form, pages, where, cookies, chunkFiles);
  log(`\nDone in ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
}

runBench(main);
