import { defineConfig } from 'vitest/config';

// Browser journeys against the built client (`npm run test:e2e` builds it first).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
