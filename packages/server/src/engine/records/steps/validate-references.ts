import { type FieldError, RECORD_MESSAGES as MESSAGES, isEmptyValue as isEmpty } from '@mdis/shared';
import type { DynamicTrx, Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { RecordsRepository } from '../records.repository';
import type { WritableColumn } from '../record-target';

function labelOf(writable: readonly WritableColumn[], model: RecordModel, name: string): string {
  return writable.find((w) => w.column.name === name)?.label ?? model.column(name)?.label ?? name;
}

/** The field a unique-combination error is shown on: the last column that is not the parent id. */
export function uniqueErrorFor(
  model: RecordModel,
  writable: readonly WritableColumn[],
  columns: readonly string[],
  record: Row,
): FieldError {
  const own = columns.filter((c) => c !== model.parentColumn);
  const field = own.at(-1) ?? columns.at(-1) ?? 'id';
  const labels = columns.map((c) => labelOf(writable, model, c));
  const values = columns.map((c) => record[c]);
  const message =
    columns.length === 1 ? MESSAGES.taken(labels[0] ?? field, values[0]) : MESSAGES.combinationTaken(values, labels);
  return { field, message };
}

/** Whether the table has a foreign key from the parent column to the parent's table (schema-sync adds one per such relation). */
export function parentHasForeignKey(model: RecordModel, parentTable: string): boolean {
  return Object.values(model.template.relations).some(
    (r) =>
      r.relationType !== 'nm' &&
      r.foreignTable === parentTable &&
      model.parentColumn !== undefined &&
      (r.localColumns ?? []).includes(model.parentColumn),
  );
}

/**
 * Step 2 (second half), inside the write transaction: UNIQUE index combinations (a 422 on the
 * offending field instead of a constraint error) and the parent record's existence.
 * `storedParent`: the stored record of an update whose caller trusts it (an import's upsert): a
 * parent id equal to the stored one is not looked up again, since the foreign key (restricted
 * deletes) keeps that parent while the record points at it: one query (on PostgreSQL a round
 * trip) less per upserted row (issue 20).
 */
export async function validateReferences(
  trx: DynamicTrx,
  repository: RecordsRepository,
  model: RecordModel,
  writable: readonly WritableColumn[],
  record: Row,
  id: number | undefined,
  storedParent?: Row,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const columns of model.uniqueIndices) {
    const values = Object.fromEntries(columns.map((c) => [c, record[c]]));
    if (columns.some((c) => isEmpty(values[c]))) continue;
    if (await repository.isTaken(trx, model, values, id)) errors.push(uniqueErrorFor(model, writable, columns, record));
  }
  const parent = model.ancestors.at(0);
  const parentId = model.parentColumn === undefined ? undefined : record[model.parentColumn];
  if (
    parent &&
    model.parentColumn &&
    !isEmpty(parentId) &&
    !(storedParent?.[model.parentColumn] === parentId && parentHasForeignKey(model, parent.template.table)) &&
    !(await repository.exists(trx, parent.template.table, parentId))
  ) {
    errors.push({ field: model.parentColumn, message: MESSAGES.invalid(labelOf(writable, model, model.parentColumn)) });
  }
  return errors;
}
