import type { ColumnType, ModelTemplate } from '@mdis/shared';
import { FAKE_FIELD_TYPE, registerFakeFieldType } from '@mdis/shared/field-types/fixtures';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryColumns } from '../src/engine/records/record-columns';
import { loadRecordModel, type RecordModel, type TemplateSource } from '../src/engine/records/record-model';
import { filterConditions, orderTerms, selectRecords } from '../src/engine/records/record-query';
import { migrateToLatest } from '../src/infra/db/migrate';
import { convertInput } from '../src/engine/records/steps/convert';
import { presentRows } from '../src/engine/records/steps/present';
import { desiredTable, introspectTable, planSchemaSync, syncModelTables } from '../src/engine/schema-sync';
import { modelModule } from '../src/modules/template-manager/generator/model-module';
import { DIALECTS } from './helpers/dialects';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// Issue 19: a column type is one registry entry. A fake type registered by the test (nowhere else)
// is synced, converted, filtered and answered by the engine as it stands.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template tables are dynamic
type AnyDb = Kysely<any>;

const id = { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' };
// Built as an object: parseModelTemplate accepts only the COLUMN_TYPES names, the engine takes any entry.
const SCORES = {
  module: 'Test',
  name: 'Score',
  table: 'test_score',
  fullName: 'TestScore',
  parentModel: null,
  columns: {
    id,
    name: { name: 'name', type: 'string', size: 20, label: 'Name' },
    score: { name: 'score', type: FAKE_FIELD_TYPE as ColumnType, label: 'Score' },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {},
  behaviors: [],
  createdAt: 1600000000,
  modifiedAt: 1600000000,
  generatedAt: null,
} as unknown as ModelTemplate;

const source: TemplateSource = {
  getModel: (name) => Promise.resolve(name === SCORES.fullName ? SCORES : undefined),
  getForm: () => Promise.resolve(undefined),
  listForms: () => Promise.resolve([]),
  listModels: () => Promise.resolve([SCORES]),
};

// Registered while this file's tests run (each test file has its own module registry).
afterAll(registerFakeFieldType());

describe.each(DIALECTS)('a fake column type from one registry entry (%s)', (dialect) => {
  let database: TestDatabase;
  let db: AnyDb;
  let model: RecordModel;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // Schema sync keeps the table's row counter in a system table (record_counts).
    await migrateToLatest(database.db);
    db = database.db;
    model = await loadRecordModel(source, SCORES.fullName);
  });
  afterEach(() => database.destroy());

  async function list(filter: Record<string, string>) {
    const query = selectRecords(model, {
      columns: [...queryColumns(model).values()],
      where: filterConditions(model, filter, dialect),
      order: orderTerms(model, []),
    });
    const { rows } = await query.execute(db);
    return presentRows(model, rows);
  }

  it('syncs its column with the entry SQL type, converts input, filters and answers numbers', async () => {
    const sqlType = dialect === 'postgres' ? 'smallint' : 'integer';
    expect(desiredTable(SCORES, dialect).columns.find((c) => c.name === 'score')?.sqlType).toBe(sqlType);
    await syncModelTables(db, dialect, [SCORES]);
    const live = await introspectTable(db, dialect, SCORES.table);
    expect(live?.columns.find((c) => c.name === 'score')?.sqlType).toBe(sqlType);
    expect((await planSchemaSync(db, dialect, SCORES)).steps).toEqual([]);

    const writable = model.columns.map((column) => ({ column, label: column.label, field: undefined }));
    const inputs = [
      { name: 'low', score: '12%' },
      { name: 'high', score: '80 %' },
      { name: 'none', score: '' },
    ];
    for (const input of inputs) await db.insertInto(SCORES.table).values(convertInput(input, writable)).execute();
    const stored = await sql<{ name: string; score: unknown }>`SELECT name, score FROM test_score ORDER BY id`.execute(
      db,
    );
    expect(stored.rows.map((r) => [r.name, r.score === null ? null : Number(r.score)])).toEqual([
      ['low', 12],
      ['high', 80],
      ['none', null],
    ]);

    expect(await list({ score: '>50' })).toEqual([{ id: 2, name: 'high', score: 80 }]);
    expect((await list({ score: '==NULL' })).map((r) => r.name)).toEqual(['none']);
    expect(model.columns.find((c) => c.name === 'score')?.kind).toBe('number');
  });

  it('types its value in a generated model module', () => {
    expect(modelModule(SCORES)).toContain('score: z.number().int().min(0).max(100)');
  });
});
