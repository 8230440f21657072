import { COMBINED_ID, type CombinedIdNaming, type ModelTemplate } from '@mdis/shared';
import { type RawBuilder, sql } from 'kysely';
import type { AnyDb, BehaviorEngine } from '../behavior-registry';

/** nameText in SQL, the same on both dialects: NULL for an empty name, so the combined id is NULL too. */
function nameSql(naming: CombinedIdNaming): RawBuilder<unknown> {
  const text = sql`NULLIF(CAST(${sql.ref(naming.nameColumn)} AS VARCHAR(255)), '')`;
  const padding = naming.padding;
  if (!padding) return text;
  const zeros = sql.lit('0'.repeat(padding));
  return sql`CASE WHEN LENGTH(${text}) >= ${sql.lit(padding)} THEN ${text} ELSE SUBSTR(${zeros} || ${text}, LENGTH(${text}) + 1) END`;
}

/**
 * After a record's combined id changed, every descendant's combined id is rebuilt from its parent's:
 * one set-based UPDATE per child table (never one per row), level by level, in the write's
 * transaction. `scope` selects the ids of the changed records of `parent`. Table and column names
 * come from the model templates.
 */
export async function recomputeDescendants(
  trx: AnyDb,
  engine: BehaviorEngine,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
  parent: ModelTemplate,
  scope: RawBuilder<unknown>,
  visited: ReadonlySet<string> = new Set([parent.fullName]),
): Promise<void> {
  for (const { child, parentColumn } of await engine.childModels(parent.fullName)) {
    const naming = namingOf(child);
    if (visited.has(child.fullName) || !Object.hasOwn(child.columns, COMBINED_ID) || !naming) continue;
    const parentKey = sql`(SELECT ${sql.ref(`p.${COMBINED_ID}`)} FROM ${sql.table(parent.table)} AS p WHERE ${sql.ref(
      'p.id',
    )} = ${sql.ref(`${child.table}.${parentColumn}`)})`;
    const inScope = sql`${sql.ref(parentColumn)} IN (${scope})`;
    const keys = [{ column: COMBINED_ID, separator: '_' }, ...(naming.derived ?? [])].filter(({ column }) =>
      Object.hasOwn(child.columns, column),
    );
    const assignments = keys.map(
      ({ column, separator }) => sql`${sql.ref(column)} = ${parentKey} || ${sql.lit(separator)} || ${nameSql(naming)}`,
    );
    await sql`UPDATE ${sql.table(child.table)} SET ${sql.join(assignments)} WHERE ${inScope}`.execute(trx);
    const childScope = sql`SELECT ${sql.ref('id')} FROM ${sql.table(child.table)} WHERE ${inScope}`;
    await recomputeDescendants(trx, engine, namingOf, child, childScope, new Set([...visited, child.fullName]));
  }
}
