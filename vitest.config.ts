import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. The browser tests have their own config (e2e/vitest.config.ts)
// because they need the built app and run one file at a time.
export default defineConfig({
  test: {
    // At least two test files at a time: vitest's default (one less than the cores) is one on CI's
    // two cores, which left a core idle while the integration tests waited on the databases. The
    // files are independent (each test makes its own SQLite file, PostgreSQL schema, MariaDB
    // database and ports).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Test-only cheap password hashes (see src/infra/auth/password.ts; test/password.test.ts).
          env: { MDIS_TEST_FAST_PASSWORD_HASH: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});
