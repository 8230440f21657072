import type { FilterQueryValue } from '@mdis/shared/filters';
import { requiredLiterals } from '@mdis/shared/filters';
import type { Dialect } from '../../infra/db/dialect';
import { type TextIndexRef, textIndexQuery } from '../query/filter-compiler';
import { rangeScans } from './range-hints';
import type { QueryColumn } from './record-columns';
import type { RecordModel } from './record-model';
import { type FilterHints, type UseTextIndex, filterConditions } from './record-query';
import type { RecordsRepository } from './records.repository';

/** A literal held by this many rows is too common for the text index to help (see selectiveTextIndexes). */
const TEXT_INDEX_SELECTIVE = 2000;

type Filters = Readonly<Record<string, FilterQueryValue>>;

/**
 * SQLite: which regex filters narrow with the text index. A literal the index lists for more
 * than TEXT_INDEX_SELECTIVE rows is common: scanning (stopped early by the page and the capped
 * count) is then cheaper than collecting every row that holds it. One cheap probe per filter.
 */
async function selectiveTextIndexes(
  repository: RecordsRepository,
  model: RecordModel,
  filters: Filters,
  columns: ReadonlyMap<string, QueryColumn>,
): Promise<UseTextIndex> {
  const probes: { index: TextIndexRef; query: string }[] = [];
  const probe: UseTextIndex = (index, pattern) => {
    const literals = requiredLiterals(pattern);
    if (literals.length > 0) probes.push({ index, query: textIndexQuery(literals) });
    return false;
  };
  filterConditions(model, filters, 'sqlite', { useTextIndex: probe }, columns);
  const common = new Set<string>();
  for (const { index, query } of probes) {
    const hits = await repository.textIndexHits(index.table, index.column, query, TEXT_INDEX_SELECTIVE);
    if (hits >= TEXT_INDEX_SELECTIVE) common.add(`${index.table}.${index.column}:${query}`);
  }
  return (index, pattern) => !common.has(`${index.table}.${index.column}:${textIndexQuery(requiredLiterals(pattern))}`);
}

/**
 * What the list finds out before compiling its filters, on SQLite (PostgreSQL's planner weighs
 * both by itself): which text indexes narrow, and which numeric ranges scan (range-hints.ts).
 */
export async function filterHints(
  repository: RecordsRepository,
  dialect: Dialect,
  model: RecordModel,
  filters: Filters,
  columns: ReadonlyMap<string, QueryColumn>,
): Promise<FilterHints> {
  if (dialect !== 'sqlite' || Object.keys(filters).length === 0) return {};
  return {
    useTextIndex: await selectiveTextIndexes(repository, model, filters, columns),
    scanRange: rangeScans(model, dialect, await repository.indexStats(model.table)),
  };
}
