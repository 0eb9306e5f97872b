import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
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
