import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'vitest';
import type { ServerConfig } from '../../src/config';
import { createDatabase } from '../../src/infra/db/database';
import { migrateToLatest } from '../../src/infra/db/migrate';
import { seedDatabase } from '../../src/seed/seed';

/** SQLite files made once per run and copied for each test that wants that starting point. */
export interface SqliteTemplates {
  /** Every migration applied, nothing seeded (createTestApp). */
  migrated: string;
  /** Migrated and seeded as a first start with `seed: 'none'` (startDrillingApp). */
  drilling: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplates: SqliteTemplates;
  }
}

async function makeTemplate(file: string, seedConfig?: ServerConfig): Promise<string> {
  const database = createDatabase({ dialect: 'sqlite', filename: file });
  try {
    await migrateToLatest(database.db);
    if (seedConfig) await seedDatabase(database, seedConfig);
  } finally {
    await database.destroy();
  }
  // Closing the last connection folds the WAL into the file; a copy of the file alone is then whole.
  if (existsSync(`${file}-wal`)) throw new Error(`${file}-wal is still there after closing the template`);
  return file;
}

/** Builds both templates in a new temp directory (the caller removes `dir`). */
export async function buildSqliteTemplates(seedConfig: ServerConfig): Promise<SqliteTemplates & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mdis-templates-'));
  return {
    dir,
    migrated: await makeTemplate(join(dir, 'migrated.sqlite')),
    drilling: await makeTemplate(join(dir, 'drilling.sqlite'), seedConfig),
  };
}
