import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates once per run; each test database is a copy (src/test/test-database.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file starts its own database; PGlite start-up and argon2 make the first call slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
