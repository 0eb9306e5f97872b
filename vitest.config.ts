import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default on two cores is one worker (cores - 1): every file would wait for the one before it. Server
    // files spend much of their time waiting on PostgreSQL, loopback servers and child processes, so three workers
    // keep both cores busy; client files are CPU-bound and share the same three.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          // A worker runs its server files one after another in one module graph instead of importing the app
          // afresh for each file (a second per file). Each file still builds its own app on its own database and
          // closes it; the server's modules keep no state of their own between apps (no mocks, no stubbed globals).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['test/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/client/setup.ts'],
          // A form typed key by key takes about a second alone, but far longer while every test file shares two cores.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
