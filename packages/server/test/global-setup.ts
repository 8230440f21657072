import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildSqliteTemplates } from './helpers/sqlite-templates';
import { testConfig } from './helpers/test-app';

/**
 * Migrating (and seeding the drilling model into) a new SQLite file costs 0.1–2 s; dozens of tests
 * do it in beforeEach. The migrated and the seeded file are made once here and copied per test.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const { dir, ...templates } = await buildSqliteTemplates(testConfig());
  project.provide('sqliteTemplates', templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
