import type { Row } from '../../engine/records/dynamic-db';
import type { RecordModel } from '../../engine/records/record-model';
import type { Cell } from './readers/table-reader';
import type { MappedHeader } from './import-mapping';

/** A date cell (XLSX) in the form a date or date-time column takes; text as it is, trimmed; '' → null. */
function valueOf(cell: Cell | undefined, type: string | undefined): unknown {
  if (cell === undefined || cell === null) return null;
  if (cell instanceof Date) return type === 'date' ? cell.toISOString().slice(0, 10) : cell.toISOString();
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  return text === '' ? null : text;
}

/**
 * A reader of file rows as write bodies: each mapped header's cell under its column's name. The
 * columns and their types are looked up once (per batch), not once per cell.
 */
export function bodyReader(mapping: readonly MappedHeader[], model: RecordModel): (cells: readonly Cell[]) => Row {
  const mapped = mapping.flatMap(({ column }, index) =>
    column === null ? [] : [{ column, index, type: model.column(column)?.type }],
  );
  return (cells) => {
    const body: Row = {};
    for (const { column, index, type } of mapped) body[column] = valueOf(cells[index], type);
    return body;
  };
}

/** A cell as text (the header, the error CSV, an error's value). */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined || cell === null) return '';
  return cell instanceof Date ? cell.toISOString() : String(cell);
}
