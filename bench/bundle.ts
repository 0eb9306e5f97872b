/**
 * What each screen makes a browser download: the gzip size of the JavaScript and CSS loaded for the
 * first view of each route (the entry and its static imports, plus the route's own chunk and its static
 * imports), from the Vite manifest of the last `npm run build`. Run: `npm run bench:bundle`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve('dist/client');
/** The landing page must stay light on a phone at the riverbank. */
const LANDING_BUDGET_KB = 160;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = new Map<string, number>();
const gzipOf = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length);
  return gz.get(file)!;
};

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const entry = closure(entryKey);
const routes: [string, string | null][] = [
  ['/ (landing, visitors)', null],
  ['/public', 'routes/public.tsx'],
  ['/sponsor', 'routes/sponsor.tsx'],
  ['/member (portal)', 'routes/member.tsx'],
  ['/pages/<slug>', 'routes/content-page.tsx'],
  ['/sign-in', 'routes/sign-in.tsx'],
  ['/admin', 'routes/admin.tsx'],
  ['/admin/cms', 'routes/admin-cms.tsx'],
];

const rows = routes.map(([route, key]) => {
  const keys = new Set([...entry, ...(key ? closure(key) : [])]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const k of keys) {
    js += gzipOf(manifest[k].file);
    for (const c of manifest[k].css ?? []) cssFiles.add(c);
  }
  for (const c of cssFiles) css += gzipOf(c);
  const adminInside = [...keys].some((k) => /routes\/admin/.test(k));
  return { route, js: js / 1024, css: css / 1024, chunks: keys.size, adminInside };
});

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(
  `\nGzip kB of what the first view of each screen loads (budget for the landing page: ${LANDING_BUDGET_KB} kB of JavaScript).\n`,
);
console.log(line(['screen', 'JS kB', 'CSS kB', 'chunks', 'admin code?']));
console.log(line(['---', '---:', '---:', '---:', '---']));
for (const r of rows) console.log(line([r.route, r.js.toFixed(1), r.css.toFixed(1), String(r.chunks), r.adminInside ? 'yes' : 'no']));
const landing = rows[0];
console.log(
  `\nLanding page JavaScript: ${landing.js.toFixed(1)} kB of ${LANDING_BUDGET_KB} kB — ${landing.js <= LANDING_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}; admin code for visitors: ${landing.adminInside ? 'YES (fix)' : 'none'}.`,
);
