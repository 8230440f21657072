import {
  type FieldError,
  RECORD_MESSAGES as MESSAGES,
  isEmptyValue as isEmpty,
  textOf,
  validationError,
} from '@mdis/shared';
import { sql } from 'kysely';
import { runUpdateManyHook } from '../behaviors/behavior-registry';
import type { DynamicTrx, Row } from './dynamic-db';
import { idsCondition, maintainedColumns } from './maintained-columns';
import { refreshMaintainedSetBased } from './maintained-set-based';
import type { RecordTarget } from './record-target';
import { chunks, relationErrors } from './records-create-many';
import type { RecordsDeps } from './records-deps';
import { changes } from './records-write';
import type { RelationInput } from './steps/relation-input';
import { parentHasForeignKey, uniqueErrorFor } from './steps/validate-references';
import { referenceValues, writeLinks } from './steps/write';
import { columnsRead } from './insert-rows';
import { updateRows } from './update-rows';

// The batch form of writeInTransaction for updates (an import's upserts): the same steps, each over
// the whole batch (unique combinations and moved parents checked with one query each, the
// behaviors' batch hooks, one UPDATE per few hundred rows that change the same columns, the
// maintained columns rewritten once for the batch), with the same errors per record. The history
// triggers write one row per updated record, as they do for a single update.

/** One stored record to update, checked (records-import.ts); the batch names each record once. */
export interface UpdateInBatch {
  id: number;
  record: Row;
  /** The stored record, read in the import's transaction. */
  previous: Row;
  relations: RelationInput;
}

/** Rows per query that looks unique combinations up. */
const KEYS_PER_QUERY = 200;
/** Ids per `IN (...)` list. */
const MAX_IDS = 5_000;

const keyOf = (columns: readonly string[], record: Row) => JSON.stringify(columns.map((c) => textOf(record[c])));
const hasAll = (columns: readonly string[], record: Row) => columns.every((c) => !isEmpty(record[c]));

/** Who holds each combination of `columns` among `wanted` in the table now: key → record ids. */
async function holdersOf(
  trx: DynamicTrx,
  table: string,
  columns: readonly string[],
  wanted: readonly Row[],
): Promise<Map<string, Set<number>>> {
  const holders = new Map<string, Set<number>>();
  const select = sql.join(['id', ...columns].map((c) => sql.ref(c)));
  for (const part of chunks(wanted, KEYS_PER_QUERY)) {
    const matches = part.map(
      (record) =>
        sql`(${sql.join(
          columns.map((c) => sql`${sql.ref(c)} = ${record[c]}`),
          sql` AND `,
        )})`,
    );
    const { rows } =
      await sql<Row>`SELECT ${select} FROM ${sql.table(table)} WHERE ${sql.join(matches, sql` OR `)}`.execute(trx);
    for (const row of rows) {
      const key = keyOf(columns, row);
      holders.set(key, (holders.get(key) ?? new Set()).add(Number(row.id)));
    }
  }
  return holders;
}

/**
 * validateReferences over a batch of updates, in file order as record after record: a unique
 * combination is taken when another record holds it, stored or as an earlier update of the batch
 * left it (an update that passes moves its record to its new combinations); a parent other than
 * the stored one (or any, where no foreign key keeps it) looked up in one query.
 */
async function referenceErrors(
  trx: DynamicTrx,
  target: RecordTarget,
  updates: readonly UpdateInBatch[],
  failed: ReadonlySet<number>,
): Promise<FieldError[][]> {
  const { model, writable } = target;
  const errors: FieldError[][] = updates.map(() => []);
  const parent = model.ancestors.at(0);
  const parentColumn = model.parentColumn;
  if (parent && parentColumn) {
    const kept = parentHasForeignKey(model, parent.template.table);
    const toCheck = (u: UpdateInBatch) =>
      !isEmpty(u.record[parentColumn]) && !(kept && u.previous[parentColumn] === u.record[parentColumn]);
    const ids = [...new Set(updates.filter(toCheck).map((u) => u.record[parentColumn]))];
    const found = new Set<string>();
    for (const part of chunks(ids, MAX_IDS)) {
      const { rows } = await sql<{
        id: unknown;
      }>`SELECT id FROM ${sql.table(parent.template.table)} WHERE id IN (${sql.join(part)})`.execute(trx);
      for (const row of rows) found.add(String(row.id));
    }
    const label = writable.find((w) => w.column.name === parentColumn)?.label ?? model.column(parentColumn)?.label;
    for (const [index, update] of updates.entries())
      if (toCheck(update) && !found.has(String(update.record[parentColumn])))
        errors[index]?.push({ field: parentColumn, message: MESSAGES.invalid(label ?? parentColumn) });
  }
  const indices = model.uniqueIndices;
  const holders = await Promise.all(
    indices.map((columns) =>
      holdersOf(
        trx,
        model.table,
        columns,
        updates.map((u) => u.record).filter((record) => hasAll(columns, record)),
      ),
    ),
  );
  for (const [index, { id, record, previous }] of updates.entries()) {
    const clashes = indices.filter((columns, i) => {
      if (!hasAll(columns, record)) return false;
      return [...(holders[i]?.get(keyOf(columns, record)) ?? [])].some((holder) => holder !== id);
    });
    for (const columns of clashes) errors[index]?.push(uniqueErrorFor(model, writable, columns, record));
    if (clashes.length > 0 || (errors[index]?.length ?? 0) > 0 || failed.has(index)) continue;
    // Written: later records of the batch see it under its new combinations.
    indices.forEach((columns, i) => {
      holders[i]?.get(keyOf(columns, previous))?.delete(id);
      if (!hasAll(columns, record)) return;
      const key = keyOf(columns, record);
      holders[i]?.set(key, (holders[i]?.get(key) ?? new Set()).add(id));
    });
  }
  return errors;
}

