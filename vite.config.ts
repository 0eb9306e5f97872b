import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

/**
 * Emits /sw.js from src/client/offline/service-worker.ts with the list of every file of this build
 * (the app shell, its chunks and styles, the public folder) and a version derived from their names,
 * which carry content hashes: any change to the app gives a new version, and so an update.
 */
function serviceWorker(): Plugin {
  return {
    name: 'club-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((file) => !file.endsWith('.map') && !file.startsWith('.vite/') && file !== 'index.html');
      const publicDir = path.join(root, 'public');
      const copied = readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      const precache = ['/', ...[...built, ...copied].sort().map((file) => `/${file}`)];
      const html = bundle['index.html'];
      const version = createHash('sha256')
        .update(precache.join('\n'))
        .update(html && html.type === 'asset' ? html.source : '')
        .digest('hex')
        .slice(0, 16);
      const file = path.join(root, 'offline/service-worker.ts');
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = '${version}';\n${code}`,
      });
    },
  };
}

/** Text files worth compressing; images, fonts in woff2 and source maps are not. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a brotli (.br, best setting) and a gzip (.gz) copy beside every text file of the build of 1 KB or more, for
 * the server to send as they are (@fastify/static's `preCompressed`): compressed once here, never per request.
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
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads which chunks each screen loads.
    manifest: true,
  },
  server: {
    // `npm run dev` (scripts/dev.mjs): the API runs beside this dev server, on API_PORT.
    proxy: Object.fromEntries(
      ['^/api/', '^/trpc/', '^/paypal/'].map((prefix) => [prefix, `http://localhost:${process.env.API_PORT ?? 3000}`]),
    ),
  },
});
