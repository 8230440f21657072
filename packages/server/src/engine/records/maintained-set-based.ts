import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AnyDb, ParentRows } from '../behaviors/behavior-registry';
import { type MaintainedColumn, refreshMaintained } from './maintained-columns';

// The per-row form of a maintained column (refreshMaintained) is a correlated subquery per row and
// column: for a sample's four depths, its section's depth (a core lookup and a SUM over the
// sections above) four times per sample. A backfill of many rows joins each parent's row once
// instead (ColumnSql.perParent): on PostgreSQL 200k samples took 116 s the per-row way.

/** The joins the columns' set-based forms need, one alias per distinct ParentRows. */
export function parentAliases(columns: readonly MaintainedColumn[]): Map<ParentRows, string> {
  const aliases = new Map<ParentRows, string>();
  for (const { perParent } of columns)
    if (perParent && !aliases.has(perParent.parent)) aliases.set(perParent.parent, `mp${String(aliases.size + 1)}`);
  return aliases;
}

/**
 * Writes the maintained columns of the rows of `table` (aliased `r`) that `where` selects, as
 * refreshMaintained does (the same values), in one UPDATE whose parents' values are computed once
 * per parent: the rows' values are selected with their parents LEFT JOINed, then written by id.
 * Columns without a set-based form keep their per-row SQL in that select.
 */
export async function refreshMaintainedSetBased(
  db: AnyDb,
  table: string,
  columns: readonly MaintainedColumn[],
  where: RawBuilder<SqlBool>,
): Promise<void> {
  const aliases = parentAliases(columns);
  if (aliases.size === 0) return refreshMaintained(db, table, columns, where);
  const self = sql`${sql.table(table)} AS ${sql.ref('r')}`;
  const joins = [...aliases].map(([parent, alias]) => {
    const keys = sql`SELECT ${sql.ref(`r.${parent.via}`)} FROM ${self} WHERE ${where}`;
    return sql` LEFT JOIN (${parent.select(keys)}) AS ${sql.ref(alias)} ON ${sql.ref(`${alias}.key`)} = ${sql.ref(`r.${parent.via}`)}`;
  });
  const values = columns.map(({ column, sql: perRow, perParent }) => {
    const value = perParent ? perParent.value(aliases.get(perParent.parent) ?? '') : perRow;
    return sql`${value} AS ${sql.ref(column)}`;
  });
  const rows = sql`SELECT ${sql.ref('r.id')} AS ${sql.ref('id')}, ${sql.join(values)} FROM ${self}${sql.join(joins, sql``)} WHERE ${where}`;
  const assignments = sql.join(columns.map(({ column }) => sql`${sql.ref(column)} = ${sql.ref(`mv.${column}`)}`));
  await sql`UPDATE ${sql.table(table)} AS ${sql.ref('r')} SET ${assignments} FROM (${rows}) AS ${sql.ref('mv')} WHERE ${sql.ref('r.id')} = ${sql.ref('mv.id')}`.execute(
    db,
  );
}
