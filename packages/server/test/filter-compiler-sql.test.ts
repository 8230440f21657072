import { parseModelTemplate } from '@mdis/shared';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../src/infra/db/dialect';
import { scopeCondition } from '../src/engine/records/record-access';
import { queryColumns } from '../src/engine/records/record-columns';
import { type TemplateSource, loadRecordModel } from '../src/engine/records/record-model';
import { countRecords, filterConditions, orderTerms, selectRecords } from '../src/engine/records/record-query';
import { EXPEDITION, HOLE, ITEM, SITE } from './records-models';

// Checked-in SQL of the generic record queries per dialect, as query snapshots (STYLE rule 23): reviewers see what a
// change to the compiler does to the SQL.

const models = [EXPEDITION, SITE, HOLE, ITEM].map((m) => parseModelTemplate(m));
const source: TemplateSource = {
  getModel: (name) => Promise.resolve(models.find((m) => m.fullName === name)),
  getForm: () => Promise.resolve(undefined),
  listForms: () => Promise.resolve([]),
  listModels: (which = () => true) => Promise.resolve(models.filter(which)),
};

function compilerFor(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (pg ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

describe.each(['sqlite', 'postgres'] as const)('record query SQL (%s)', (dialect) => {
  it('matches the checked-in snapshot', async () => {
    const db = compilerFor(dialect);
    const hole = await loadRecordModel(source, 'ProjectHole');
    const item = await loadRecordModel(source, 'TestItem');
    const where = filterConditions(hole, { depth: '>5', exp_acronym: 'gr', hole: '!==NULL' }, dialect);
    const scoped = scopeCondition(hole, { restricted: true, prefixes: ['5065_1', '5066'] });
    const whereScoped = {
      sql: [...where.sql, ...(scoped ? [scoped.condition] : [])],
      level: Math.max(where.level, scoped?.level ?? 0),
    };
    const order = orderTerms(hole, [{ column: 'site_name', direction: 'desc' }]);
    const columns = [...queryColumns(hole).values()];
    const listFilter = filterConditions(item, { core_type: 'Rotary', tags: '!=odd', day: '<2021-03-05' }, dialect);
    const queries = {
      'hole page': selectRecords(hole, { columns, where: whereScoped, order, limit: 20, offset: 40 }),
      'hole count with selected record': countRecords(hole, whereScoped, order, 7),
      'item list-backed filters, all rows': selectRecords(item, {
        columns: [...queryColumns(item).values()],
        where: listFilter,
        order: orderTerms(item, []),
      }),
    };
    const text = Object.entries(queries)
      .map(([name, query]) => {
        const compiled = query.compile(db);
        return `-- ${name}\n${compiled.sql};\n-- parameters: ${JSON.stringify(compiled.parameters)}\n`;
      })
      .join('\n');
    await expect(text).toMatchFileSnapshot(`./__snapshots__/record-queries.${dialect}.sql`);
  });
});
