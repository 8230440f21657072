import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { MIGRATIONS } from '../../db/migrations';

const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

let cached: Promise<ReadonlySet<string>> | undefined;

/**
 * The tables the system migrations create: a model may never take one of these names (schema sync
 * would alter a system table). Read from the migrations themselves, run against a driver that
 * executes nothing and records the statements, so a new migration's tables count at once.
 */
export function systemTables(): Promise<ReadonlySet<string>> {
  cached ??= (async () => {
    const names = new Set(MIGRATOR_TABLES);
    const recorder = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
      log: (event) => {
        const table = /^create table (?:if not exists )?"([^"]+)"/i.exec(event.query.sql)?.[1];
        if (table) names.add(table);
      },
    });
    // A migration that reads data gets no rows here and may stop early: its tables so far still count.
    for (const migration of Object.values(MIGRATIONS)) await migration.up(recorder).catch(() => undefined);
    return names;
  })();
  return cached;
}
