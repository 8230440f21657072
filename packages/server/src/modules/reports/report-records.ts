import { ALL_ROWS, AppError, REPORT_MESSAGES } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
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
  const list = { 'per-page': ALL_ROWS, sort: query.sort, filter: query.filters };
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
