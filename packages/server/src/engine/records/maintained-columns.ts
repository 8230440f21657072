import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import type { AnyDb, BehaviorRegistry, PerParentSql } from '../behaviors/behavior-registry';
import { shortIdentifier } from '../schema-sync/desired-table';
import { maintainedExpressions } from './maintained-expressions';
import type { RecordModel } from './record-model';
import { memoByObject } from '../../infra/memo-by-object';

// Maintained columns (issue 17): a pseudo column whose SQL is too costly to sort or filter a big
// table by (a sample's mcd depth walks its split, section, core and the sections above) is kept in
// a stored column of the record's own table, with an index on (column, id). Behaviors declare them
// (ColumnSql.maintained) and say how to compute them; the engine owns the columns: their names,
// the schema sync that adds, indexes, backfills and drops them, and the write after every record
// write. They are not template columns: the template keeps its pseudo column, the API shows the
// value computed as before, and the record history leaves them out (derived, never edited).
// Besides the behaviors' columns, the engine keeps the template expressions that read their
// parents only through combined ids (maintained-expressions.ts: a sample's sample_combined_id).

/** The prefix that marks a maintained column in a table; template sync and history skip these. */
export const MAINTAINED_PREFIX = 'maintained__';

/** A pseudo column a behavior keeps stored. */
export interface MaintainedColumn {
  /** The pseudo column (what the API shows and lists sort by). */
  name: string;
  /** The stored column in the table. */
  column: string;
  kind: 'number' | 'text';
  /** Its value over the record aliased `r` (self-contained: correlated subqueries only). */
  sql: RawBuilder<unknown>;
  /**
   * Who follows what it derives from in other records: a behavior (behavior), or the combined-id
   * behavior when it rebuilds the combined ids of a subtree (expression over parents' combined ids).
   */
  source: 'behavior' | 'expression';
  /** The set-based form of `sql` for many rows at once (ColumnSql.perParent), when the behavior gives one. */
  perParent?: PerParentSql;
}

export function maintainedColumnName(name: string): string {
  return shortIdentifier(`${MAINTAINED_PREFIX}${name}`);
}

export function isMaintainedColumnName(column: string): boolean {
  return column.startsWith(MAINTAINED_PREFIX);
}

/** The SQL type of a maintained column: a double or text, as the pseudo value compares. */
export function maintainedSqlType(kind: MaintainedColumn['kind'], dialect: Dialect): string {
  if (kind === 'text') return 'text';
  return dialect === 'postgres' ? 'double precision' : 'real';
}

// A registry serves one dialect; record models are frozen per revision: computed once per pair.
const byRegistry = memoByObject((behaviors: BehaviorRegistry) =>
  memoByObject((model: RecordModel, dialect: Dialect): readonly MaintainedColumn[] =>
    findMaintained(behaviors, model, dialect),
  ),
);

function findMaintained(behaviors: BehaviorRegistry, model: RecordModel, dialect: Dialect): MaintainedColumn[] {
  const { template } = model;
  const columns = new Map<string, MaintainedColumn>();
  for (const { hooks, parameters } of behaviors.resolve(template)) {
    for (const [name, column] of Object.entries(hooks.columnSql?.(template, parameters, dialect) ?? {})) {
      const isPseudo = Object.hasOwn(template.columns, name) && template.columns[name].type === 'pseudo';
      if (!column.maintained || !isPseudo || columns.has(name)) continue;
      const stored = maintainedColumnName(name);
      const { kind, sql: value, perParent } = column;
      columns.set(name, {
        name,
        column: stored,
        kind,
        sql: value,
        source: 'behavior',
        ...(perParent ? { perParent } : {}),
      });
    }
  }
  for (const expression of maintainedExpressions(model, dialect)) {
    if (columns.has(expression.name)) continue;
    const stored = maintainedColumnName(expression.name);
    columns.set(expression.name, { ...expression, column: stored, source: 'expression' });
  }
  return [...columns.values()];
}

/**
 * The maintained columns of a model: the pseudo columns its behaviors give maintained SQL for, and
 * its template expressions over parents' combined ids (maintained-expressions.ts).
 */
export function maintainedColumns(
  behaviors: BehaviorRegistry,
  model: RecordModel,
  dialect: Dialect,
): readonly MaintainedColumn[] {
  return byRegistry(behaviors)(model, dialect);
}

/** Writes the maintained columns of the rows of `table` (aliased `r`) that `where` selects: one UPDATE. */
export async function refreshMaintained(
  db: AnyDb,
  table: string,
  columns: readonly MaintainedColumn[],
  where: RawBuilder<SqlBool>,
): Promise<void> {
  if (columns.length === 0) return;
  const assignments = sql.join(columns.map((c) => sql`${sql.ref(c.column)} = ${c.sql}`));
  await sql`UPDATE ${sql.table(table)} AS r SET ${assignments} WHERE ${where}`.execute(db);
}

/** `r.id IN (...)` for a subquery or a list of ids (an empty list selects nothing). */
export function idsCondition(ids: RawBuilder<unknown> | readonly number[]): RawBuilder<SqlBool> {
  if (!Array.isArray(ids)) return sql<SqlBool>`${sql.ref('r.id')} IN (${ids})`;
  const list = ids as readonly number[];
  return list.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref('r.id')} IN (${sql.join(list)})`;
}
