import type { ModelTemplate } from '@mdis/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import type { Dialect } from '../../infra/db/dialect';
import type { AnyDb } from './ddl';
import { syncMaintainedColumns } from './maintained';

// A release that changes the SQL of maintained columns leaves the stored copies of an existing
// database as the old SQL computed them, while the API shows the new values (and lists sort and
// filter by the stored ones). Each such change is named here; at start, a database that has not
// had it (no row in data_migrations) gets every maintained column rewritten once.
const REWRITES: ReadonlyArray<{ name: string; dialects: readonly Dialect[] }> = [
  // roundSql on PostgreSQL follows roundTo at halves: 31.54 + 0.095 stored 31.63 where the API shows 31.64.
  { name: 'maintained-rounding-as-shown', dialects: ['postgres'] },
];

async function done(db: AnyDb): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM data_migrations`.execute(db);
  return new Set(rows.map((row) => row.name));
}

async function markDone(db: AnyDb, names: readonly string[]): Promise<void> {
  const finished = new Date().toISOString();
  for (const name of names)
    await sql`INSERT INTO data_migrations (name, finished_at) VALUES (${name}, ${finished})
      ON CONFLICT (name) DO NOTHING`.execute(db);
}

/** Every maintained column of every model rewritten from its rows; the named rewrites count as done. */
export async function rewriteAllMaintained(
  db: AnyDb,
  dialect: Dialect,
  behaviors: BehaviorRegistry,
  models: readonly ModelTemplate[],
): Promise<void> {
  await syncMaintainedColumns(db, dialect, behaviors, models, { backfillAll: true });
  await markDone(
    db,
    REWRITES.map((rewrite) => rewrite.name),
  );
}

/** At start: the rewrite of the maintained columns that this database's dialect still needs, once. */
export async function rewriteChangedMaintained(
  db: AnyDb,
  dialect: Dialect,
  behaviors: BehaviorRegistry,
  models: readonly ModelTemplate[],
  log: FastifyBaseLogger,
): Promise<void> {
  const had = await done(db);
  const pending = REWRITES.filter((rewrite) => rewrite.dialects.includes(dialect) && !had.has(rewrite.name));
  if (pending.length === 0) return;
  log.info({ rewrites: pending.map((r) => r.name) }, 'rewriting the stored copies of maintained columns');
  await rewriteAllMaintained(db, dialect, behaviors, models);
}
