import type { Kysely } from 'kysely';
import type { ModelTemplate } from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import { desiredTable, type DesiredTable, type IndexDef } from './desired-table';
import { introspectTable, resolveJoinTable, tableExists, type LiveTable } from './introspect';
import { needsSqliteRebuild } from './apply';
import { derivedSteps } from './derived-steps';
import { isMaintainedColumnName } from '../records/maintained-columns';
import type { SchemaPlan, SchemaStep } from './plan-types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plans run on any schema
type AnyDb = Kysely<any>;

const sameIndex = (a: IndexDef, b: { unique: boolean; columns: string[] }) =>
  a.unique === b.unique && a.columns.join(',') === b.columns.join(',');

/** Matches target columns to live ones (by name, else through `oldName`) and lists column steps. */
function columnSteps(template: ModelTemplate, desired: DesiredTable, live: LiveTable) {
  const table = desired.table;
  const liveByName = new Map(live.columns.map((c) => [c.name, c]));
  const targetNames = new Set(desired.columns.map((c) => c.name));
  const sources: Record<string, string> = {};
  const steps: SchemaStep[] = [];
  for (const column of desired.columns) {
    // FK columns of relations may be missing from the template's columns (see desiredTable).
    const oldName = column.name in template.columns ? template.columns[column.name].oldName : undefined;
    let source = liveByName.get(column.name);
    if (!source && oldName && !targetNames.has(oldName) && liveByName.has(oldName)) {
      source = liveByName.get(oldName);
      steps.push({ kind: 'renameColumn', table, from: oldName, to: column.name });
    }
    if (!source) {
      const foreignKey = desired.foreignKeys.find((fk) => fk.column === column.name);
      steps.push({
        kind: 'addColumn',
        table,
        column: { ...column, notNull: false },
        ...(foreignKey && { foreignKey }),
      });
      continue;
    }
    sources[column.name] = source.name;
    // Nullability is not diffed: columns added later are nullable (existing rows have no value)
    // and `required` is enforced by validation; only the type is kept in line.
    if (source.sqlType !== column.sqlType && !(column.autoIncrement && source.sqlType === 'integer'))
      steps.push({ kind: 'alterColumn', table, column, fromType: source.sqlType });
  }
  const kept = new Set(Object.values(sources));
  // Maintained columns are the engine's, not the template's (syncMaintainedColumns keeps them).
  for (const column of live.columns)
    if (!kept.has(column.name) && !isMaintainedColumnName(column.name))
      steps.push({ kind: 'dropColumn', table, column: column.name });
  return { sources, steps };
}

function foreignKeySteps(desired: DesiredTable, live: LiveTable, steps: SchemaStep[], sources: Record<string, string>) {
  const table = desired.table;
  const result: SchemaStep[] = [];
  const added = new Set(steps.flatMap((s) => (s.kind === 'addColumn' && s.foreignKey ? [s.column.name] : [])));
  for (const fk of desired.foreignKeys) {
    if (added.has(fk.column)) continue;
    const current = sources[fk.column] ?? fk.column;
    if (!live.foreignKeys.some((l) => l.column === current && l.foreignTable === fk.foreignTable))
      result.push({ kind: 'addForeignKey', table, foreignKey: fk });
  }
  const dropped = new Set(steps.flatMap((s) => (s.kind === 'dropColumn' ? [s.column] : [])));
  for (const fk of live.foreignKeys) {
    const target = Object.keys(sources).find((name) => sources[name] === fk.column);
    if (dropped.has(fk.column) || !target) continue;
    if (!desired.foreignKeys.some((d) => d.column === target && d.foreignTable === fk.foreignTable))
      result.push({ kind: 'dropForeignKey', table, column: fk.column });
  }
  return result;
}

