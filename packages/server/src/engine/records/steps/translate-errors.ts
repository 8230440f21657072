import {
  AppError,
  MYSQL_ROW_IS_REFERENCED,
  RECORD_MESSAGES as MESSAGES,
  modelLabel,
  validationError,
} from '@mdis/shared';
import type { Dialect } from '../../../infra/db/dialect';
import { translateDbError } from '../../../infra/db/translate-db-error';
import type { Row } from '../dynamic-db';
import type { RecordModel, TemplateSource } from '../record-model';
import type { RecordsRepository } from '../records.repository';
import type { WritableColumn } from '../record-target';
import { uniqueErrorFor } from './validate-references';

export interface TranslateContext {
  dialect: Dialect;
  model: RecordModel;
  writable: readonly WritableColumn[];
  record: Row;
}

/** `what`: the related model as people read it ('Hole records'), never its table. */
export const hasChildrenMessage = (what: string) => `The record cannot be deleted: ${what} still belong to it.`;

/** The records of a table, named by their model ('Hole records'); 'other records' when no model has it. */
async function recordsOfTable(source: TemplateSource, table: string | undefined): Promise<string> {
  const model = table ? (await source.listModels()).find((m) => m.table === table) : undefined;
  return model ? `${modelLabel(model)} records` : 'other records';
}

/**
 * Step 6 for create/update: a constraint the checks before the write did not catch (a racing
 * insert, a parent deleted meanwhile) is answered like the check would have: a 422 on the field.
 */
export function translateWriteError(error: unknown, context: TranslateContext): unknown {
  if (error instanceof AppError) return error;
  const translated = translateDbError(context.dialect, error);
  if (!translated) return error;
  const { model, writable, record } = context;
  const column = translated.extensions.column;
  const label = (name: string) => writable.find((w) => w.column.name === name)?.label ?? name;
  switch (translated.code) {
    case 'UNIQUE_VIOLATION': {
      const index = model.uniqueIndices.find((columns) => column !== undefined && columns.includes(column));
      if (index) return validationError([uniqueErrorFor(model, writable, index, record)]);
      const field = column ?? 'id';
      return validationError([{ field, message: MESSAGES.taken(label(field), record[field]) }]);
    }
    case 'NOT_NULL_VIOLATION':
      return column ? validationError([{ field: column, message: MESSAGES.required(label(column)) }]) : translated;
    case 'FOREIGN_KEY_VIOLATION': {
      const field = column ?? model.parentColumn;
      return field ? validationError([{ field, message: MESSAGES.invalid(label(field)) }]) : translated;
    }
    default:
      return translated;
  }
}

/** Tables whose rows may point at a model's records (parent and 1n relations of every model). */
async function referencingColumns(source: TemplateSource, model: RecordModel) {
  const models = await source.listModels();
  return models.flatMap((other) =>
    Object.values(other.relations)
      .filter((r) => r.relationType !== 'nm' && r.foreignTable === model.table)
      .flatMap((r) => (r.localColumns ?? []).map((column) => ({ table: other.table, column }))),
  );
}

/**
 * Step 6 for delete: a record that still has children → 409 naming the child table. PostgreSQL
 * names it; SQLite does not, so the models referencing this one are asked (only on this error path).
 */
export async function translateDeleteError(
  error: unknown,
  context: { dialect: Dialect; model: RecordModel; id: number; source: TemplateSource; repository: RecordsRepository },
): Promise<unknown> {
  if (error instanceof AppError) return error;
  const translated = translateDbError(context.dialect, error);
  if (translated?.code !== 'FOREIGN_KEY_VIOLATION') return translated ?? error;
  let child = translated.extensions.table !== context.model.table ? translated.extensions.table : undefined;
  if (!child) {
    for (const { table, column } of await referencingColumns(context.source, context.model)) {
      if (await context.repository.isReferenced(table, column, context.id)) {
        child = table;
        break;
      }
    }
  }
  const driverText = translated.extensions.errorInfo?.[2] ?? translated.message;
  return new AppError('FOREIGN_KEY_VIOLATION', hasChildrenMessage(await recordsOfTable(context.source, child)), {
    errorInfo: ['23000', MYSQL_ROW_IS_REFERENCED, driverText],
    ...(child ? { table: child } : {}),
  });
}
