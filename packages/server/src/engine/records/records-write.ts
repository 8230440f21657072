import type { FieldError, PermissionHolder } from '@mdis/shared';
import { runBehaviorHook } from '../behaviors/behavior-registry';
import type { DynamicDb, DynamicTrx, Row } from './dynamic-db';
import type { RecordScope } from './record-access';
import type { RecordModel } from './record-model';
import { type RecordTarget, type RecordTargetRef, type WritableColumn, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import type { createRecordsReader } from './records-read';
import { authorize, authorizeRecord } from './steps/authorize';
import { authorizeParentRecord, authorizeReferences } from './steps/authorize-references';
import { applyCalculations, calculatedColumns } from './steps/calculate';
import { runAfterBehaviors } from './steps/behaviors-after';
import { runBeforeBehaviors } from './steps/behaviors-before';
import { convertInput, readInput } from './steps/convert';
import { presentRows } from './steps/present';
import { type RelationInput, readRelationInput } from './steps/relation-input';
import { presentRelationValues } from './steps/relation-values';
import { translateDeleteError, translateWriteError } from './steps/translate-errors';
import { assertValid, validateValues } from './steps/validate';
import { validateReferences } from './steps/validate-references';
import { validateRelations } from './steps/validate-relations';
import { referenceValues, writeLinks, writeRecord } from './steps/write';
import { memoByObject } from '../../infra/memo-by-object';

type Reader = ReturnType<typeof createRecordsReader>;

// The same arrays for the same writable list: validateValues keeps its compiled rules per array.
const columnsByKind = memoByObject((writable: readonly WritableColumn[]) => {
  const calculated = calculatedColumns(writable);
  return { calculated, entered: writable.filter((w) => !calculated.includes(w)) };
});

/**
 * Steps 2-3: validate the input (calculated columns aside: the client does not send them), convert
 * it, compute the calculated columns over the whole record, then validate what they produced. The
 * errors are returned, not thrown: an import collects them row by row.
 */
export function checkRecord(
  target: RecordTarget,
  input: Row,
  previous: Row,
  relationErrors: FieldError[],
): { record: Row; errors: FieldError[] } {
  const { model, writable } = target;
  const { calculated, entered } = columnsByKind(writable);
  const errors = [...validateValues(model, entered, { ...previous, ...input }), ...relationErrors];
  const record = { ...previous, ...(errors.length > 0 ? {} : convertInput(input, writable)) };
  if (errors.length > 0) return { record, errors };
  applyCalculations(writable, record);
  return { record, errors: validateValues(model, calculated, record) };
}

function prepare(target: RecordTarget, input: Row, previous: Row, relationErrors: FieldError[]): Row {
  const { record, errors } = checkRecord(target, input, previous, relationErrors);
  assertValid(errors);
  return record;
}

/** The stored columns of a row (without ancestor ids, pseudo values and hidden keys). */
export function storedValues(model: RecordModel, row: Row): Row {
  return Object.fromEntries(model.columns.filter((c) => Object.hasOwn(row, c.name)).map((c) => [c.name, row[c.name]]));
}

/** What changed between the stored record and the record to write (id never). */
export function changes(model: RecordModel, record: Row, previous: Row | undefined): Row {
  const changed: Row = {};
  for (const column of model.columns) {
    if (column.name === 'id' || !Object.hasOwn(record, column.name)) continue;
    if (!previous || record[column.name] !== previous[column.name]) changed[column.name] = record[column.name];
  }
  return changed;
}

/**
 * Steps 2 (references) to 7 inside one transaction; DB errors translated afterwards (step 6).
 * `id`: the record to update; `restoredId`: the id a created record gets back (a restored deletion).
 */
async function persist(
  deps: RecordsDeps,
  target: RecordTarget,
  record: Row,
  previous: Row | undefined,
  relations: RelationInput,
  id?: number,
  restoredId?: number,
): Promise<number> {
  const { repository, dialect } = deps;
  const { model, writable } = target;
  // Behaviors fill the record in the transaction: run again (stale plan), it starts from the input.
  const input = { ...record };
  const restart = () => {
    for (const key of Object.keys(record)) if (!Object.hasOwn(input, key)) Reflect.deleteProperty(record, key);
    Object.assign(record, input);
  };
  try {
    return await repository.transaction(
      (trx: DynamicTrx) => writeInTransaction(deps, trx, target, { record, previous, relations, id, restoredId }),
      restart,
    );
  } catch (error) {
    throw translateWriteError(error, { dialect, model, writable, record });
  }
}

/** One record's write as `persist` and an import make it: what the caller's transaction runs. */
export interface RecordWrite {
  record: Row;
  previous: Row | undefined;
  relations: RelationInput;
  /** The record to update; absent: a create. */
  id?: number;
  /** The id a created record gets back (a restored deletion). */
  restoredId?: number;
  /** `previous` was read in this transaction: its parent id needs no second look (validateReferences). */
  previousRead?: boolean;
}

/** Steps 2 (references) to 7 in the caller's transaction; throws a 422 or the raw database error. */
export async function writeInTransaction(
  deps: RecordsDeps,
  trx: DynamicTrx,
  target: RecordTarget,
  write: RecordWrite,
): Promise<number> {
  const { repository, behaviors, links } = deps;
  const { model, writable } = target;
  const { record, previous, relations, id, restoredId, previousRead } = write;
  const kind = id === undefined ? 'create' : 'update';
  const engine = deps.behaviorEngine(trx);
  const references = await validateReferences(
    trx,
    repository,
    model,
    writable,
    record,
    id,
    previousRead ? previous : undefined,
  );
  assertValid([...references, ...(await validateRelations(trx, links, relations))]);
  await runBeforeBehaviors(behaviors, kind, trx, model, record, previous, engine);
  const values = { ...changes(model, record, previous), ...referenceValues(relations) };
  if (restoredId !== undefined) values.id = restoredId;
  const savedId = await writeRecord(trx, repository, model, values, id);
  record.id = savedId;
  // The links need the record's id: written after the insert, in the same transaction.
  await writeLinks(trx, links, model, savedId, relations);
  await runAfterBehaviors(behaviors, kind, trx, model, record, previous, engine);
  return savedId;
}

/** After a delete has committed: the behaviors' `afterDeleteCommitted` hooks, outside any transaction. */
export async function afterDeleteCommitted(
  deps: RecordsDeps,
  model: RecordModel,
  previous: Row,
  db: DynamicDb = deps.dynamicDb,
): Promise<void> {
  const context = { trx: db, model: model.template, record: previous, previous, engine: deps.behaviorEngine(db) };
  await runBehaviorHook(deps.behaviors, 'afterDeleteCommitted', context);
}

export function createRecordsWriter(deps: RecordsDeps, reader: Reader) {
  const { repository, templates, dialect, behaviors } = deps;
  const checkParent = (scope: RecordScope, model: RecordModel, parentId: unknown) =>
    authorizeParentRecord(deps, reader.findRecord, scope, model, parentId);

  async function present(model: RecordModel, id: number): Promise<Row> {
    const records = await presentRows(model, [await reader.findRecord(model, id)], deps.computePseudo);
    await presentRelationValues(deps.links, model, records);
    return records[0];
  }

  return {
    checkParent,

    /**
     * POST: authorize → validate → convert → calculate → behaviors → write → translate → behaviors → present.
     * `restoredId`: a deleted record created again under its old id (the record history's restore).
     */
    create: async (user: PermissionHolder, ref: RecordTargetRef, body: Row, restoredId?: number): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model, writable } = target;
      const input = readInput(body, writable);
      const relations = readRelationInput(target, body, true);
      if (model.parentColumn) await checkParent(scope, model, input[model.parentColumn]);
      await authorizeReferences(deps, reader.findRecord, scope, { model, relations: relations.input, input });
      const record = prepare(target, input, {}, relations.errors);
      const id = await persist(deps, target, record, undefined, relations.input, undefined, restoredId);
      return present(model, id);
    },

    /** PUT {id}: the body's columns over the stored record, validated as a whole. */
    update: async (user: PermissionHolder, ref: RecordTargetRef, id: number, body: Row): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model, writable } = target;
      const row = await reader.findRecord(model, id);
      authorizeRecord(scope, target, row);
      const input = readInput(body, writable);
      const parentColumn = model.parentColumn;
      if (parentColumn && Object.hasOwn(input, parentColumn) && input[parentColumn] !== row[parentColumn]) {
        await checkParent(scope, model, input[parentColumn]);
      }
      const previous = storedValues(model, row);
      const relations = readRelationInput(target, body, false);
      await authorizeReferences(deps, reader.findRecord, scope, { model, relations: relations.input, input, previous });
      await persist(deps, target, prepare(target, input, previous, relations.errors), previous, relations.input, id);
      return present(model, id);
    },

    /** DELETE {id}: 409 naming the child table when children still point at the record. */
    remove: async (user: PermissionHolder, ref: RecordTargetRef, id: number): Promise<void> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model } = target;
      const row = await reader.findRecord(model, id);
      authorizeRecord(scope, target, row);
      const previous = storedValues(model, row);
      try {
        await repository.transaction(async (trx) => {
          const engine = deps.behaviorEngine(trx);
          await runBeforeBehaviors(behaviors, 'delete', trx, model, previous, previous, engine);
          await repository.remove(trx, model, id);
          await runBehaviorHook(behaviors, 'afterDelete', {
            trx,
            model: model.template,
            record: previous,
            previous,
            engine,
          });
        });
      } catch (error) {
        throw await translateDeleteError(error, { dialect, model, id, source: templates, repository });
      }
      if (deps.afterCommit) deps.afterCommit((db) => afterDeleteCommitted(deps, model, previous, db));
      else await afterDeleteCommitted(deps, model, previous);
    },
  };
}
