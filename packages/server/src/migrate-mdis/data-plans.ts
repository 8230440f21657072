import { type ColumnType, isStoredColumnType, joinTableColumns, joinTableName, type ModelTemplate } from '@mdis/shared';
import { convertValue } from './convert';
import type { CopyPlan } from './copy-table';
import type { Source } from './source';

export interface Warnings {
  add(message: string): void;
  /** Zero dates are many: counted per table and column, listed once each. */
  zeroDate(table: string, column: string): void;
}

export interface TablePlan extends CopyPlan {
  /** The stored columns' types, for the verification's checksums. */
  types: Record<string, ColumnType | 'key'>;
}

/** The copy of one template table: the columns both sides have, converted to our stored types. */
export async function modelTablePlan(
  source: Source,
  model: ModelTemplate,
  warnings: Warnings,
): Promise<TablePlan | undefined> {
  const tables = await source.tables();
  if (!tables.has(model.table)) {
    warnings.add(`${model.table}: the template ${model.fullName} has no table in the source; it stays empty`);
    return undefined;
  }
  const sourceColumns = new Set(await source.columns(model.table));
  const types: Record<string, ColumnType | 'key'> = {};
  for (const column of Object.values(model.columns)) {
    if (!isStoredColumnType(column.type)) continue;
    if (sourceColumns.has(column.name)) types[column.name] = column.name === 'id' ? 'key' : column.type;
    else warnings.add(`${model.table}.${column.name}: not in the source table; left empty`);
  }
  for (const name of sourceColumns)
    if (!(name in types) && !Object.values(model.columns).some((c) => c.name === name))
      warnings.add(`${model.table}.${name}: a source column without a template column; not copied`);
  const columns = Object.keys(types);
  const entries = Object.entries(types);
  return {
    step: model.table,
    sourceTable: model.table,
    sourceColumns: columns,
    targetTable: model.table,
    targetColumns: columns,
    key: 'id',
    types,
    map: (row) =>
      entries.map(([name, type]) => convertValue(type, row[name], () => warnings.zeroDate(model.table, name))),
  };
}

/**
 * The m:n join tables (`<tableA>_<tableB>`, either order) that exist on both sides: the two id
 * columns named as ours (`<table>_id`); guessed to be the original's names too.
 */
export async function joinTablePlans(
  source: Source,
  models: readonly ModelTemplate[],
  targetJoinTable: (a: string, b: string) => Promise<string | undefined>,
  warnings: Warnings,
): Promise<TablePlan[]> {
  const tables = await source.tables();
  const plans: TablePlan[] = [];
  const seen = new Set<string>();
  for (const model of models) {
    for (const relation of Object.values(model.relations)) {
      if (relation.relationType !== 'nm' || !relation.relatedTable) continue;
      const target = await targetJoinTable(model.table, relation.relatedTable);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const sourceTable = [
        joinTableName(model.table, relation.relatedTable),
        joinTableName(relation.relatedTable, model.table),
      ].find((t) => tables.has(t));
      if (!sourceTable) {
        warnings.add(`${target}: no m:n join table in the source; the links stay empty`);
        continue;
      }
      const { own, related } = joinTableColumns(model.table, relation.relatedTable);
      const columns = [own, related];
      plans.push({
        step: target,
        sourceTable,
        sourceColumns: columns,
        targetTable: target,
        targetColumns: columns,
        types: { [own]: 'key', [related]: 'key' },
        map: (row) => columns.map((c) => convertValue('key', row[c])),
      });
    }
  }
  return plans;
}
