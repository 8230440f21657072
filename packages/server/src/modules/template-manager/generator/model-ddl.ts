import type { ModelTemplate } from '@mdis/shared';
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
import type { Dialect } from '../../../infra/db/dialect';
import { createIndexBuilder, createTableBuilder, desiredTable } from '../../../engine/schema-sync';

/** Kysely instances that only compile (DummyDriver): the SQL text of either dialect, whatever the server runs on. */
const compilers = {
  sqlite: new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** The table of a model as schema sync creates it on an empty database, as SQL text for one dialect. */
export function modelDdl(model: ModelTemplate, dialect: Dialect): string {
  const db = compilers[dialect];
  const desired = desiredTable(model, dialect);
  const statements = [
    createTableBuilder(db, dialect, desired).compile().sql,
    ...desired.indices.map((index) => createIndexBuilder(db, dialect, desired.table, index).compile().sql),
  ];
  const joins = desired.joinTables.map(
    (j) => `-- m:n join table with ${j.relatedTable}: ${j.ownColumn}, ${j.relatedColumn}`,
  );
  return [
    `-- Table of ${model.fullName} (${dialect}), as schema sync creates it. Generated: edit the template, not this file.`,
    ...statements.map((s) => `${s};`),
    ...joins,
    '',
  ].join('\n');
}
