// Server tests: unit tests of pure logic and integration tests of the whole app on PGlite, or on
// PostgreSQL when TEST_DATABASE_URL is set.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
