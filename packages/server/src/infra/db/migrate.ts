import { Migrator, PostgresAdapter, sql, type DatabaseIntrospector } from 'kysely';
import type { Db } from './schema';
import { MIGRATIONS } from '../../db/migrations';

// Kysely looks for its migration tables in EVERY schema unless told which one. On PostgreSQL that
// lets another schema's table (a second installation, a parallel test) stand in for ours, and the
// migration then fails on a table that does not exist here. Pin them to the connection's schema.
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The migrator's look at the tables, limited to our schema. Kysely's own reads every schema's
 * columns through `pg_get_serial_sequence`, which looks a column up in the catalog as it is now, not
 * as the query's snapshot saw it: a table another installation (a parallel test) alters or drops
 * meanwhile failed our migration with "column … of relation … does not exist". The migrator only
 * asks which tables exist, so the tables come without their columns.
 */
function schemaIntrospector(db: Db, schema: string): DatabaseIntrospector {
  const getTables = async () => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
  };
  return {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still part of the interface
    getMetadata: async () => ({ tables: await getTables() }),
  };
}

/** `db` whose `introspection` is the schema's own (the rest is db's, bound to it). */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection = schemaIntrospector(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({
    db: schema ? withSchemaIntrospection(db, schema) : db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).map((result) => result.migrationName);
}
