import type { ColumnDef, DesiredTable, ForeignKeyDef, IndexDef } from './desired-table';

/** One change to the database; a plan is an ordered list of them. */
export type SchemaStep =
  | { kind: 'createTable'; table: string }
  | { kind: 'addColumn'; table: string; column: ColumnDef; foreignKey?: ForeignKeyDef }
  | { kind: 'renameColumn'; table: string; from: string; to: string }
  | { kind: 'alterColumn'; table: string; column: ColumnDef; fromType: string }
  | { kind: 'dropColumn'; table: string; column: string }
  | { kind: 'addForeignKey'; table: string; foreignKey: ForeignKeyDef }
  | { kind: 'dropForeignKey'; table: string; column: string }
  | { kind: 'createIndex'; table: string; index: IndexDef }
  | { kind: 'dropIndex'; table: string; name: string }
  | {
      kind: 'createJoinTable';
      table: string;
      joinTable: string;
      relatedTable: string;
      ownColumn: string;
      relatedColumn: string;
    }
  | { kind: 'dropJoinTable'; table: string; joinTable: string }
  | { kind: 'createRowCounter'; table: string }
  /** Make the trigram text index cover exactly `columns` (none: drop it); `opclassSchema`: pg_trgm's. */
  | { kind: 'syncTextIndex'; table: string; columns: string[]; opclassSchema: string | null }
  /** SQLite: the text index's triggers in their current form, its FTS table (and rows) kept. */
  | { kind: 'replaceTextIndexTriggers'; table: string };

export interface SchemaPlan {
  table: string;
  /** The full target shape; the SQLite table rebuild creates it in one go. */
  desired: DesiredTable;
  /** Existing columns that the target keeps, by target name → current name (renames included). */
  sources: Record<string, string>;
  steps: SchemaStep[];
}

/** A line per step, for showing the plan before it is applied. */
export function describeStep(step: SchemaStep): string {
  switch (step.kind) {
    case 'createTable':
      return `create table ${step.table}`;
    case 'addColumn':
      return `add column ${step.table}.${step.column.name} ${step.column.sqlType}`;
    case 'renameColumn':
      return `rename column ${step.table}.${step.from} to ${step.to}`;
    case 'alterColumn':
      return `change column ${step.table}.${step.column.name} from ${step.fromType} to ${step.column.sqlType}`;
    case 'dropColumn':
      return `drop column ${step.table}.${step.column}`;
    case 'addForeignKey':
      return `add foreign key ${step.table}.${step.foreignKey.column} → ${step.foreignKey.foreignTable}`;
    case 'dropForeignKey':
      return `drop foreign key ${step.table}.${step.column}`;
    case 'createIndex':
      return `create ${step.index.unique ? 'unique ' : ''}index ${step.index.physicalName} (${step.index.columns.join(', ')})`;
    case 'dropIndex':
      return `drop index ${step.name}`;
    case 'createJoinTable':
      return `create join table ${step.joinTable}`;
    case 'dropJoinTable':
      return `drop join table ${step.joinTable}`;
    case 'createRowCounter':
      return `count the rows of ${step.table}`;
    case 'syncTextIndex':
      return step.columns.length > 0
        ? `text index on ${step.table} (${step.columns.join(', ')})`
        : `drop the text index of ${step.table}`;
    case 'replaceTextIndexTriggers':
      return `update the text index triggers of ${step.table}`;
  }
}
