import type { Dialect } from '../../infra/db/dialect';
import { type IndexStats, rangeShare } from '../../infra/db/sqlite-stats';
import type { QueryColumn } from './record-columns';
import { tableIndexes } from './record-keyset';
import type { RecordModel } from './record-model';
import type { FilterHints } from './record-query';

/**
 * Past this share of the table a range is read by scanning the table in order instead of through
 * its index. Measured on 1M samples: a row fetched through the index in key order costs ~6 rows
 * scanned in id order (bench S3's bounded count: 43k rows by the index on top in 570 ms, 90k
 * scanned in 187 ms), and a filtered list reads its rows until the page and the capped count are
 * full, so the index pays off while the range holds less than a sixth of the rows.
 */
export const UNSELECTIVE_SHARE = 1 / 6;

/**
 * SQLite: which numeric range filters scan instead of using the index their column leads. SQLite's
 * planner picks the index for any range, statistics or not (it does not weigh the random reads on
 * a wide table), so a template index that serves a sort (`sort=-top`) would slow every broad
 * filter on that column. Its ANALYZE statistics tell the share of rows in the range; a column
 * without statistics (never analysed) is left to SQLite's own choice.
 */
export function rangeScans(
  model: RecordModel,
  dialect: Dialect,
  stats: ReadonlyMap<string, IndexStats>,
): FilterHints['scanRange'] {
  if (dialect !== 'sqlite' || stats.size === 0) return undefined;
  return (column: QueryColumn, op, value) => {
    if (column.level !== 0 || column.computed || !model.column(column.name)) return false;
    const index = tableIndexes(model, dialect).find((i) => i.columns[0] === column.name && stats.has(i.name));
    const indexStats = index && stats.get(index.name);
    return indexStats !== undefined && rangeShare(indexStats, op, value) > UNSELECTIVE_SHARE;
  };
}
