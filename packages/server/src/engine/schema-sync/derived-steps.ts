import type { Dialect } from '../../infra/db/dialect';
import type { AnyDb } from './ddl';
import type { DesiredTable } from './desired-table';
import type { SchemaStep } from './plan-types';
import { hasRowCounter } from './row-counter';
import { liveTextIndex, sqliteTextTriggersOutdated, textIndexSupport } from './text-index';

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column) => b.includes(column));

/**
 * What a table keeps beside its rows: the row counter and the trigram text index. `fresh`: the
 * table is created or (SQLite) rebuilt by the plan, which loses its triggers; otherwise they are
 * compared with the live ones. Run outside a transaction (PostgreSQL may create pg_trgm here).
 */
export async function derivedSteps(
  db: AnyDb,
  dialect: Dialect,
  desired: DesiredTable,
  fresh: boolean,
): Promise<SchemaStep[]> {
  const table = desired.table;
  const steps: SchemaStep[] = [];
  if (fresh || !(await hasRowCounter(db, dialect, table))) steps.push({ kind: 'createRowCounter', table });
  const opclassSchema = await textIndexSupport(db, dialect);
  const wanted = opclassSchema ? desired.textIndex : [];
  const live = fresh && dialect === 'postgres' ? [] : await liveTextIndex(db, dialect, table);
  const stale = live === null || !sameColumns(live, wanted) || (fresh && wanted.length > 0);
  if (stale) steps.push({ kind: 'syncTextIndex', table, columns: wanted, opclassSchema });
  // An index whose triggers an older version made: only they are replaced (a rebuild reads every row).
  else if (!fresh && dialect === 'sqlite' && (await sqliteTextTriggersOutdated(db, table)))
    steps.push({ kind: 'replaceTextIndexTriggers', table });
  return steps;
}
