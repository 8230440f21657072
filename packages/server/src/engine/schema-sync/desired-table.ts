import { createHash } from 'node:crypto';
import {
  fieldTypeOf,
  hasTextIndex,
  isStoredColumnType,
  joinTableColumns,
  type ColumnTemplate,
  type ModelTemplate,
} from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';

/** A column as the schema sync creates it. `sqlType` comes from a fixed map, never from input. */
export interface ColumnDef {
  name: string;
  sqlType: string;
  notNull: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
}

export interface ForeignKeyDef {
  name: string;
  column: string;
  foreignTable: string;
  foreignColumn: string;
}

export interface IndexDef {
  /** The name in the template. */
  name: string;
  /** The name in the database: prefixed with the table, because index names are per schema. */
  physicalName: string;
  unique: boolean;
  columns: string[];
}

export interface JoinTableDef {
  relatedTable: string;
  ownColumn: string;
  relatedColumn: string;
}

/** What a model template asks of its table. */
export interface DesiredTable {
  table: string;
  columns: ColumnDef[];
  primaryKey: string[];
  foreignKeys: ForeignKeyDef[];
  indices: IndexDef[];
  joinTables: JoinTableDef[];
  /** Columns with a trigram text index (hasTextIndex), in template order. */
  textIndex: string[];
}

const PG_MAX_IDENTIFIER = 63;

/** Identifiers over PostgreSQL's 63 bytes are shortened with a hash so that they stay unique. */
export function shortIdentifier(name: string): string {
  if (name.length <= PG_MAX_IDENTIFIER) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, PG_MAX_IDENTIFIER - 9)}_${hash}`;
}

export function physicalIndexName(table: string, name: string): string {
  return shortIdentifier(`${table}__${name}`);
}

/** Column type → SQL type per dialect: the type's registry entry (fixed strings, see field-types/). */
export function sqlTypeOf(column: ColumnTemplate, dialect: Dialect): string {
  const entry = fieldTypeOf(column.type);
  if (!entry) throw new Error(`Unknown column type: ${column.type}`);
  return entry.sqlType(column, dialect);
}

function primaryKeyOf(template: ModelTemplate): string[] {
  const primary = Object.values(template.indices).find((index) => index.type === 'PRIMARY');
  if (primary && primary.columns.length > 0) return primary.columns;
  return Object.values(template.columns)
    .filter((c) => c.primaryKey)
    .map((c) => c.name);
}

function relationKeys(template: ModelTemplate): ForeignKeyDef[] {
  const keys: ForeignKeyDef[] = [];
  for (const relation of Object.values(template.relations)) {
    if (relation.relationType === 'nm' || !relation.foreignTable) continue;
    const locals = relation.localColumns ?? [];
    const foreigns = relation.foreignColumns ?? [];
    locals.forEach((column, i) => {
      keys.push({
        name: shortIdentifier(`${template.table}__${column}__fk`),
        column,
        foreignTable: relation.foreignTable as string,
        foreignColumn: foreigns[i] ?? 'id',
      });
    });
  }
  return keys;
}

function storedColumns(template: ModelTemplate, dialect: Dialect, primaryKey: string[]): ColumnDef[] {
  const single = primaryKey.length === 1;
  return Object.values(template.columns)
    .filter((c) => isStoredColumnType(c.type))
    .map((c) => {
      const isPk = primaryKey.includes(c.name);
      return {
        name: c.name,
        sqlType: sqlTypeOf(c, dialect),
        notNull: isPk || Boolean(c.required),
        primaryKey: isPk && single,
        autoIncrement: isPk && single && Boolean(c.autoInc) && c.type === 'integer',
      };
    });
}

function joinTablesOf(template: ModelTemplate): JoinTableDef[] {
  const related = new Set<string>();
  for (const relation of Object.values(template.relations))
    if (relation.relationType === 'nm' && relation.relatedTable) related.add(relation.relatedTable);
  for (const column of Object.values(template.columns))
    if (column.type === 'many_to_many' && column.relatedTable) related.add(column.relatedTable);
  return [...related].sort().map((relatedTable) => {
    const names = joinTableColumns(template.table, relatedTable);
    return { relatedTable, ownColumn: names.own, relatedColumn: names.related };
  });
}

/** The table a model template describes, for one dialect. */
export function desiredTable(template: ModelTemplate, dialect: Dialect): DesiredTable {
  const primaryKey = primaryKeyOf(template);
  const columns = storedColumns(template, dialect, primaryKey);
  const foreignKeys = relationKeys(template);
  // A 1n/parent relation whose local column is not among the columns: the FK column is added
  // as a nullable integer (one_to_many columns themselves are display columns, not stored).
  for (const fk of foreignKeys)
    if (!columns.some((c) => c.name === fk.column))
      columns.push({ name: fk.column, sqlType: 'integer', notNull: false, primaryKey: false, autoIncrement: false });
  const indices: IndexDef[] = Object.values(template.indices)
    .filter((index) => index.type !== 'PRIMARY')
    .map((index) => ({
      name: index.name,
      physicalName: physicalIndexName(template.table, index.name),
      unique: index.type === 'UNIQUE',
      columns: index.columns.filter((c) => columns.some((col) => col.name === c)),
    }))
    .filter((index) => index.columns.length > 0);
  // Every FK column gets an index unless an index already starts with it (deletes of the parent
  // and the child lists filter on it).
  for (const fk of foreignKeys)
    if (!indices.some((i) => i.columns[0] === fk.column) && primaryKey[0] !== fk.column)
      indices.push({
        name: `${fk.column}__fk`,
        physicalName: physicalIndexName(template.table, `${fk.column}__fk`),
        unique: false,
        columns: [fk.column],
      });
  const textIndex = Object.values(template.columns)
    .filter((c) => isStoredColumnType(c.type) && hasTextIndex(c))
    .map((c) => c.name);
  return {
    table: template.table,
    columns,
    primaryKey,
    foreignKeys,
    indices,
    joinTables: joinTablesOf(template),
    textIndex,
  };
}
