import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/infra/db/database';
import { migrateToLatest } from '../src/infra/db/migrate';
import { type DepthTestApp, createDepthApp, seedDepthExample } from './depth-model-fixture';
import { multipart } from './files-fixture';

const SAMPLES = 1300;

// Schema sync analyses the samples table while it is empty: no STAT4 samples, so the list cannot
// tell a broad `top` range (scan in id order) from a narrow one (the index) and leaves it to SQLite,
// which reads every range through the index (6x slower at 1M samples, range-hints.test.ts). After
// an import the statistics are refreshed off the event loop and broad ranges scan again.
describe('SQLite statistics after an import into an empty table', () => {
  let t: DepthTestApp;
  const countSql = async (filter: string) => {
    t.statements.length = 0;
    const url = `/api/v1/global?name=CurationSample&per-page=20&filter[top]=${filter}&filter[sample_material]=SED`;
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    return t.statements.find((s) => /COUNT\(\*\) AS n FROM \(SELECT 1 AS one FROM "curation_sample"/.test(s.sql))?.sql;
  };

  beforeAll(async () => {
    t = await createDepthApp('sqlite');
    const ids = await seedDepthExample(t.db);
    const split = ids.wr.a2s1;
    const lines = Array.from({ length: SAMPLES }, (_, i) => `${String(split)},${String(i % 13)},1,SED`);
    const csv = ['Section Split ID,top,Sample Length [cm],Sample Material', ...lines].join('\n');
    const body = multipart([
      { name: 'form', value: 'sample' },
      { name: 'file', filename: 'samples.csv', type: 'text/csv', data: Buffer.from(csv) },
    ]);
    await t.analyzer?.idle();
    expect(await countSql('%3E1')).not.toContain('+"r"."top"');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import/commit',
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  it('a broad range scans and a narrow one keeps the index once the import is analysed', async () => {
    await t.analyzer?.idle();
    expect(await countSql('%3E1')).toContain('+"r"."top"');
    expect(await countSql('%3E11')).not.toContain('+"r"."top"');
  });
});

// The record history grows with every write (a row per record written), faster than any model
// table: its timeline and audit queries need statistics as much as the lists do.
describe('SQLite statistics of the big system tables', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mdis-small-analyze-'));
    database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'mdis.sqlite') });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The indexes of a table that have statistics (none before the first ANALYZE makes sqlite_stat1). */
  const analysedIndexes = async (table: string) => {
    const { rows: stat } = await sql`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(database.db);
    if (stat.length === 0) return [];
    const { rows } = await sql<{ idx: string }>`SELECT idx FROM sqlite_stat1 WHERE tbl = ${table}`.execute(database.db);
    return rows.map((row) => row.idx).sort();
  };

  it('analyses record_history once it has grown', async () => {
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO record_history (at, action, table_name, record_id, changes, user_id)
      SELECT '2026-11-26T00:00:00.000Z', 'update', 'core_core', i % 300, '{}', i % 7 FROM n`.execute(database.db);
    database.analyzer?.request();
    await database.analyzer?.idle();
    expect(await analysedIndexes('record_history')).toEqual(
      expect.arrayContaining(['record_history_batch_idx', 'record_history_record_idx', 'record_history_user_idx']),
    );
  });
});
