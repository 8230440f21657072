import { type ColumnAbilities, type ModelTemplate, isStoredColumnType } from '@mdis/shared';
import type { AggregateNode } from '@mdis/shared/expressions';
import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import { type ExpressionSqlScope, type SqlValue, compileExpression } from '../query/expression-sql';
import { maintainedColumns } from './maintained-columns';
import { childModel } from './pseudo-columns';
import { type QueryColumn, queryColumns, quotedRef } from './record-columns';
import {
  type PseudoColumn,
  type RecordModel,
  type TemplateSource,
  loadRecordModel,
  parentColumnOf,
} from './record-model';
import { memoByObject } from '../../infra/memo-by-object';

const AGGREGATE_SQL = { sum: 'SUM', count: 'COUNT', min: 'MIN', max: 'MAX', avg: 'AVG' } as const;

/** What a list may sort and filter by: the stored and joined columns, and the computed pseudo columns. */
export interface ListColumns {
  /** Column name → its SQL in the list query. */
  columns: ReadonlyMap<string, QueryColumn>;
  /** Pseudo columns without an SQL form (neither an expression SQL can state nor a behavior's SQL). */
  unsortable: ReadonlySet<string>;
}

function storedValue(model: RecordModel, name: string): SqlValue | undefined {
  const column = model.column(name);
  if (!column) return undefined;
  return { sql: sql.raw(quotedRef('r', name)), type: column.kind === 'number' ? 'number' : 'text', level: 0 };
}

// A correlated subquery per aggregate: the value of one parent row, served by the child's FK index.
// COUNT of no children is NULL, as the page-batched evaluation (no group row) gives.
function aggregateValue(model: RecordModel, children: ModelTemplate[], node: AggregateNode): SqlValue | undefined {
  const child = childModel(children, node.relation);
  if (!child) return undefined;
  const fk = sql.raw(quotedRef('c', parentColumnOf(child, model.template)));
  const from = sql`FROM ${sql.table(child.table)} AS c WHERE ${fk} = ${sql.raw(quotedRef('r', 'id'))}`;
  if (node.column === null) return { sql: sql`(SELECT NULLIF(COUNT(*), 0) ${from})`, type: 'number', level: 0 };
  const column = Object.hasOwn(child.columns, node.column) ? child.columns[node.column] : undefined;
  if (!column || !isStoredColumnType(column.type)) return undefined;
  const argument = sql.raw(quotedRef('c', node.column));
  return { sql: sql`(SELECT ${sql.raw(AGGREGATE_SQL[node.fn])}(${argument}) ${from})`, type: 'number', level: 0 };
}

function expressionColumn(
  model: RecordModel,
  pseudo: PseudoColumn,
  children: ModelTemplate[],
  dialect: Dialect,
): QueryColumn | undefined {
  if (!pseudo.ast) return undefined;
  const scope: ExpressionSqlScope = {
    dialect,
    column: (name) => storedValue(model, name),
    path: (text) => {
      const path = pseudo.paths.find((p) => p.text === text);
      if (!path) return undefined;
      const alias = model.ancestors[path.level - 1]?.alias ?? 'r';
      const type = path.kind === 'number' ? 'number' : 'text';
      return { sql: sql.raw(quotedRef(alias, path.column)), type, level: path.level };
    },
    aggregate: (node) => aggregateValue(model, children, node),
  };
  const value = compileExpression(pseudo.ast, scope);
  if (!value || (value.type !== 'number' && value.type !== 'text')) return undefined;
  return { name: pseudo.name, ref: sql`${value.sql}`, kind: value.type, level: value.level, computed: true };
}

function behaviorColumns(behaviors: BehaviorRegistry, model: RecordModel, dialect: Dialect): Map<string, QueryColumn> {
  const found = new Map<string, QueryColumn>();
  for (const { hooks, parameters } of behaviors.resolve(model.template)) {
    for (const [name, column] of Object.entries(hooks.columnSql?.(model.template, parameters, dialect) ?? {})) {
      if (!found.has(name)) found.set(name, { name, ref: column.sql, kind: column.kind, level: 0, computed: true });
    }
  }
  return found;
}

async function buildListColumns(
  templates: TemplateSource,
  behaviors: BehaviorRegistry,
  model: RecordModel,
  dialect: Dialect,
): Promise<ListColumns> {
  const columns = new Map(queryColumns(model));
  const unsortable = new Set<string>();
  const open = model.pseudo.filter((p) => !p.path && !columns.has(p.name));
  const children = open.some((p) => p.aggregates.length > 0)
    ? await templates.listModels((m) => m.parentModel === model.fullName)
    : [];
  const fromBehaviors = behaviorColumns(behaviors, model, dialect);
  // A maintained column is sorted and filtered by its stored, indexed copy; the rest by their SQL.
  const maintained = new Map(maintainedColumns(behaviors, model, dialect).map((m) => [m.name, m]));
  for (const pseudo of open) {
    const stored = maintained.get(pseudo.name);
    // A pseudoCalc is the template's word; without one, a behavior fills the column and may give its SQL.
    const column: QueryColumn | undefined = stored
      ? { name: pseudo.name, ref: sql.raw(quotedRef('r', stored.column)), kind: stored.kind, level: 0, computed: true }
      : pseudo.ast
        ? expressionColumn(model, pseudo, children, dialect)
        : fromBehaviors.get(pseudo.name);
    if (column) columns.set(pseudo.name, column);
    else unsortable.add(pseudo.name);
  }
  return { columns, unsortable };
}

// Built once per record model (one per template revision, frozen) and shared by every request; an
// app runs on one dialect, so the model alone is the key.
const listColumnsOfModel = memoByObject(
  (model: RecordModel, deps: { templates: TemplateSource; behaviors: BehaviorRegistry; dialect: Dialect }) =>
    buildListColumns(deps.templates, deps.behaviors, model, deps.dialect),
);

/**
 * Every column a list may sort and filter by, looked up in the template: queryColumns, plus the
 * pseudo columns computed in SQL (expressions of the expression language compiled over the joined
 * parents and correlated child aggregates, or the SQL a behavior gives for the columns it fills).
 */
export function listColumns(
  deps: { templates: TemplateSource; behaviors: BehaviorRegistry; dialect: Dialect },
  model: RecordModel,
): Promise<ListColumns> {
  return listColumnsOfModel(model, deps);
}

/**
 * What a list of `fullName` can do with each of `names` (a form's fields): sort and filter by the
 * columns its SQL knows; a many_to_many column or a pseudo column without SQL can do neither.
 */
export async function columnAbilities(
  deps: { templates: TemplateSource; behaviors: BehaviorRegistry; dialect: Dialect },
  fullName: string,
  names: readonly string[],
): Promise<Record<string, ColumnAbilities>> {
  const { columns } = await listColumns(deps, await loadRecordModel(deps.templates, fullName));
  return Object.fromEntries(
    names.map((name) => [name, { sortable: columns.has(name), filterable: columns.has(name) }] as const),
  );
}
