import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { isConstraintError } from '../src/infra/db/translate-db-error';
import { createServices } from '../src/services';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, createHoleChain, createSplitChain, startDrillingApp } from './helpers/drilling-app';
import { testConfig } from './helpers/test-app';

// A batch of an import's creates that the database refuses is written again one row at a time,
// which names the failing row; but only when the database refused a row's values (a constraint).
// Any other database error is a defect of the batch's statement: it surfaces, instead of turning
// the import silently into the row-by-row path (correct, but many times slower).

const ADMIN = { roles: ['administrator'], permissions: [] };

/**
 * An import's memo whose compiled multi-row INSERT (insert-rows.ts keeps each shape there) is a
 * statement the database cannot run: a defect of the batch path, which the row-by-row path lacks.
 */
class BrokenInsertMemo extends Map<string, unknown> {
  override get(key: string): unknown {
    if (key.startsWith('insert-rows:shape:')) return { text: 'SELECT 1 FROM no_such_table', leading: [], trailing: [] };
    return super.get(key);
  }
}

describe.each(DIALECTS)('a refused batch of creates (%s)', (dialect) => {
  let t: DrillingApp;
  let splitId: unknown;
  let importer: ReturnType<typeof createServices>['records']['importer'];
  beforeAll(async () => {
    t = await startDrillingApp(dialect);
    const { hole } = await createHoleChain((form, payload) => t.create(form, payload));
    splitId = (await createSplitChain(t, hole.id, 10)).split.id;
    const config = testConfig({ database: t.database.config, dataDir: t.database.dataDir });
    importer = createServices(t.database, {}, config, t.app.log).records.importer;
  }, 120_000);
  afterAll(() => t.close());

  /** createMany of two samples on the split, the second changed by `spoil` after its check. */
  const createTwo = (spoil: (record: Record<string, unknown>) => void, memo = new Map<string, unknown>()) =>
    runInTemplateScope(async () => {
      const { target } = await importer.open(ADMIN, 'sample');
      const rows = [1, 2].map((top) => importer.check(target, { section_split_id: splitId, top }, undefined));
      spoil(rows[1].record);
      return importer.transaction((trx) => importer.createMany(trx, target, rows, memo));
    });

  it('is written again row by row when the database refused a value (a constraint)', async () => {
    await expect(createTwo((record) => (record.top = null))).resolves.toBeUndefined();
  });

  it('fails when the database could not run the batch statement', async () => {
    await expect(createTwo(() => undefined, new BrokenInsertMemo())).rejects.toThrow(/no_such_table/);
  });

  it('tells a refused value from a statement the database cannot run', async () => {
    const errorOf = (statement: string) =>
      sql
        .raw(statement)
        .execute(t.database.db)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const refusals = [
      await errorOf(`INSERT INTO project_program (program, name) VALUES ('P9', NULL)`),
      await errorOf(`INSERT INTO project_program (id, program, name) VALUES (-1, 'P8', 'x'), (-1, 'P7', 'y')`),
    ];
    const defects = [
      await errorOf(`SELECT no_such_column FROM project_program`),
      await errorOf(`INSERT INTO project_program (program, name) VALUES ('P6')`),
    ];
    expect(refusals.map(isConstraintError)).toEqual([true, true]);
    expect(defects.map(isConstraintError)).toEqual([false, false]);
  });
});
