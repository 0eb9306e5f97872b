import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { COMPRESS_THRESHOLD, compressOnce, ENCODINGS } from './src/server/http/compress-once.ts';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

/**
 * Emits /sw.js: src/client/offline/service-worker.ts bundled with Workbox, its PRECACHE being every
 * file of this build (the app shell, its chunks and styles, the public folder) with a revision: none for the hashed
 * assets (the name changes with the content), a content hash for the others. A deploy gives a new list, so an update,
 * and Workbox downloads only the entries whose URL or revision changed.
 */
function serviceWorker(): Plugin {
  return {
    name: 'club-service-worker',
    apply: 'build',
    // After Vite's HTML plugin, so that index.html (the app shell) is in the bundle.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const revision = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const entries: { url: string; revision: string | null }[] = [];
      for (const [file, output] of Object.entries(bundle)) {
        if (file.endsWith('.map') || file.startsWith('.vite/')) continue;
        const bytes = output.type === 'chunk' ? output.code : output.source;
        if (file === 'index.html') entries.push({ url: '/', revision: revision(bytes) });
        else entries.push({ url: `/${file}`, revision: file.startsWith('assets/') ? null : revision(bytes) });
      }
      const publicDir = path.join(root, 'public');
      for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        entries.push({ url: `/${path.relative(publicDir, full).split(path.sep).join('/')}`, revision: revision(readFileSync(full)) });
      }
      if (!entries.some((entry) => entry.url === '/')) throw new Error('The app shell (index.html) is missing from the precache list');
      entries.sort((a, b) => a.url.localeCompare(b.url));

      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        // Workbox logs every step in development builds.
        define: { 'process.env.NODE_ENV': '"production"', PRECACHE: JSON.stringify(entries) },
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          lib: { entry: path.join(root, 'offline/service-worker.ts'), formats: ['es'], fileName: () => 'sw.js' },
        },
      });
      const [output] = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: output.output[0].code });
    },
  };
}

/** Text files worth compressing; images, fonts in woff2 and source maps are not. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build of 1 KB or more, for the server to
 * send as they are (@fastify/static's `preCompressed`): compressed once here, never per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'club-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const body = readFileSync(file);
        if (body.length < COMPRESS_THRESHOLD) continue;
        for (const encoding of ENCODINGS) writeFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, compressOnce(body, encoding));
      }
    },
  };
}

/**
 * Mantine's styles with the components that use them: each Mantine component module that reads its class names
 * (`./Button.module.mjs`) also imports its stylesheet (`@mantine/core/styles/Button.css`), after its own imports, so
 * a component's styles follow those of the components it is built from. The first screen's stylesheet then holds only
 * the first screen's components, and each screen loaded later brings its own (main.tsx imports the base styles).
 */
function mantineStylesPerComponent(): Plugin {
  const stylesDir = fileURLToPath(new URL('./node_modules/@mantine/core/styles', import.meta.url));
  return {
    name: 'club-mantine-styles',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/].*\.mjs$/.test(id) || id.endsWith('.module.mjs')) return null;
      const names = [...code.matchAll(/from "[^"]*\/([A-Za-z]+)\.module\.mjs"/g)].map((m) => m[1]);
      const sheets = names.filter((name) => existsSync(path.join(stylesDir, `${name}.css`)));
      if (!sheets.length) return null;
      return { code: `${code}\n${sheets.map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n')}\n`, map: null };
    },
  };
}

/**
 * The app's entry script fetched at low priority (`fetchpriority="low"`; Vite's HTML plugin drops the attribute from
 * the source tag, so it is set here). A module script never blocks the first paint, but the browser fetches it at high
 * priority, and Lighthouse's simulation counts any high-priority script that arrived before the first paint as
 * render-blocking. Over HTTP/2 (the production proxy) real loads are the same either way (README, Benchmarks). The
 * route's scripts the server adds to a page are marked alike (http/first-screen-html.ts).
 */
function entryAtLowPriority(): Plugin {
  return {
    name: 'club-entry-low-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src=/;
        if (!entry.test(html)) throw new Error('index.html has no module entry script to mark fetchpriority="low"');
        return html.replace(entry, '<script type="module" fetchpriority="low" crossorigin src=');
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), mantineStylesPerComponent(), entryAtLowPriority(), serviceWorker(), precompress()],
  // zod as the client uses it: configured before the first schema, and loaded only by the chunks that need it.
  resolve: { alias: [{ find: /^zod$/, replacement: path.join(root, 'zod-config.ts') }] },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads which chunks each screen loads.
    manifest: true,
    // What the first screen needs (everything the entry imports statically) in one chunk and one stylesheet, instead
    // of thirty small ones shared with later screens: on a weak signal each extra request costs a round trip.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] } } },
  },
  server: {
    // `npm run dev` (scripts/dev.mjs): the API runs beside this dev server, on API_PORT, and so does the web app
    // manifest (the club's name and colours, from its profile).
    proxy: Object.fromEntries(
      ['^/api/', '^/trpc/', '^/paypal/', '^/manifest\\.webmanifest$'].map((prefix) => [
        prefix,
        `http://localhost:${process.env.API_PORT ?? 3000}`,
      ]),
    ),
  },
});
