import { defineConfig } from 'vitest/config';

/** Unit, route and component tests; the browser flows run separately (vitest.e2e.config.ts) after a build. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default on 2 cores is one worker. Measured on this machine, the server project
    // (344 tests, a migrated-database copy per file) took a median 74 s on two forked workers
    // against 110 s on one; the files are isolated, so two run side by side.
    maxWorkers: 2,
  },
});
