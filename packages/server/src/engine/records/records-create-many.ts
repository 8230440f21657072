import {
  type FieldError,
  RECORD_MESSAGES as MESSAGES,
  isEmptyValue as isEmpty,
  textOf,
  validationError,
} from '@mdis/shared';
import { type BehaviorEngine, runCreateManyHook } from '../behaviors/behavior-registry';
import type { DynamicTrx, Row } from './dynamic-db';
import { insertRows } from './insert-rows';
import { maintainedColumns } from './maintained-columns';
import type { RecordTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import { changes } from './records-write';
import { nextIds } from './record-ids';
import type { RelationInput } from './steps/relation-input';
import { uniqueErrorFor } from './steps/validate-references';
import { referenceValues, writeLinks } from './steps/write';

// The batch form of writeInTransaction for creates (an import): the same steps, each over the whole
// batch (references checked with one query per relation, the behaviors' batch hooks with the ids
// given before the insert, one multi-row INSERT per few hundred rows that also computes the
// maintained columns), with the same errors per record. The history triggers write one row per inserted record.

/** One record to create, checked (records-import.ts). */
export interface CreateInBatch {
  record: Row;
  relations: RelationInput;
}

/** Ids per `IN (...)` list. */
const MAX_IDS = 5_000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * validateReferences over a batch: a unique combination is taken when a stored record holds it
 * (one query per index for the whole batch) or an earlier record of the import does (kept in
 * `memo`: a batch of a preview, or on SQLite one after a failing row, is rolled back before the
 * next); the parents checked in one query, which reads them whole for the behaviors (`parents`:
 * the combined ids take their parent's part from them).
 */
async function referenceErrors(
  trx: DynamicTrx,
  deps: RecordsDeps,
  target: RecordTarget,
  creates: readonly CreateInBatch[],
  memo: Map<string, unknown>,
  engine: BehaviorEngine,
): Promise<{ errors: FieldError[][]; parents?: Map<string, Row> }> {
  const { model, writable } = target;
  const errors: FieldError[][] = creates.map(() => []);
  for (const columns of model.uniqueIndices) {
    const candidates: { index: number; values: Row }[] = [];
    for (const [index, { record }] of creates.entries()) {
      const values = Object.fromEntries(columns.map((c) => [c, record[c]]));
      if (!columns.some((c) => isEmpty(values[c]))) candidates.push({ index, values });
    }
    const stored = await deps.repository.takenAmong(
      trx,
      model,
      candidates.map((c) => c.values),
    );
    const key = `unique:${model.table}:${columns.join(',')}`;
    const seen = (memo.get(key) as Set<string> | undefined) ?? new Set<string>();
    memo.set(key, seen);
    for (const [position, { index, values }] of candidates.entries()) {
      const text = JSON.stringify(columns.map((c) => textOf(values[c])));
      if (seen.has(text) || stored.has(position))
        errors[index]?.push(uniqueErrorFor(model, writable, columns, creates[index].record));
      seen.add(text);
    }
  }
  const parent = model.ancestors.at(0);
  const parentColumn = model.parentColumn;
  if (!parent || !parentColumn) return { errors };
  const parents = new Map<string, Row>();
  const ids = [...new Set(creates.map((c) => c.record[parentColumn]).filter((id) => !isEmpty(id)))];
  for (const part of chunks(ids, MAX_IDS))
    for (const row of await engine.findRecords(parent.template.fullName, { id: part }, { plain: true }))
      parents.set(String(row.id), row);
  const label = writable.find((w) => w.column.name === parentColumn)?.label ?? model.column(parentColumn)?.label;
  for (const [index, { record }] of creates.entries()) {
    const id = record[parentColumn];
    if (!isEmpty(id) && !parents.has(String(id)))
      errors[index]?.push({ field: parentColumn, message: MESSAGES.invalid(label ?? parentColumn) });
  }
  return { errors, parents };
}

/** validateRelations over a batch (of creates or updates): one query per relation column for all records. */
export async function relationErrors(
  trx: DynamicTrx,
  deps: RecordsDeps,
  creates: readonly Pick<CreateInBatch, 'relations'>[],
): Promise<FieldError[][]> {
  const wanted = new Map<string, Set<number>>();
  const want = (table: string, ids: readonly number[]) => {
    const set = wanted.get(table) ?? new Set<number>();
    for (const id of ids) set.add(id);
    wanted.set(table, set);
  };
  for (const { relations } of creates) {
    for (const { column, ids } of relations.links) want(column.relatedTable, ids);
    for (const { column, id } of relations.references) if (id !== null) want(column.foreignTable, [id]);
  }
  const existing = new Map<string, Set<number>>();
  for (const [table, ids] of wanted) {
    const found = new Set<number>();
    for (const part of chunks([...ids], MAX_IDS))
      for (const id of await deps.links.existingIds(trx, table, part)) found.add(id);
    existing.set(table, found);
  }
  return creates.map(({ relations }) => {
    const errors: FieldError[] = [];
    for (const { column, label, ids } of relations.links)
      if (ids.some((id) => !existing.get(column.relatedTable)?.has(id)))
        errors.push({ field: column.name, message: MESSAGES.invalid(label) });
    for (const { column, label, id } of relations.references)
      if (id !== null && !existing.get(column.foreignTable)?.has(id))
        errors.push({ field: column.name, message: MESSAGES.invalid(label) });
    return errors;
  });
}

export interface CreateManyOptions {
  /** Awaited just before the INSERT (what it queues on the connection runs first). */
  beforeInsert?: () => Promise<void>;
  /** The caller settles what the behaviors hold back (CreateManyContext.holding, settleHeldWrites). */
  holding?: boolean;
}

/**
 * Creates a batch of records in the caller's transaction. Returns, by index into `creates`, the
 * error each failed record would have thrown through writeInTransaction (a 422 with its fields);
 * the others are written and carry their new id in `record.id`. A database error is thrown as it
 * is: the caller rolls the batch back (a savepoint) and writes its records one by one.
 */
export async function createManyInTransaction(
  deps: RecordsDeps,
  trx: DynamicTrx,
  target: RecordTarget,
  creates: readonly CreateInBatch[],
  memo: Map<string, unknown>,
  { beforeInsert, holding = false }: CreateManyOptions = {},
): Promise<Map<number, unknown>> {
  const { model } = target;
  const failures = new Map<number, unknown>();
  const engine = deps.behaviorEngine(trx);
  const { errors: references, parents } = await referenceErrors(trx, deps, target, creates, memo, engine);
  const relations = await relationErrors(trx, deps, creates);
  for (const index of creates.keys()) {
    const errors = [...(references[index] ?? []), ...(relations[index] ?? [])];
    if (errors.length > 0) failures.set(index, validationError(errors));
  }
  let live = [...creates.keys()].filter((index) => !failures.has(index));
  const ids = await nextIds(trx, deps.dialect, model.table, live.length, memo);
  live.forEach((index, position) => {
    creates[index].record.id = ids[position];
  });
  const runHooks = async (stage: 'before' | 'after') => {
    const records = live.map((index) => creates[index]?.record);
    await runCreateManyHook(deps.behaviors, stage, {
      trx,
      model: model.template,
      records,
      engine,
      memo,
      holding,
      parents,
      fail: (position, error) => {
        const index = live.at(position);
        if (index !== undefined) failures.set(index, error);
      },
    });
    live = live.filter((index) => !failures.has(index));
  };
  await runHooks('before');
  const rows = live.map((index) => {
    const { record, relations: input } = creates[index];
    return { ...changes(model, record, undefined), ...referenceValues(input), id: record.id };
  });
  // The maintained columns are computed by the INSERT itself (insert-rows.ts): an after-hook that
  // changed what they read in these records would have to refresh them (none does: they follow
  // other records, such as the sections below a core).
  const maintained = maintainedColumns(deps.behaviors, model, deps.dialect);
  await beforeInsert?.();
  await insertRows(trx, model, rows, { dialect: deps.dialect, columns: maintained, memo });
  for (const index of live) {
    const { record, relations: input } = creates[index];
    if (input.links.length > 0) await writeLinks(trx, deps.links, model, Number(record.id), input);
  }
  const inserted = [...live];
  await runHooks('after');
  // A record an after-hook refused is taken out again, as the rollback of its own write would.
  const refused = inserted.filter((index) => failures.has(index)).map((index) => Number(creates[index]?.record.id));
  for (const part of chunks(refused, MAX_IDS)) await trx.deleteFrom(model.table).where('id', 'in', part).execute();
  return failures;
}
