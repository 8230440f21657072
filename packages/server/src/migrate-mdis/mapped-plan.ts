import type { ColumnType } from '@mdis/shared';
import { convertValue, type TargetValue } from './convert';
import type { TablePlan, Warnings } from './data-plans';
import type { Source, SourceRow } from './source';

// The copy of one of the original's own tables into ours, column by column: each target column
// takes the first of its candidate source columns the source has (names that differ between
// installations, or that are guessed), converted to our stored type; a column the source lacks is
// listed as a warning and gets our default, never a failed SELECT.

export interface ColumnMapping {
  target: string;
  /** Source column names, most likely first; none: always the fallback. */
  from: readonly string[];
  type: ColumnType | 'key';
  /** The value when the source has no such column or the row holds NULL. */
  fallback: (row: SourceRow) => TargetValue;
  /** A column only some installations have (or none): missing, it is no warning. */
  optional?: boolean;
  /** Instead of the type's conversion. */
  convert?: (value: unknown) => TargetValue;
}

export const constant = (value: TargetValue) => () => value;

/** The first of the candidate table names the source has. */
export const firstTable = (tables: Set<string>, names: readonly string[]) => names.find((name) => tables.has(name));

export async function mappedPlan(
  source: Source,
  table: { step: string; sourceTable: string; key?: string | null; replaceExisting?: boolean },
  mappings: readonly ColumnMapping[],
  warnings: Warnings,
): Promise<TablePlan> {
  const { step, sourceTable, key = 'id' } = table;
  const available = new Set(await source.columns(sourceTable));
  const found = mappings.map((m) => ({ ...m, column: m.from.find((name) => available.has(name)) }));
  for (const m of found)
    if (m.column === undefined && !m.optional)
      warnings.add(
        `${sourceTable}.${m.from[0] ?? m.target}: not in the source table; ${step}.${m.target} gets its default`,
      );
  // Only what the source holds is verified: a fallback is ours on both sides.
  const types: TablePlan['types'] = {};
  for (const m of found) if (m.column !== undefined) types[m.target] = m.type;
  return {
    step,
    sourceTable,
    sourceColumns: found.flatMap((m) => (m.column === undefined ? [] : [m.column])),
    targetTable: step,
    targetColumns: found.map((m) => m.target),
    types,
    ...(key ? { key } : {}),
    ...(table.replaceExisting ? { replaceExisting: true } : {}),
    map: (row) =>
      found.map((m) => {
        const raw = m.column === undefined ? null : row[m.column];
        const convert = m.convert ?? ((value: unknown) => convertValue(m.type, value));
        return (raw === null || raw === undefined ? null : convert(raw)) ?? m.fallback(row);
      }),
  };
}
