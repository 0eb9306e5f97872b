import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads which chunks each screen loads.
    manifest: true,
  },
  server: {
    // `npx vite` for hot reload beside `npm start` (which serves the API on :3000).
    proxy: { '^/api/': 'http://localhost:3000', '^/trpc/': 'http://localhost:3000', '^/paypal/': 'http://localhost:3000' },
  },
});
