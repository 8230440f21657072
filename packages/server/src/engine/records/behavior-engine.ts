import { type ModelTemplate, isEmptyValue as isEmpty } from '@mdis/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { lockUntilTransactionEnds } from '../../infra/db/transaction-lock';
import {
  type BehaviorEngine,
  type FindRecordsOptions,
  type ParentLink,
  type RecordConditions,
  runPresentHooks,
} from '../behaviors/behavior-registry';
import type { DynamicDb, DynamicTrx, Row } from './dynamic-db';
import { type MaintainedColumn, idsCondition, maintainedColumns, refreshMaintained } from './maintained-columns';
import { pseudoPathColumns, createPseudoComputer } from './pseudo-columns';
import { queryColumns } from './record-columns';
import { type RecordModel, loadRecordModel, parentColumnOf } from './record-model';
import { selectRecords } from './record-query';
import type { RecordsDeps } from './records-deps';
import { createRecordsRepository } from './records.repository';
import { runAfterBehaviors } from './steps/behaviors-after';
import { runBeforeBehaviors } from './steps/behaviors-before';
import { toStorage } from './steps/convert';
import { type PseudoComputer, presentRows } from './steps/present';

type Executor = DynamicDb | DynamicTrx;
export type BehaviorEngineFactory = (executor: Executor) => BehaviorEngine;
type EngineDeps = Pick<RecordsDeps, 'templates' | 'behaviors' | 'dialect'>;

/** The template default of every stored column that has one (id aside), in storage form. */
export function columnDefaults(model: RecordModel): Row {
  const record: Row = {};
  for (const column of model.columns) {
    const value = column.template.defaultValue;
    if (column.name !== 'id' && !isEmpty(value)) record[column.name] = toStorage(column, value);
  }
  return record;
}

