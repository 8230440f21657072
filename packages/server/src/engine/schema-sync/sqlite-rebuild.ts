import { AppError } from '@mdis/shared';
import { sql } from 'kysely';
import { createIndex, createTable, type AnyDb } from './ddl';
import { introspectTable } from './introspect';
import type { SchemaPlan } from './plan-types';
import { isMaintainedColumnName } from '../records/maintained-columns';

/**
 * SQLite cannot change a column's type, drop a referenced or FK column, or add/drop a foreign key
 * with ALTER TABLE. The documented procedure instead: create the target table under a temporary
 * name, copy the kept columns, drop the old table, rename the new one, recreate the indices, and
 * check the foreign keys (enforcement is off during the rebuild, see applySchemaPlan).
 */
export async function rebuildSqliteTable(trx: AnyDb, plan: SchemaPlan): Promise<void> {
  const table = plan.table;
  const temporary = `${table}__rebuild`;
  const live = await introspectTable(trx, 'sqlite', table);
  const liveNotNull = new Map(live?.columns.map((c) => [c.name, c.notNull]) ?? []);
  // A column keeps its current nullability: new NOT NULL would fail on rows without a value.
  const columns = plan.desired.columns.map((c) => {
    const kept = c.name in plan.sources && liveNotNull.get(plan.sources[c.name]) === true;
    return { ...c, notNull: c.primaryKey || (kept && c.notNull) };
  });
  // The engine's maintained columns and their indexes move along unchanged (not in the template).
  const maintained = (live?.columns ?? []).filter((c) => isMaintainedColumnName(c.name));
  for (const c of maintained)
    columns.push({ name: c.name, sqlType: c.sqlType, notNull: false, primaryKey: false, autoIncrement: false });
  const maintainedIndices = (live?.indices ?? []).filter((i) => isMaintainedColumnName(i.columns[0] ?? ''));
  await createTable(trx, 'sqlite', { ...plan.desired, columns }, temporary);
  const targets = [...Object.keys(plan.sources), ...maintained.map((c) => c.name)];
  const sources: Record<string, string> = {
    ...plan.sources,
    ...Object.fromEntries(maintained.map((c) => [c.name, c.name])),
  };
  if (targets.length > 0) {
    const into = sql.join(targets.map((t) => sql.ref(t)));
    const from = sql.join(targets.map((t) => sql.ref(sources[t])));
    await sql`insert into ${sql.table(temporary)} (${into}) select ${from} from ${sql.table(table)}`.execute(trx);
  }
  await trx.schema.dropTable(table).execute();
  await trx.schema.alterTable(temporary).renameTo(table).execute();
  for (const index of plan.desired.indices) await createIndex(trx, 'sqlite', table, index);
  for (const index of maintainedIndices)
    await createIndex(trx, 'sqlite', table, { ...index, physicalName: index.name });
  const broken = await sql`select * from pragma_foreign_key_check(${table})`.execute(trx);
  if (broken.rows.length > 0)
    throw new AppError('CONFLICT', `Rows of ${table} reference records that do not exist.`, { table });
}
