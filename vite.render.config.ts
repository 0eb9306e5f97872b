import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

/**
 * The first screens drawn on the server: `dist/render/render-page.js`, the client's `renderPage` with everything it
 * imports bundled in (the client's packages are build-time dependencies, not in the production image). The server
 * loads it from the build beside the client's files (http/first-screen-html.ts); without it, pages open with the
 * header only and the app draws the rest.
 */
export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: [{ find: /^zod$/, replacement: path.join(root, 'zod-config.ts') }] },
  // React, Mantine and the router in their production builds, as in the browser.
  define: { 'process.env.NODE_ENV': '"production"' },
  ssr: { noExternal: true },
  build: {
    ssr: 'render-page.tsx',
    target: 'node22',
    outDir: fileURLToPath(new URL('./dist/render', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    // A screen's code is read from disk the first time a page draws it (the editor's, for one, never is).
    rolldownOptions: { output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
