import { defineConfig } from 'vitest/config';

// Unit and integration tests. The browser tests have their own config (e2e/vitest.config.ts)
// because they need the built app and run one file at a time.
export default defineConfig({
  test: {
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
