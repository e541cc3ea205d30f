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
    // A real browser against a real server beside the PostgreSQL tier on 2 shared cores: a flow that
    // fails twice fails the run; one that passed only on its retry is named at the end of the run and
    // of `npm test` (support/retried-tests-reporter.ts), so a flaky flow is seen, not hidden. The
    // retry runs on the shared portal as the first attempt left it (its own users and data stay).
    retry: 1,
    reporters: ['default', './apps/web/e2e/support/retried-tests-reporter.ts'],
    hookTimeout: 120_000,
    // A real browser against a real server: give polled assertions time on a busy 2-core machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // A failing test's screenshots (support/browser.ts) are copied here when attached to it.
    attachmentsDir: 'test-results/attachments',
  },
});
