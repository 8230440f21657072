import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildSqliteTemplates } from './helpers/sqlite-templates';
import { testConfig } from './helpers/test-app';

/**
 * Migrating (and seeding the drilling model into) a new SQLite file costs 0.1–2 s; dozens of tests
 * do it in beforeEach. The migrated and the seeded file are made once here and copied per test.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // The global setup runs outside the tests' env (vitest.config.ts): give the templates' administrator
  // the same cheap test hash, so signing in as it costs what signing in as any test user costs.
  const fastHash = process.env.MDIS_TEST_FAST_PASSWORD_HASH;
  process.env.MDIS_TEST_FAST_PASSWORD_HASH = project.config.env.MDIS_TEST_FAST_PASSWORD_HASH;
  const { dir, ...templates } = await buildSqliteTemplates(testConfig()).finally(() => {
    if (fastHash === undefined) delete process.env.MDIS_TEST_FAST_PASSWORD_HASH;
    else process.env.MDIS_TEST_FAST_PASSWORD_HASH = fastHash;
  });
  project.provide('sqliteTemplates', templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
