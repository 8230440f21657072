import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import type { ImportRequest } from '../src/modules/import/import-run';
import { createImportRepository } from '../src/modules/import/import.repository';
import { createImportService } from '../src/modules/import/import.service';
import { createServices } from '../src/services';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, createHoleChain, createSplitChain, startDrillingApp } from './helpers/drilling-app';
import { testConfig } from './helpers/test-app';

type Row = Record<string, unknown>;
type Importer = ReturnType<typeof createServices>['records']['importer'];

// Issue 20: on PostgreSQL an insert checks batch N+1 while the database runs batch N's INSERT
// (import-pipeline.ts). A batch the database refuses is still rolled back to its savepoint and
// written row by row, which names the failing row, and the import as a whole keeps nothing.

describe.each(DIALECTS)('an import checking the next batch during the INSERT (%s)', (dialect) => {
  let t: DrillingApp;
  let split: Row;
  let importer: Importer;
  let imports: (wrapped: Importer) => ReturnType<typeof createImportService>;
  let request: (name: string, csv: string) => ImportRequest;
  beforeAll(async () => {
    t = await startDrillingApp(dialect);
    const { hole } = await createHoleChain((form, payload) => t.create(form, payload));
    split = (await createSplitChain(t, hole.id, 10)).split;
    const { database } = t;
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    const services = createServices(database, {}, config, t.app.log);
    importer = services.records.importer;
    const repository = createImportRepository(database.db, asDynamic(database.db), dialect);
    imports = (wrapped) => createImportService({ importer: wrapped, repository, templates: services.templates });
    const admin = await database.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    request = (name, csv) => {
      const file = path.join(database.dataDir, name);
      writeFileSync(file, csv);
      return {
        user: { id: admin.id, roles: ['administrator'], permissions: [] },
        form: 'sample',
        file: { path: file, kind: 'csv' },
        mode: 'insert',
      };
    };
  }, 120_000);
  afterAll(() => t.close());

  /** `count` samples on the split (by combined id), each commented `<marker> <row>`. */
  const csvOf = (marker: string, count: number) => {
    const lines = ['section_split_id,top,sample_length,sample_material,comment'];
    for (let row = 1; row <= count; row += 1)
      lines.push(`${String(split.combined_id)},${String(row % 100)},1,ROCK,${marker} ${String(row)}`);
    return `${lines.join('\n')}\n`;
  };
  const commented = async (marker: string) => {
    const { rows } = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM curation_sample WHERE comment LIKE ${`${marker} %`}`.execute(asDynamic(t.database.db));
    return Number(rows[0]?.n);
  };
  const commit = (wrapped: Importer, name: string, csv: string) =>
    runAudited({ route: 'test' }, () => runInTemplateScope(() => imports(wrapped).commit(request(name, csv))));

  /**
   * The importer, its createMany watched: per call, how many rows it got and whether it was told of
   * an INSERT to come (the pipeline's hook); `spoil` changes a batch's records after their checks.
   */
  const watched = (spoil?: (call: number, records: Row[]) => void) => {
    const calls: { rows: number; pipelined: boolean }[] = [];
    const wrapped: Importer = {
      ...importer,
      createMany: (trx, target, rows, memo, options) => {
        calls.push({ rows: rows.length, pipelined: options?.beforeInsert !== undefined });
        spoil?.(
          calls.length,
          rows.map((row) => row.record),
        );
        return importer.createMany(trx, target, rows, memo, options);
      },
    };
    return { wrapped, calls };
  };

  it('writes 2,500 rows in three batches, each checked while the one before is inserted (PostgreSQL)', async () => {
    const { wrapped, calls } = watched();
    const result = await commit(wrapped, 'all.csv', csvOf('piped', 2_500));
    expect(result).toMatchObject({ ok: true, counts: { total: 2_500, new: 2_500, errors: 0 } });
    expect(await commented('piped')).toBe(2_500);
    expect(calls.map((c) => c.rows)).toEqual([999, 1_000, 501]);
    expect(calls.every((c) => c.pipelined)).toBe(dialect === 'postgres');
  }, 120_000);

  it('names the row of a batch the database refused while the next was checked, and keeps nothing', async () => {
    // Row 1,233 (the second batch's 234th: the first holds the header and 999 rows) loses its top after the checks: the INSERT breaks a
    // NOT NULL constraint, the batch goes again row by row, and that row is the import's one error.
    const { wrapped, calls } = watched((call, records) => {
      if (call === 2) records[233].top = null;
    });
    const result = await commit(wrapped, 'refused.csv', csvOf('refused', 2_500));
    const { errors } = result as unknown as { errors: Row[] };
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, counts: { total: 2_500, new: 2_499, errors: 1 } });
    expect(errors[0]).toMatchObject({ row: 1_233 });
    expect(await commented('refused')).toBe(0);
    expect(calls.map((c) => c.rows)).toEqual([999, 1_000, 501]);
  }, 120_000);
});
