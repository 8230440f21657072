import type { SyncOperation } from '@mdis/shared';
import type { RecordModel } from '../../engine/records/record-model';

/** A tempId the operation names that no record on the server has (yet): the operation waits. */
export class UnknownTempId extends Error {
  constructor(readonly tempId: string) {
    super(`Waits for ${tempId}, which is not on the server yet.`);
  }
}

const NUMBER = /^-?\d+$/;

/** Every tempId an operation names: its record, and the id columns of its values. */
export function tempIdsOf(op: SyncOperation): string[] {
  const names: string[] = [];
  if (typeof op.id === 'string') names.push(op.id);
  for (const value of Object.values(op.values ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && !NUMBER.test(item)) names.push(item);
    }
  }
  return names;
}

function realId(value: unknown, ids: ReadonlyMap<string, number>): unknown {
  if (typeof value !== 'string' || NUMBER.test(value)) return value;
  const id = ids.get(value);
  if (id === undefined) throw new UnknownTempId(value);
  return id;
}

/** The record an update or delete names, a tempId mapped to its real id. */
export function recordIdOf(op: SyncOperation, ids: ReadonlyMap<string, number>): number {
  return Number(realId(op.id, ids));
}

/**
 * The values with the tempIds of id columns (parent, `1n` references: integer columns; `many_to_many`
 * lists) replaced by real ids. Text never holds an id: a text value that looks like one stays text.
 */
export function mapTempIds(model: RecordModel, values: Record<string, unknown>, ids: ReadonlyMap<string, number>) {
  const mapped: Record<string, unknown> = { ...values };
  for (const column of model.columns) {
    if (!Object.hasOwn(values, column.name)) continue;
    const value = values[column.name];
    if (column.type === 'integer') mapped[column.name] = realId(value, ids);
    else if (column.type === 'many_to_many' && Array.isArray(value))
      mapped[column.name] = value.map((item) => realId(item, ids));
  }
  return mapped;
}
