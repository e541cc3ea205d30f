import { defineConfig } from 'vitest/config';

/** Unit, route and component tests; the browser flows run separately (vitest.e2e.config.ts) after a build. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
