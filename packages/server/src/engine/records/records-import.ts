import { AppError, type FieldError, type PermissionHolder } from '@mdis/shared';
import { behindSavepoint } from '../../infra/db/savepoint';
import {
  createManyReadsBy,
  createsInBatches,
  runBehaviorHook,
  settleHeldWrites,
  updatesInBatches,
} from '../behaviors/behavior-registry';
import { countedRows } from '../schema-sync';
import { type SetAsideIndex, rebuildIndex, setAsideIndexes } from '../schema-sync/set-aside-indexes';
import { isConstraintError } from '../../infra/db/translate-db-error';
import type { DynamicDb, DynamicTrx, Row } from './dynamic-db';
import type { RecordScope } from './record-access';
import { type RecordTarget, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import { createRecordsReader } from './records-read';
import { createRecordsRepository } from './records.repository';
import { afterDeleteCommitted, changes, checkRecord, storedValues, writeInTransaction } from './records-write';
import { authorize, authorizeRecord } from './steps/authorize';
import { authorizeParentRecord, authorizeReferences } from './steps/authorize-references';
import { readInput } from './steps/convert';
import { type RelationInput, readRelationInput } from './steps/relation-input';
import { translateDeleteError, translateWriteError } from './steps/translate-errors';
import { runBeforeBehaviors } from './steps/behaviors-before';
import { type CreateManyOptions, createManyInTransaction } from './records-create-many';
import { updateManyInTransaction } from './records-update-many';

/** An undone update sets no m:n links and no references beyond its own columns. */
const NO_RELATIONS: RelationInput = { links: [], references: [] };

type Reader = ReturnType<typeof createRecordsReader>;

/** A link history row of a record: added (`link`) or removed, the related id under its join column. */
/** Ids per DELETE when records an import created are removed again. */
const REMOVE_PER_STATEMENT = 5_000;

/**
 * Deletes the rows of `table` with `ids` (records an import created), REMOVE_PER_STATEMENT per
 * DELETE; their links go by cascade. Answers how many there were.
 */
export async function removeCreatedRows(trx: DynamicDb, table: string, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (let start = 0; start < ids.length; start += REMOVE_PER_STATEMENT) {
    const result = await trx
      .deleteFrom(table)
      .where('id', 'in', ids.slice(start, start + REMOVE_PER_STATEMENT))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

export interface LinkChange {
  action: 'link' | 'unlink';
  related: Row;
}

/** One row of an import, checked: the record to write, or why not. */
export interface CheckedRow {
  record: Row;
  relations: RelationInput;
  input: Row;
  errors: FieldError[];
}

/** The field errors of a refused write (a 422, a 403 on a row outside the scope), else undefined. */
export function rowErrorsOf(error: unknown): FieldError[] | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'VALIDATION_FAILED') return error.extensions.fields ?? [];
  if (error.code === 'FORBIDDEN' || error.code === 'CONFLICT') return [{ field: '', message: error.message }];
  return undefined;
}

/** A checked row that updates a stored record (RecordsImporter.updateMany). */
export interface CheckedUpdate {
  id: number;
  row: CheckedRow;
  /** The stored record, read in the import's transaction. */
  previous: Row;
}

/**
 * Runs a batch write behind a savepoint: its failures by index, or undefined when the database
 * refused a row of the batch (a constraint) or a behavior refused one with an AppError (rolled back
 * to the savepoint, the records as they were before: the hooks change them in place), and the
 * caller writes its rows one by one, which names the failing row. Any other error is the batch's
 * own defect and is thrown: falling back would hide it behind an import many times slower.
 */
async function inSavepoint(
  trx: DynamicTrx,
  records: readonly Row[],
  write: () => Promise<Map<number, unknown>>,
): Promise<Map<number, unknown> | undefined> {
  const saved = records.map((record) => ({ ...record }));
  try {
    return await behindSavepoint(trx, 'mdis_write_many', write);
  } catch (error) {
    // A bug is not a row's fault: only what the database or a behavior refused is retried one by one.
    if (!(error instanceof AppError) && !isConstraintError(error)) throw error;
    records.forEach((record, index) => {
      for (const key of Object.keys(record)) Reflect.deleteProperty(record, key);
      Object.assign(record, saved[index]);
    });
    return undefined;
  }
}

/**
 * The records pipeline for many rows in one transaction (the import): the same steps as a form's
 * create and update (records-write.ts), with each row's errors returned instead of thrown, so that
 * a preview lists every failing row and a commit writes all rows or none.
 */
export function createRecordsImporter(deps: RecordsDeps) {
  const { repository, dialect } = deps;
  // Reads inside the import go through its transaction (SQLite has one connection: a read beside
  // the transaction would wait for it forever).
  const readers = new WeakMap<DynamicTrx, Reader>();
  const readerOn = (trx: DynamicTrx): Reader => {
    let reader = readers.get(trx);
    if (!reader) {
      reader = createRecordsReader({ ...deps, repository: createRecordsRepository(trx), dynamicDb: trx });
      readers.set(trx, reader);
    }
    return reader;
  };
  return {
    /** The form's target and the user's edit scope (403 when the user may not edit the form). */
    async open(user: PermissionHolder, form: string): Promise<{ target: RecordTarget; scope: RecordScope }> {
      await deps.behaviors.refresh();
      const target = await resolveTarget(deps.templates, { kind: 'form', name: form });
      return { target, scope: authorize(user, target, 'edit') };
    },

    /** Steps 2-3 (no database): validate, convert, calculate. `previous`: the stored record of an update. */
    check(target: RecordTarget, body: Row, previous: Row | undefined): CheckedRow {
      const input = readInput(body, target.writable);
      const relations = readRelationInput(target, body, previous === undefined);
      const { record, errors } = checkRecord(target, input, previous ?? {}, relations.errors);
      return { record, relations: relations.input, input, errors };
    },

    /** Whether a checked update changes anything stored. */
    changes: (target: RecordTarget, record: Row, previous: Row) =>
      Object.keys(changes(target.model, record, previous)).length > 0,

    /** The stored record of an update with its access key checked against the scope (403 outside). */
    async stored(trx: DynamicTrx, target: RecordTarget, scope: RecordScope, id: number): Promise<Row> {
      const row = await readerOn(trx).findRecord(target.model, id);
      authorizeRecord(scope, target, row);
      return storedValues(target.model, row);
    },

    /** Limited access on a row: its parent and every record it links to must lie in the scope (403). */
    async authorizeRow(
      trx: DynamicTrx,
      scope: RecordScope,
      target: RecordTarget,
      row: CheckedRow,
      previous: Row | undefined,
    ) {
      if (!scope.restricted) return;
      const { model } = target;
      const { findRecord } = readerOn(trx);
      const parentColumn = model.parentColumn;
      if (parentColumn && (!previous || row.input[parentColumn] !== previous[parentColumn])) {
        await authorizeParentRecord(deps, findRecord, scope, model, row.input[parentColumn]);
      }
      await authorizeReferences(deps, findRecord, scope, {
        model,
        relations: row.relations,
        input: row.input,
        ...(previous ? { previous } : {}),
      });
    },

    /**
     * Steps 2 (references) to 7 for one row in the import's transaction; database errors translated.
     * `previousRead`: `previous` was read in this transaction (see RecordWrite).
     */
    async write(
      trx: DynamicTrx,
      target: RecordTarget,
      row: CheckedRow,
      previous: Row | undefined,
      id?: number,
      previousRead = false,
    ) {
      const run = () =>
        writeInTransaction(deps, trx, target, {
          record: row.record,
          previous,
          relations: row.relations,
          previousRead,
          ...(id === undefined ? {} : { id }),
        });
      try {
        // PostgreSQL: a refused row would abort the import's transaction (behindSavepoint says why).
        return dialect === 'postgres' ? await behindSavepoint(trx, 'mdis_write_row', run) : await run();
      } catch (error) {
        throw translateWriteError(error, {
          dialect,
          model: target.model,
          writable: target.writable,
          record: row.record,
        });
      }
    },

    /** Whether creates into the target can be written in batches (every create behavior has a batch form). */
    createsInBatches: (target: RecordTarget) => createsInBatches(deps.behaviors, target.model.template),

    /**
     * Creates many checked rows at once in the import's transaction (records-create-many.ts): by
     * index, the error each failed row would have thrown through `write`. Undefined when the batch
     * met a database error: it is rolled back (a savepoint) and the caller writes its rows one by
     * one, which names the failing row. `memo` lives as long as the import. `options.beforeInsert`:
     * awaited just before the INSERT is sent (the import's pipeline queues the next batch's reads
     * there); `options.holding`: the caller settles the writes the behaviors hold back (settleHeld).
     */
    async createMany(
      trx: DynamicTrx,
      target: RecordTarget,
      rows: readonly CheckedRow[],
      memo: Map<string, unknown>,
      options?: CreateManyOptions,
    ): Promise<Map<number, unknown> | undefined> {
      const creates = rows.map((row) => ({ record: row.record, relations: row.relations }));
      return inSavepoint(
        trx,
        rows.map((row) => row.record),
        () => createManyInTransaction(deps, trx, target, creates, memo, options),
      );
    },

    /** Writes what createMany's behaviors held back once `atLeast` are held (0: all), or drops it (settleHeldWrites). */
    settleHeld: (trx: DynamicTrx, target: RecordTarget, memo: Map<string, unknown>, atLeast: number | 'drop') =>
      settleHeldWrites(deps.behaviors, { trx, model: target.model.template, memo }, atLeast),

    /** Whether updates of the target can be written in batches (every update behavior has a batch form). */
    updatesInBatches: (target: RecordTarget) => updatesInBatches(deps.behaviors, target.model.template),

    /**
     * Updates many checked rows of stored records at once in the import's transaction
     * (records-update-many.ts), each record named once: as createMany, by index the error each
     * failed row would have thrown through `write`, or undefined after a database error (rolled
     * back; the caller writes the rows one by one).
     */
    async updateMany(
      trx: DynamicTrx,
      target: RecordTarget,
      rows: readonly CheckedUpdate[],
      memo: Map<string, unknown>,
    ): Promise<Map<number, unknown> | undefined> {
      const updates = rows.map(({ id, row, previous }) => ({
        id,
        record: row.record,
        previous,
        relations: row.relations,
      }));
      return inSavepoint(
        trx,
        rows.map(({ row }) => row.record),
        () => updateManyInTransaction(deps, trx, target, updates, memo),
      );
    },

    /** Deletes records a batch created (the compensation of an import committed in parts); links go by cascade. */
    async removeCreated(trx: DynamicTrx, target: RecordTarget, ids: readonly number[]): Promise<void> {
      await removeCreatedRows(trx, target.model.table, ids);
    },

    dialect,

    /**
     * SQLite: takes the target table's sort indexes off for a large import's creates, all but those
     * the import reads by (foreign keys, unique ones, the batch behaviors' groups); rebuildIndex
     * builds each again (engine/schema-sync/set-aside-indexes.ts).
     */
    setAsideIndexes: (trx: DynamicTrx, target: RecordTarget): Promise<SetAsideIndex[]> =>
      setAsideIndexes(trx, target.model.table, createManyReadsBy(deps.behaviors, target.model.template)),

    rebuildIndex: (trx: DynamicTrx, index: SetAsideIndex): Promise<void> => rebuildIndex(trx, index),

    /** The rows the target's table holds, by its row counter (undefined for a table without one). */
    storedRows: (trx: DynamicTrx, target: RecordTarget): Promise<number | undefined> =>
      countedRows(trx, target.model.table),

    /**
     * An update put back (an import undone): `before` over the stored record, written like a form's
     * update from step 2 on (references, behaviors before and after, maintained columns), so that
     * what the behaviors derived (children's combined ids, stored depths) follows. Not validated
     * again: these values were stored before. Database errors translated as a form's update has them.
     */
    async restore(trx: DynamicTrx, target: RecordTarget, id: number, before: Row): Promise<void> {
      const previous = storedValues(target.model, await readerOn(trx).findRecord(target.model, id));
      const record = { ...previous, ...storedValues(target.model, before) };
      try {
        await writeInTransaction(deps, trx, target, { record, previous, relations: NO_RELATIONS, id });
      } catch (error) {
        throw translateWriteError(error, { dialect, model: target.model, writable: target.writable, record });
      }
    },

    /**
     * A record's m:n links put back as they were before some of its link history (an import
     * undone): `entries` oldest first, each a link added or removed with the related record's id
     * by its join column. Written as a form's edit writes links (each change a history row).
     */
    async restoreLinks(trx: DynamicTrx, target: RecordTarget, id: number, entries: readonly LinkChange[]) {
      const { model } = target;
      for (const column of model.relations.manyToMany) {
        const own = entries.filter((entry) => Object.hasOwn(entry.related, column.relatedColumn));
        if (own.length === 0) continue;
        const ids = new Set((await deps.links.linkedIds(model, column, [id], trx)).get(id) ?? []);
        for (const { action, related } of own.reverse()) {
          const relatedId = Number(related[column.relatedColumn]);
          if (action === 'link') ids.delete(relatedId);
          else ids.add(relatedId);
        }
        await deps.links.replaceLinks(
          trx,
          model,
          column,
          id,
          [...ids].sort((a, b) => a - b),
        );
      }
    },

    /**
     * A delete in the caller's transaction (an import undone), as a form's delete makes it: the
     * model's delete behaviors, the row, the after-delete behaviors. Returns the removed record for
     * `removedCommitted`.
     */
    async remove(trx: DynamicTrx, target: RecordTarget, id: number): Promise<Row> {
      const previous = storedValues(target.model, await readerOn(trx).findRecord(target.model, id));
      const engine = deps.behaviorEngine(trx);
      await runBeforeBehaviors(deps.behaviors, 'delete', trx, target.model, previous, previous, engine);
      await repository.remove(trx, target.model, id);
      const context = { trx, model: target.model.template, record: previous, previous, engine };
      await runBehaviorHook(deps.behaviors, 'afterDelete', context);
      return previous;
    },

    /** Once the removes have committed: what a form's delete does then (a file's bytes go). */
    async removedCommitted(target: RecordTarget, removed: readonly Row[]): Promise<void> {
      for (const previous of removed) await afterDeleteCommitted(deps, target.model, previous);
    },

    /** A failed delete as the form's delete answers it (409 naming what points at the record), after the rollback. */
    removeError: (error: unknown, target: RecordTarget, id: number) =>
      translateDeleteError(error, { dialect, model: target.model, id, source: deps.templates, repository }),

    transaction: <T>(run: (trx: DynamicTrx) => Promise<T>) => repository.transaction(run),
  };
}

export type RecordsImporter = ReturnType<typeof createRecordsImporter>;