/** `renames`: current → new column name, so that an index on a renamed column is not recreated. */
function indexSteps(desired: DesiredTable, live: LiveTable | undefined, renames: Map<string, string>): SchemaStep[] {
  const table = desired.table;
  const drops: SchemaStep[] = [];
  const creates: SchemaStep[] = [];
  const liveIndices = live?.indices ?? [];
  for (const index of desired.indices) {
    const current = liveIndices.find((l) => l.name === index.physicalName);
    const renamedColumns = current?.columns.map((c) => renames.get(c) ?? c);
    // A PostgreSQL index from before NULLS FIRST is rebuilt: lists sort NULLs first (ddl.ts).
    const same =
      current !== undefined &&
      renamedColumns !== undefined &&
      sameIndex(index, { unique: current.unique, columns: renamedColumns });
    if (same && current.nullsLast !== true) continue;
    if (current) drops.push({ kind: 'dropIndex', table, name: current.name });
    creates.push({ kind: 'createIndex', table, index });
  }
  for (const index of liveIndices)
    if (!desired.indices.some((d) => d.physicalName === index.name) && !isMaintainedColumnName(index.columns[0] ?? ''))
      drops.push({ kind: 'dropIndex', table, name: index.name });
  return [...drops, ...creates];
}

/**
 * What it takes to bring the model's table in line with its template: compares the template with
 * the live table (not with the previous template, which may be stale); renames come from the
 * columns' `oldName`. `previous`, the template the table was last built from, tells which m:n
 * join tables were this model's and are to be dropped.
 */
export async function planSchemaSync(
  db: AnyDb,
  dialect: Dialect,
  template: ModelTemplate,
  previous?: ModelTemplate,
): Promise<SchemaPlan> {
  const desired = desiredTable(template, dialect);
  const table = desired.table;
  const live = await introspectTable(db, dialect, table);
  let steps: SchemaStep[] = [];
  let sources: Record<string, string> = {};
  if (!live) {
    steps.push({ kind: 'createTable', table });
    steps.push(...indexSteps(desired, undefined, new Map()));
  } else {
    const columns = columnSteps(template, desired, live);
    sources = columns.sources;
    const renames = new Map(columns.steps.flatMap((s) => (s.kind === 'renameColumn' ? [[s.from, s.to] as const] : [])));
    const indices = indexSteps(desired, live, renames);
    // Index drops first (SQLite cannot drop an indexed column), creates last.
    const [drops, creates] = [
      indices.filter((s) => s.kind === 'dropIndex'),
      indices.filter((s) => s.kind !== 'dropIndex'),
    ];
    steps = [...drops, ...columns.steps, ...foreignKeySteps(desired, live, columns.steps, sources), ...creates];
  }
  const fresh = !live || (dialect === 'sqlite' && needsSqliteRebuild({ table, desired, sources, steps }));
  steps.push(...(await derivedSteps(db, dialect, desired, fresh)));
  steps.push(...(await joinTableSteps(db, dialect, desired, previous)));
  return { table, desired, sources, steps };
}

/**
 * Join tables of m:n relations: created once both tables exist (the side synced second creates
 * it), dropped when the relation is gone from the template the table was last built from.
 */
async function joinTableSteps(
  db: AnyDb,
  dialect: Dialect,
  desired: DesiredTable,
  previous: ModelTemplate | undefined,
): Promise<SchemaStep[]> {
  const table = desired.table;
  const steps: SchemaStep[] = [];
  for (const join of desired.joinTables) {
    if (await resolveJoinTable(db, dialect, table, join.relatedTable)) continue;
    if (join.relatedTable !== table && !(await tableExists(db, dialect, join.relatedTable))) continue;
    steps.push({ kind: 'createJoinTable', table, joinTable: `${table}_${join.relatedTable}`, ...join });
  }
  const wanted = new Set(desired.joinTables.map((j) => j.relatedTable));
  const before = previous ? desiredTable(previous, dialect).joinTables : [];
  for (const join of before) {
    if (wanted.has(join.relatedTable)) continue;
    const joinTable = await resolveJoinTable(db, dialect, table, join.relatedTable);
    if (joinTable) steps.push({ kind: 'dropJoinTable', table, joinTable });
  }
  return steps;
}
