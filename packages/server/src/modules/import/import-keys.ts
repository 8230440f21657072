import type { ImportRowError } from '@mdis/shared';
import { textOf } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { TemplateSource } from '../../engine/records/record-model';
import type { RecordTarget } from '../../engine/records/record-target';
import type { ImportColumn } from './import-columns';
import type { ImportRepository } from './import.repository';

/** A row's error as the preview lists it. */
export type RowError = ImportRowError;

/** The business keys a record is known by, besides its id, where its model stores them. */
const RECORD_KEYS = ['combined_id', 'igsn'];

/** A column whose cells name records (parent, 1n, m:n) by combined id, IGSN, display column or id. */
interface RecordKeys {
  kind: 'record';
  column: ImportColumn;
  table: string;
  keyColumns: string[];
  multiple: boolean;
}

/** A select column over a value list: a cell may hold the entry's display or its remark. */
interface ListKeys {
  kind: 'list';
  column: ImportColumn;
  values: Map<string, string>;
  multiple: boolean;
}

export type KeyColumn = RecordKeys | ListKeys;

export const notFound = (label: string, key: string) => `${label}: no record has the key '${key}'.`;
export const notInList = (label: string, value: string) => `${label}: '${value}' is not in the list.`;

const splitKeys = (value: unknown): string[] =>
  textOf(value)
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** Which columns of an import name records or list entries, and how to find them (once per import). */
export async function keyColumnsOf(
  target: RecordTarget,
  columns: readonly ImportColumn[],
  templates: TemplateSource,
  repository: ImportRepository,
): Promise<KeyColumn[]> {
  const { model } = target;
  const models = await templates.listModels();
  const tables = new Map<string, string>([
    ...(model.parentColumn && model.ancestors[0]
      ? [[model.parentColumn, model.ancestors[0].template.table] as const]
      : []),
    ...model.relations.references.map((r) => [r.name, r.foreignTable] as const),
    ...model.relations.oneToMany.map((r) => [r.name, r.foreignTable] as const),
    ...model.relations.manyToMany.map((r) => [r.name, r.relatedTable] as const),
  ]);
  const manyToMany = new Set(model.relations.manyToMany.map((r) => r.name));
  const keys: KeyColumn[] = [];
  for (const column of columns) {
    const table = tables.get(column.name);
    const source = column.field?.formInput.selectSource;
    if (table) {
      const related = models.find((m) => m.table === table);
      const display = source?.type === 'api' ? source.textField : undefined;
      const candidates = [...RECORD_KEYS, ...(display ? [display] : [])];
      const keyColumns = candidates.filter((name) => related?.columns[name] && related.columns[name].type !== 'pseudo');
      keys.push({
        kind: 'record',
        column,
        table,
        keyColumns: [...new Set(keyColumns)],
        multiple: manyToMany.has(column.name),
      });
    } else if (source?.type === 'list' && source.listName && !column.field?.formInput.allowFreeInput) {
      const valueField = source.valueField === 'remark' ? 'remark' : 'display';
      const values = new Map<string, string>();
      for (const item of await repository.listItems(source.listName)) {
        const value = item[valueField] ?? item.display;
        for (const text of [item.remark, item.display]) if (text) values.set(text.trim().toLowerCase(), value);
      }
      const multiple =
        model.column(column.name)?.type === 'string_multiple' || column.field?.formInput.multiple === true;
      keys.push({ kind: 'list', column, values, multiple });
    }
  }
  return keys;
}

export interface BatchRow {
  row: number;
  values: Row;
  /** The cells as read, before keys were resolved. */
  raw: Row;
  headers: Map<string, string>;
}

/**
 * Replaces the keys of a batch of rows by ids (records) or list values, one query per record
 * column for the whole batch; a key that matches nothing is an error of its row.
 */
export async function resolveKeys(
  repository: ImportRepository,
  keyColumns: readonly KeyColumn[],
  rows: readonly BatchRow[],
  errors: (error: RowError) => void,
): Promise<Set<number>> {
  const failed = new Set<number>();
  const fail = (row: BatchRow, column: ImportColumn, value: string, message: string) => {
    failed.add(row.row);
    errors({ row: row.row, column: column.name, header: row.headers.get(column.name) ?? null, value, message });
  };
  for (const key of keyColumns) {
    const name = key.column.name;
    const present = rows.filter((row) => row.values[name] !== null && row.values[name] !== undefined);
    if (present.length === 0) continue;
    if (key.kind === 'list') {
      for (const row of present) {
        const parts = key.multiple ? splitKeys(row.values[name]) : [textOf(row.values[name]).trim()];
        const found = parts.map((part) => key.values.get(part.toLowerCase()));
        const missing = parts.find((_part, index) => found[index] === undefined);
        if (missing !== undefined)
          fail(row, key.column, textOf(row.values[name]), notInList(key.column.label, missing));
        else row.values[name] = key.multiple ? found : found[0];
      }
      continue;
    }
    const texts = new Set<string>();
    for (const row of present)
      for (const part of key.multiple ? splitKeys(row.values[name]) : [textOf(row.values[name]).trim()])
        texts.add(part);
    const ids = [...texts].filter((t) => /^\d+$/.test(t)).map(Number);
    const found = await repository.findByKeys(repository.dynamic, key.table, key.keyColumns, [...texts], ids);
    const byKey = new Map<string, number>();
    const byId = new Set<number>();
    for (const record of found) {
      byId.add(Number(record.id));
      for (const column of key.keyColumns)
        if (record[column] !== null) byKey.set(textOf(record[column]), Number(record.id));
    }
    const idOf = (text: string) =>
      byKey.get(text) ?? (/^\d+$/.test(text) && byId.has(Number(text)) ? Number(text) : undefined);
    for (const row of present) {
      const parts = key.multiple ? splitKeys(row.values[name]) : [textOf(row.values[name]).trim()];
      const resolved = parts.map(idOf);
      const missing = parts.find((_part, index) => resolved[index] === undefined);
      if (missing !== undefined) fail(row, key.column, textOf(row.values[name]), notFound(key.column.label, missing));
      else row.values[name] = key.multiple ? resolved : resolved[0];
    }
  }
  return failed;
}
