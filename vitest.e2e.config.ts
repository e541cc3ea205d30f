import { defineConfig } from 'vitest/config';

/** Browser flows: a real server on demo data, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'browser',
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    globalSetup: ['apps/web/e2e/support/start-server.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