/**
 * Updates a batch of stored records in the caller's transaction. Returns, by index into `updates`,
 * the error each failed record would have thrown through writeInTransaction (a 422 with its
 * fields); the others are written. A database error is thrown as it is: the caller rolls the batch
 * back (a savepoint) and writes its records one by one.
 */
export async function updateManyInTransaction(
  deps: RecordsDeps,
  trx: DynamicTrx,
  target: RecordTarget,
  updates: readonly UpdateInBatch[],
  memo: Map<string, unknown>,
): Promise<Map<number, unknown>> {
  const { model } = target;
  const failures = new Map<number, unknown>();
  const relations = await relationErrors(trx, deps, updates);
  relations.forEach((errors, index) => {
    if (errors.length > 0) failures.set(index, validationError(errors));
  });
  const references = await referenceErrors(trx, target, updates, new Set(failures.keys()));
  for (const index of updates.keys()) {
    const errors = [...(references[index] ?? []), ...(relations[index] ?? [])];
    if (errors.length > 0) failures.set(index, validationError(errors));
  }
  let live = [...updates.keys()].filter((index) => !failures.has(index));
  const engine = deps.behaviorEngine(trx);
  const runHooks = async (stage: 'before' | 'after') => {
    await runUpdateManyHook(deps.behaviors, stage, {
      trx,
      model: model.template,
      records: live.map((index) => updates[index]?.record ?? {}),
      previous: live.map((index) => updates[index]?.previous ?? {}),
      engine,
      memo,
      fail: (position, error) => {
        const index = live.at(position);
        if (index !== undefined) failures.set(index, error);
      },
    });
    live = live.filter((index) => !failures.has(index));
  };
  await runHooks('before');
  const rows = live.map((index) => {
    const { id, record, previous, relations: input } = updates[index];
    return { id, values: { ...changes(model, record, previous), ...referenceValues(input) } };
  });
  await updateRows(trx, model, rows, { dialect: deps.dialect, memo });
  for (const index of live) {
    const { id, relations: input } = updates[index];
    if (input.links.length > 0) await writeLinks(trx, deps.links, model, id, input);
  }
  await runHooks('after');
  await refreshMaintainedOf(deps, trx, target, rows, new Set(live.map((index) => updates[index].id)));
  return failures;
}

/**
 * The maintained columns of the updated rows whose own columns they read changed, set-based, after
 * the hooks (as runAfterBehaviors refreshes each record after its hooks). A row that changed none
 * of them keeps its values: what they read in other records is the behaviors' to follow
 * (refreshMaintainedBelow), so they were up to date and stay so. The batch hooks change no column of
 * the updated rows after the write (none does; one that did would have to refresh them).
 */
async function refreshMaintainedOf(
  deps: RecordsDeps,
  trx: DynamicTrx,
  target: RecordTarget,
  rows: readonly { id: number; values: Row }[],
  live: ReadonlySet<number>,
): Promise<void> {
  const { model } = target;
  const columns = maintainedColumns(deps.behaviors, model, deps.dialect);
  if (columns.length === 0) return;
  const reads = columnsRead(columns, trx);
  const ids = rows
    .filter((row) => live.has(row.id) && Object.keys(row.values).some((column) => reads.has(column)))
    .map((row) => row.id);
  for (const part of chunks(ids, MAX_IDS))
    await refreshMaintainedSetBased(trx, model.table, columns, idsCondition(part));
}
