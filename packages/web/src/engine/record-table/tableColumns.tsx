import type { MRT_ColumnDef } from 'material-react-table';
import { formatValue, type FormField, type FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { shownDateTime } from '../fields/dateTimeFormat';

export const ID_COLUMN_HEADER = '# id';

/**
 * What a cell shows: multi-values joined, null as empty, datetimes as Y-m-d H:i in local time
 * (as the record panel shows them), the field's formatter when it has one.
 */
export function cellText(field: FormField, record: FormRecord): string {
  const value = record[field.name];
  if (field.formatter) return formatValue(field.formatter, value, record);
  if (value === null || value === undefined) return '';
  if (field.formInput.type === 'datetime') return shownDateTime(value);
  if (Array.isArray(value)) return value.map((v) => String(v)).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface TableColumnsOptions {
  form: FormTemplate;
  /** Fields that may be filtered by value (searchable columns of the model). */
  searchable: ReadonlySet<string>;
  /** Fields the server sorts by (app/forms); undefined while unknown: every field. */
  sortable?: ReadonlySet<string>;
  /** Administrator and developer see the '# id' column. */
  showId: boolean;
}

/**
 * What each column's cells show, by column id: the record's id, then each field's text (cellText).
 * The body's rows are ours (RecordRows): the table's column definitions carry no Cell renderer.
 */
export function columnTexts(form: FormTemplate): ReadonlyMap<string, (record: FormRecord) => string> {
  return new Map<string, (record: FormRecord) => string>([
    ['id', (record) => String(record.id)],
    ...form.fields.map((field) => [field.name, (record: FormRecord) => cellText(field, record)] as const),
  ]);
}

/** The table's columns: '# id' first (hidden from everyone else), then the form's fields. */
export function tableColumns({ form, searchable, sortable, showId }: TableColumnsOptions): MRT_ColumnDef<FormRecord>[] {
  const idColumn: MRT_ColumnDef<FormRecord> = {
    id: 'id',
    header: ID_COLUMN_HEADER,
    accessorFn: (row) => row.id,
    enableColumnFilter: showId,
    enableHiding: showId,
    visibleInShowHideMenu: showId,
    size: 80,
  };
  const fieldColumns = form.fields.map((field): MRT_ColumnDef<FormRecord> => ({
    id: field.name,
    header: field.label ?? field.name,
    accessorFn: (row) => row[field.name],
    enableColumnFilter: searchable.has(field.name),
    // A column the server cannot sort by would fail the list (and used to be remembered so).
    enableSorting: sortable?.has(field.name) ?? true,
  }));
  return [idColumn, ...fieldColumns];
}
