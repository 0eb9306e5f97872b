import { defineConfig } from 'vite';

/**
 * The server, bundled for production: `dist/server/main.js` (the site), `cli.js` (operators' tools) and
 * `demo.js`. Packages stay imports of node_modules (Vite's default for a server build), so the image needs
 * only the production dependencies, and no TypeScript or tsx runs in production.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node22',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: 'src/server/main.ts', cli: 'scripts/cli.ts', demo: 'scripts/demo.ts' },
      // Every chunk beside the entries: start-site.ts finds the client two folders up from its own file.
      // The bundle is not minified, so a stack trace names the function and its line in dist/server; the maps beside it
      // turn that into the TypeScript line when an operator asks for them (NODE_OPTIONS=--enable-source-maps). They
      // are not loaded by default: Node parses them at start, 8–10 MB of the server's memory at rest. Lines need no
      // source text in the maps.
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemapExcludeSources: true },
    },
  },
});
