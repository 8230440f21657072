import { COMBINED_ID } from '@mdis/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { type SqlValue, compileExpression } from '../query/expression-sql';
import { quotedRef } from './record-columns';
import type { AncestorLevel, PseudoColumn, RecordModel } from './record-model';

// Template pseudo expressions kept in maintained columns (issue 17): a sample's
// `sectionSplit.combined_id + ':' + [top] + '-' + ([top] + [sample_length])` joined its split for
// every row of a sort (~3 s at 1M samples). Only expressions whose parent paths all read a
// `combined_id` qualify: the engine itself follows those (the record's own write refreshes it; the
// combined-id behavior refreshes the subtree whose combined ids it rebuilt), so no domain behavior
// has to know about them. Aggregates over children and other parent columns stay computed in SQL.

/** A template expression the engine keeps stored, with its self-contained SQL over the record `r`. */
export interface MaintainedExpression {
  name: string;
  kind: 'number' | 'text';
  sql: RawBuilder<unknown>;
}

/**
 * `ancestors[level - 1].column` as a correlated subquery from the record `r` up the parent chain
 * (aliased m1, m2, …: no clash with the list's r and a1…), read through each level's primary key.
 */
function ancestorValue(ancestors: readonly AncestorLevel[], level: number, column: string): RawBuilder<unknown> {
  const chain = ancestors.slice(0, level);
  const first = chain[0];
  let from = sql`${sql.table(first.template.table)} AS ${sql.ref('m1')}`;
  for (let index = 1; index < chain.length; index += 1) {
    const [below, alias] = [`m${String(index)}`, `m${String(index + 1)}`];
    from = sql`${from} JOIN ${sql.table(chain[index].template.table)} AS ${sql.ref(alias)} ON ${sql.ref(
      `${alias}.id`,
    )} = ${sql.ref(`${below}.${chain[index].idColumn}`)}`;
  }
  const top = `m${String(chain.length)}`;
  return sql`(SELECT ${sql.ref(`${top}.${column}`)} FROM ${from} WHERE ${sql.ref('m1.id')} = ${sql.ref(
    `r.${first.idColumn}`,
  )})`;
}

function readsOnlyCombinedIds(pseudo: PseudoColumn): boolean {
  return (
    pseudo.ast !== undefined &&
    pseudo.aggregates.length === 0 &&
    pseudo.paths.length > 0 &&
    pseudo.paths.every((path) => path.level > 0 && path.column === COMBINED_ID)
  );
}

function compileSelfContained(model: RecordModel, pseudo: PseudoColumn, dialect: Dialect): SqlValue | undefined {
  if (!pseudo.ast) return undefined;
  return compileExpression(pseudo.ast, {
    dialect,
    column: (name) => {
      const column = model.column(name);
      if (!column) return undefined;
      return { sql: sql.raw(quotedRef('r', name)), type: column.kind === 'number' ? 'number' : 'text', level: 0 };
    },
    path: (text) => {
      const path = pseudo.paths.find((p) => p.text === text);
      if (!path || path.level > model.ancestors.length) return undefined;
      const type = path.kind === 'number' ? 'number' : 'text';
      return { sql: ancestorValue(model.ancestors, path.level, path.column), type, level: 0 };
    },
    aggregate: () => undefined,
  });
}

/** The model's pseudo expressions the engine keeps stored (see above), with their SQL. */
export function maintainedExpressions(model: RecordModel, dialect: Dialect): MaintainedExpression[] {
  return model.pseudo.filter(readsOnlyCombinedIds).flatMap((pseudo) => {
    const value = compileSelfContained(model, pseudo, dialect);
    if (value?.type !== 'number' && value?.type !== 'text') return [];
    return [{ name: pseudo.name, kind: value.type, sql: value.sql }];
  });
}