function condition(ref: RawBuilder<unknown>, value: unknown): RawBuilder<SqlBool> {
  if (value === null || value === undefined) return sql<SqlBool>`${ref} IS NULL`;
  if (!Array.isArray(value)) return sql<SqlBool>`${ref} = ${value}`;
  // An empty list matches nothing (IN () is not valid SQL).
  return value.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref} IN (${sql.join(value)})`;
}

/**
 * The generic pseudo columns and the behaviors' `present` hooks over one page, reading through
 * `executor` (inside a write: its transaction; SQLite has one connection, so anything else would wait).
 */
export function pseudoComputerOn(deps: EngineDeps, executor: Executor, engine: () => BehaviorEngine): PseudoComputer {
  const generic = createPseudoComputer(deps.templates, createRecordsRepository(executor));
  return async (model, rows) => {
    await generic(model, rows);
    await runPresentHooks(deps.behaviors, { db: executor, model: model.template, records: rows, engine: engine() });
  };
}

// Level by level down the parent links: each child table's rows whose parent is in `scope`, one
// UPDATE per table that keeps maintained columns, the scope a subquery of the level above.
async function refreshBelow(
  deps: EngineDeps,
  executor: Executor,
  parent: ModelTemplate,
  scope: RawBuilder<unknown> | readonly number[],
  visited: ReadonlySet<string>,
  source: MaintainedColumn['source'] | undefined,
): Promise<void> {
  if (Array.isArray(scope) && scope.length === 0) return;
  const parentIds = Array.isArray(scope) ? sql.join(scope as readonly number[]) : (scope as RawBuilder<unknown>);
  for (const child of await deps.templates.listModels((m) => m.parentModel === parent.fullName)) {
    if (visited.has(child.fullName)) continue;
    const parentColumn = parentColumnOf(child, parent);
    const model = await loadRecordModel(deps.templates, child.fullName);
    const columns = maintainedColumns(deps.behaviors, model, deps.dialect).filter(
      (c) => !source || c.source === source,
    );
    const inScope = sql<SqlBool>`${sql.ref(`r.${parentColumn}`)} IN (${parentIds})`;
    await refreshMaintained(executor, child.table, columns, inScope);
    const childIds = sql`SELECT ${sql.ref('id')} FROM ${sql.table(child.table)} WHERE ${sql.ref(parentColumn)} IN (${parentIds})`;
    await refreshBelow(deps, executor, child, childIds, new Set([...visited, child.fullName]), source);
  }
}

/** The engine's rewrites of maintained columns (see BehaviorEngine), bound to one executor. */
function maintainedRefresher(
  deps: EngineDeps,
  executor: Executor,
): Pick<BehaviorEngine, 'refreshMaintained' | 'refreshMaintainedBelow'> {
  return {
    async refreshMaintained(model, ids) {
      const columns = maintainedColumns(deps.behaviors, model, deps.dialect);
      if (columns.length > 0) await refreshMaintained(executor, model.table, columns, idsCondition(ids));
    },
    async refreshMaintainedBelow(fullName, ids, source) {
      const parent = await deps.templates.getModel(fullName);
      if (parent) await refreshBelow(deps, executor, parent, ids, new Set([fullName]), source);
    },
  };
}

/** What behaviors may ask of the records engine (see BehaviorEngine), bound to one executor. */
export function createBehaviorEngineFactory(deps: EngineDeps): BehaviorEngineFactory {
  const { templates, behaviors, dialect } = deps;
  const factory = (executor: Executor): BehaviorEngine => {
    const engine: BehaviorEngine = {
      async findRecords(fullName: string, where: RecordConditions, options: FindRecordsOptions = {}) {
        const model = await loadRecordModel(templates, fullName);
        const columns = queryColumns(model);
        const refOf = (name: string) => {
          const column = columns.get(name);
          // Behaviors name columns from their template parameters: an unknown one is a template error.
          if (!column) throw new Error(`${fullName} has no column ${name}`);
          return column;
        };
        const conditions = Object.entries(where).map(([name, value]) => ({ column: refOf(name), value }));
        const order = options.orderBy ? [refOf(options.orderBy)] : [];
        const levels = [...conditions.map((c) => c.column.level), ...order.map((c) => c.level)];
        const query = selectRecords(model, {
          columns: [...columns.values()],
          hidden: options.plain ? [] : pseudoPathColumns(model),
          where: { sql: conditions.map((c) => condition(c.column.ref, c.value)), level: Math.max(0, ...levels) },
          order: order.map((c) => ({ ref: c.ref, direction: options.direction ?? 'asc', level: c.level })),
          limit: options.limit,
        });
        const rows = (await query.execute(executor)).rows;
        return presentRows(model, rows, options.plain ? undefined : pseudoComputerOn(deps, executor, () => engine));
      },

      async insertRecord(fullName: string, values: Row) {
        const model = await loadRecordModel(templates, fullName);
        const record: Row = { ...columnDefaults(model), ...values };
        const trx = executor as DynamicTrx;
        await runBeforeBehaviors(behaviors, 'create', trx, model, record, undefined, engine);
        const stored = Object.fromEntries(
          model.columns
            .filter((c) => c.name !== 'id' && Object.hasOwn(record, c.name))
            .map((c) => [c.name, record[c.name]]),
        );
        const row = await executor.insertInto(model.table).values(stored).returning('id').executeTakeFirstOrThrow();
        const id = Number(row.id);
        record.id = id;
        await runAfterBehaviors(behaviors, 'create', trx, model, record, undefined, engine);
        return id;
      },

      async childModels(fullName: string): Promise<ParentLink[]> {
        const parent = await templates.getModel(fullName);
        if (!parent) return [];
        const children = await templates.listModels((m) => m.parentModel === fullName);
        return children.map((child) => ({ child, parent, parentColumn: parentColumnOf(child, parent) }));
      },

      async parentOf(model: ModelTemplate): Promise<ParentLink | undefined> {
        const parent = model.parentModel ? await templates.getModel(model.parentModel) : undefined;
        return parent && { child: model, parent, parentColumn: parentColumnOf(model, parent) };
      },
      ...maintainedRefresher(deps, executor),
      async lockGroup(scope: string, group: RecordConditions): Promise<void> {
        // Sorted, so that the same group is the same key whatever order a behavior lists it in.
        const entries = Object.entries(group).sort(([a], [b]) => a.localeCompare(b));
        await lockUntilTransactionEnds(executor, dialect, JSON.stringify(['group', scope, entries]));
      },
    };
    return engine;
  };
  return factory;
}
