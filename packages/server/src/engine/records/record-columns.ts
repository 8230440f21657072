import type { ColumnKind } from '@mdis/shared/filters';
import { type RawBuilder, sql } from 'kysely';
import type { RecordModel } from './record-model';

/** A column a list may filter, sort or select: a stored column, an ancestor id or a parent-path pseudo column. */
export interface QueryColumn {
  name: string;
  ref: RawBuilder<unknown>;
  kind: ColumnKind;
  listName?: string;
  /** How many parent levels must be joined to reach it (0 = the record's own table). */
  level: number;
}

function ref(alias: string, column: string): RawBuilder<unknown> {
  return sql`${sql.ref(`${alias}.${column}`)}`;
}

/** Ancestor ids the record does not store itself: `site_id` of a core lives on its hole (a1). */
export function joinedAncestorIds(model: RecordModel): QueryColumn[] {
  return model.ancestors.slice(1).flatMap((level, index) => {
    if (model.column(level.idColumn)) return [];
    const alias = model.ancestors[index]?.alias ?? 'r';
    return [{ name: level.idColumn, ref: ref(alias, level.idColumn), kind: 'number' as const, level: index + 1 }];
  });
}

/** Pseudo columns that are pure parent paths, as joined columns. */
export function parentPathColumns(model: RecordModel): QueryColumn[] {
  return model.pseudo.flatMap((pseudo) => {
    if (!pseudo.path) return [];
    const alias = model.ancestors[pseudo.path.level - 1]?.alias ?? 'r';
    return [
      { name: pseudo.name, ref: ref(alias, pseudo.path.column), kind: pseudo.path.kind, level: pseudo.path.level },
    ];
  });
}

/** one_to_many columns: the id stored in their FK column, under the column's name. */
export function oneToManyColumns(model: RecordModel): QueryColumn[] {
  return model.relations.oneToMany.map((column) => ({
    name: column.name,
    ref: ref('r', column.fkColumn),
    kind: 'number' as const,
    level: 0,
  }));
}

/** Every column a list request may name, looked up in the template (never taken from the request). */
export function queryColumns(model: RecordModel): Map<string, QueryColumn> {
  const columns = new Map<string, QueryColumn>();
  for (const column of model.columns) {
    columns.set(column.name, {
      name: column.name,
      ref: ref('r', column.name),
      kind: column.kind,
      ...(column.listName ? { listName: column.listName } : {}),
      level: 0,
    });
  }
  for (const column of [...joinedAncestorIds(model), ...parentPathColumns(model), ...oneToManyColumns(model)]) {
    if (!columns.has(column.name)) columns.set(column.name, column);
  }
  return columns;
}

/**
 * `LEFT JOIN parent AS a1 ON a1.id = r.parent_id …` up to `level`; the first `innerLevel` levels as
 * INNER JOINs. A filter that needs a parent row to exist (hole_id = 7 on a sample) makes its level
 * and those below inner: the same rows, but the planner may then start from the parent's index
 * instead of scanning every record (SQLite cannot reorder a LEFT JOIN).
 */
export function ancestorJoins(model: RecordModel, level: number, innerLevel = 0): RawBuilder<unknown> {
  const joins = model.ancestors.slice(0, level).map((ancestor, index) => {
    const below = index === 0 ? 'r' : (model.ancestors[index - 1]?.alias ?? 'r');
    const join = index < innerLevel ? sql`JOIN` : sql`LEFT JOIN`;
    return sql`${join} ${sql.table(ancestor.template.table)} AS ${sql.id(ancestor.alias)} ON ${sql.ref(`${ancestor.alias}.id`)} = ${sql.ref(`${below}.${ancestor.idColumn}`)}`;
  });
  return joins.length > 0 ? sql.join(joins, sql` `) : sql``;
}
