import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Playwright (playwright-core + the system Chromium) against the built app, which the
// global setup starts once on a free port with a fresh data directory. Files run one at a time.
export default defineConfig({
  test: {
    name: 'browser',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['specs/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 20_000,
  },
});
