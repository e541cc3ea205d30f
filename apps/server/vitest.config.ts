import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own database; PGlite start-up and argon2 make the first call slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
