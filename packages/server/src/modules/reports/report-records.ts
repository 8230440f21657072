import { ALL_ROWS, AppError, REPORT_MESSAGES } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import { collectGarbage } from '../../infra/memory';
import type { RecordTargetRef } from '../../engine/records/record-target';
import type { ReportInput, ReportTarget } from './report-definition';

export function requireTarget(input: ReportInput): ReportTarget {
  if (!input.target) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.missingModel);
  return input.target;
}

/**
 * The records a report runs on, read through the records engine (form permissions and limited
 * access apply as in the form): the record `id`; or the ticked `specific-ids`; or the whole list
 * under the table's filters and sort. One list query, whatever the number of records.
 */
export async function reportRecords(input: ReportInput): Promise<Row[]> {
  const target = requireTarget(input);
  const { records } = input.deps;
  const { query } = input;
  if (query.id !== undefined) return [await records.get(input.user, target.ref, query.id)];
  const options = query.specificIds ? { ids: query.specificIds } : {};
  const list = { 'per-page': ALL_ROWS, sort: query.sort, filter: query.filters, batch: query.batch };
  return (await records.list(input.user, target.ref, list, options)).items;
}

/** Records of another model by id (one query), or none when the user may not read that model. */
export async function recordsByIds(input: ReportInput, modelName: string, ids: readonly unknown[]): Promise<Row[]> {
  const numeric = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (numeric.length === 0) return [];
  const ref: RecordTargetRef = { kind: 'global', name: modelName };
  try {
    return (await input.deps.records.list(input.user, ref, { 'per-page': ALL_ROWS }, { ids: numeric })).items;
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

/** Records of a model under filters (`filter[col]` expressions), sorted; none when not readable. */
export async function recordsWhere(
  input: ReportInput,
  modelName: string,
  filters: Record<string, string>,
  sort = 'id',
): Promise<Row[]> {
  const list = { 'per-page': ALL_ROWS, sort, filter: filters };
  try {
    return (await input.deps.records.list(input.user, { kind: 'global', name: modelName }, list)).items;
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

/**
 * Records per read of a streamed export. Small enough that a batch's rows die young: a batch
 * allocates ~7-14 KB per sample in transient objects (rows, presented values, SQL nodes), and rows
 * outliving the young generation during the batch's awaits pile up in the old one. Measured at 200k
 * samples (SQLite, server RSS 233 MB idle): 5,000 → +350 MB; 1,000 → peak 373 MB (heap used 197 MB,
 * 59 MB live); 500 → 259 MB; 250 → 260 MB, in the same time.
 */
export const EXPORT_BATCH_ROWS = 500;

/**
 * Batches between full collections of an export (infra/memory.ts). PostgreSQL, 200k samples, loaded
 * machine: none 24 s, RSS +114 MB; every 20 batches 60 s, +4 MB; every 60 batches 30 s, +20 MB.
 */
export const EXPORT_BATCHES_PER_COLLECTION = 60;

/** The batches as they come, with a full garbage collection every EXPORT_BATCHES_PER_COLLECTION. */
async function* collected(batches: AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  let count = 0;
  for await (const rows of batches) {
    yield rows;
    count += 1;
    if (count % EXPORT_BATCHES_PER_COLLECTION === 0) await collectGarbage();
  }
}

export interface RecordBatches {
  /** How many records the export holds (known before the first byte is sent). */
  total: number;
  /** The records in list order, `EXPORT_BATCH_ROWS` at a time. */
  batches: AsyncIterable<Row[]> | Iterable<Row[]>;
}

/**
 * The records of reportRecords in batches, for exports of a whole list (a million rows) in bounded
 * memory, read and presented exactly as the list does (pseudo columns, relation values), in its
 * order. Where an index serves the sort (by id, the default) each batch seeks past the last one
 * (keyset: `_meta.nextCursor`), so nothing is held between batches; otherwise the ids of the list
 * are read first (8 bytes a record) and each batch reads a slice of them. One exact count first
 * for x-total-count, none per batch. Each read is short, so a long export never holds the database
 * connection; a record deleted meanwhile is left out. Permission and filter errors are thrown
 * here, before anything is sent.
 */
export async function reportRecordBatches(input: ReportInput, batchRows = EXPORT_BATCH_ROWS): Promise<RecordBatches> {
  const target = requireTarget(input);
  const { records } = input.deps;
  const { query, user } = input;
  if (query.id !== undefined) {
    // An array of batches is iterable by for await as well.
    return { total: 1, batches: [[await records.get(user, target.ref, query.id)]] };
  }
  const options = query.specificIds ? { ids: query.specificIds } : {};
  const list = { sort: query.sort, filter: query.filters, batch: query.batch, 'per-page': batchRows };
  if (await records.seeks(user, target.ref, list)) {
    const first = await records.list(user, target.ref, list, { ...options, count: 'exact' });
    async function* seeking(): AsyncGenerator<Row[]> {
      let page = first;
      yield page.items;
      for (let cursor = page._meta.nextCursor; cursor !== undefined; cursor = page._meta.nextCursor) {
        page = await records.list(user, target.ref, { ...list, cursor }, { ...options, count: 'skip' });
        yield page.items;
      }
    }
    return { total: first._meta.totalCount, batches: collected(seeking()) };
  }
  const ids = await records.listIds(user, target.ref, list, options);
  const whole = { ...list, 'per-page': ALL_ROWS };
  async function* slices(): AsyncGenerator<Row[]> {
    for (let start = 0; start < ids.length; start += batchRows) {
      const slice = Array.from(ids.subarray(start, start + batchRows));
      yield (await records.list(user, target.ref, whole, { ids: slice, count: 'skip' })).items;
    }
  }
  return { total: ids.length, batches: collected(slices()) };
}
