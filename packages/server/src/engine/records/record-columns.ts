import { type ColumnTemplate, fieldTypeOf, hasTextIndex } from '@mdis/shared';
import type { ColumnKind } from '@mdis/shared/filters';
import type { TextIndexRef } from '../query/filter-compiler';
import { textIndexTable } from '../schema-sync/text-index';
import { type RawBuilder, sql } from 'kysely';
import type { RecordModel } from './record-model';
import { memoByObject } from '../../infra/memo-by-object';

/** A column a list may filter, sort or select: a stored column, an ancestor id or a parent-path pseudo column. */
export interface QueryColumn {
  name: string;
  ref: RawBuilder<unknown>;
  kind: ColumnKind;
  listName?: string;
  /** How many parent levels must be joined to reach it (0 = the record's own table). */
  level: number;
  /**
   * A computed pseudo column (an expression over the record, its parents and children): unlike a
   * plain parent column it may hold a value without its parent (coalesce), so a filter on it never
   * makes the parent joins INNER.
   */
  computed?: true;
  /** The column's trigram text index, when it has one (the filter compiler narrows with it). */
  textIndex?: TextIndexRef;
  /** The most characters a value has (validated on write), when the column's type bounds it. */
  maxLength?: number;
}

function maxLengthOf(column: ColumnTemplate | undefined): { maxLength?: number } {
  const max = column && fieldTypeOf(column.type)?.maxLength?.(column);
  return max === undefined ? {} : { maxLength: max };
}

function textIndexOf(table: string, alias: string, column: ColumnTemplate | undefined): TextIndexRef | undefined {
  if (!column || !hasTextIndex(column)) return undefined;
  return { table: textIndexTable(table), column: column.name, rowId: ref(alias, 'id') };
}

/** An identifier quoted as Kysely quotes it on SQLite and PostgreSQL: `"name"`, inner quotes doubled. */
function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"alias"."column"` (names from the template only, never from the request). */
export function quotedRef(alias: string, column: string): string {
  return `${quoteId(alias)}.${quoteId(column)}`;
}

// Raw text rather than sql.ref: the same SQL, but compiling a list query no longer parses and
// visits a reference node per column on every request (a sample page selects 22 columns).
function ref(alias: string, column: string): RawBuilder<unknown> {
  return sql.raw(quotedRef(alias, column));
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
    const ancestor = model.ancestors.at(pseudo.path.level - 1);
    const alias = ancestor?.alias ?? 'r';
    const textIndex =
      ancestor && textIndexOf(ancestor.template.table, alias, ancestor.template.columns[pseudo.path.column]);
    return [
      {
        name: pseudo.name,
        ref: ref(alias, pseudo.path.column),
        kind: pseudo.path.kind,
        level: pseudo.path.level,
        ...(textIndex && { textIndex }),
        ...maxLengthOf(ancestor?.template.columns[pseudo.path.column]),
      },
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

// A RecordModel is built once per template revision and frozen, so what derives from it only is
// computed once per model and shared by every request (a list asks for the columns 4-5 times).
const joinsOfModel = memoByObject((_model: RecordModel) => new Map<string, RawBuilder<unknown>>());

/** Every column a list request may name, looked up in the template (never taken from the request). */
export const queryColumns = memoByObject((model: RecordModel) => buildQueryColumns(model));

function buildQueryColumns(model: RecordModel): ReadonlyMap<string, QueryColumn> {
  const columns = new Map<string, QueryColumn>();
  for (const column of model.columns) {
    const textIndex = textIndexOf(model.table, 'r', column.template);
    columns.set(column.name, {
      name: column.name,
      ref: ref('r', column.name),
      kind: column.kind,
      ...(column.listName ? { listName: column.listName } : {}),
      level: 0,
      ...(textIndex && { textIndex }),
      ...maxLengthOf(column.template),
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
  const joins = joinsOfModel(model);
  const key = `${String(level)}:${String(innerLevel)}`;
  let found = joins.get(key);
  if (!found) {
    found = buildAncestorJoins(model, level, innerLevel);
    joins.set(key, found);
  }
  return found;
}

function buildAncestorJoins(model: RecordModel, level: number, innerLevel: number): RawBuilder<unknown> {
  const joins = model.ancestors.slice(0, level).map((ancestor, index) => {
    const below = index === 0 ? 'r' : (model.ancestors[index - 1]?.alias ?? 'r');
    const join = index < innerLevel ? 'JOIN' : 'LEFT JOIN';
    return `${join} ${quoteId(ancestor.template.table)} AS ${quoteId(ancestor.alias)} ON ${quotedRef(ancestor.alias, 'id')} = ${quotedRef(below, ancestor.idColumn)}`;
  });
  return sql.raw(joins.join(' '));
}
