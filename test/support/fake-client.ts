import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_DATA_ID, type FirstAnswer } from '../../src/shared/first-screen';

// A stand-in for the built client with Vite's manifest: the entry, and the routes the server preloads.
export const APP_HTML =
  '<!doctype html><html><head><title>Club</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true },
  'routes/public.tsx': { file: 'assets/public-1.js', imports: ['index.html', '_Badge-2.js'], css: ['assets/public-1.css'] },
  '_Badge-2.js': { file: 'assets/Badge-2.js', imports: ['index.html'], css: ['assets/Badge-2.css'] },
  'routes/sponsor.tsx': { file: 'assets/sponsor-3.js', imports: ['index.html', '_Badge-2.js'] },
  'features/sponsors/sponsor-form.tsx': { file: 'assets/sponsor-form-12.js', imports: ['index.html'] },
  'routes/member.tsx': { file: 'assets/member-4.js', imports: ['index.html'] },
  'routes/sign-in.tsx': { file: 'assets/sign-in-5.js', imports: ['index.html'] },
  'routes/admin.tsx': { file: 'assets/admin-6.js', imports: ['index.html'] },
  'routes/admin-cms.tsx': { file: 'assets/admin-cms-7.js', imports: ['index.html'] },
  'routes/event-details.tsx': { file: 'assets/event-details-8.js', imports: ['index.html', '_Badge-2.js'] },
  'features/admin/members-tab.tsx': { file: 'assets/members-tab-9.js', imports: ['index.html', '_Table-11.js'] },
  'features/admin/events-tab.tsx': { file: 'assets/events-tab-10.js', imports: ['index.html', '_Table-11.js'] },
  'features/club-settings/club-settings-tab.tsx': { file: 'assets/club-settings-tab-13.js', imports: ['index.html'] },
  '_Table-11.js': { file: 'assets/Table-11.js', imports: ['index.html'] },
};

/**
 * A folder holding a built client's index.html and manifest (no scripts), for the server's page HTML; `remove` when
 * done. `render`: the source of the build's server-side drawing (`dist/render/render-page.js`), beside it.
 */
export function fakeBuiltClient(options: { render?: string } = {}): { dir: string; remove: () => void } {
  const build = mkdtempSync(path.join(os.tmpdir(), 'club-build-'));
  const dir = path.join(build, 'client');
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), APP_HTML);
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (options.render) {
    mkdirSync(path.join(build, 'render'));
    writeFileSync(path.join(build, 'render', 'render-page.js'), options.render);
  }
  return { dir, remove: () => rmSync(build, { recursive: true, force: true }) };
}

/** The headers of a browser opening a page (not a script's or the service worker's request). */
export const OPENING = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

/** The answers a page's HTML carries. */
export function answersIn(html: string): FirstAnswer[] {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]) as FirstAnswer[]) : [];
}
