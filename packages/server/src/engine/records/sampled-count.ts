import { type RawBuilder, sql } from 'kysely';
import { allOf } from '../query/filter-compiler';
import { ancestorJoins } from './record-columns';
import type { RecordModel } from './record-model';
import type { Conditions } from './record-query';

/**
 * SQLite has no planner estimate of a filtered count, and counting a broad filter up to the cap
 * reads cap / selectivity rows (bench S3 at 1M samples: ~90k rows for 10,001 matches). So before
 * it counts, it counts the matches among SAMPLE_RANGES short id ranges spread evenly over the
 * table (~2,000 rows read through the primary key) and extrapolates to the table's counted rows.
 * Many short ranges rather than a few long ones: the rows of one parent are neighbours by id
 * (bench S3r, samples of cores 10-19: 37k matches in blocks), and a filter that matches one hole
 * must not look broad because a single range fell into it. Measured at 1M samples: 512 ranges of
 * 4 ids read in ~1.5 ms and see S3r in 39 ranges (128 of 16: in 10).
 */
export const SAMPLE_RANGES = 512;
export const SAMPLE_RANGE_IDS = 4;

/**
 * An estimate is used only from this many matching rows in at least this many ranges: below that
 * its error is too large (binomial: ±14% at 50 hits), or the matches are clustered by id.
 */
export const SAMPLE_MIN_HITS = 50;
export const SAMPLE_MIN_RANGES = 16;

/** A filtered list estimated this many times past the cap is not counted at all. */
export const SAMPLE_CLEARLY_PAST = 2;

/**
 * Per sampled range: its rows and its matches. The ranges start at the table's lowest id, in steps
 * of (highest - lowest) / SAMPLE_RANGES, and drive the table through its primary key (SQLite: a
 * recursive CTE, CROSS JOIN keeps it the outer loop; PostgreSQL: generate_series); ancestors are
 * LEFT JOINed so that every sampled row counts as seen.
 */
export function sampledMatches(
  model: RecordModel,
  where: Conditions,
  dialect: 'sqlite' | 'postgres',
): RawBuilder<{ rows: number | string; hits: number | string | null }> {
  const table = sql.table(model.table);
  const joins = ancestorJoins(model, where.level);
  const width = sql.lit(SAMPLE_RANGE_IDS);
  const ranges = sql.lit(SAMPLE_RANGES);
  const lowest = sql`(SELECT MIN(id) FROM ${table})`;
  const span = sql`((SELECT MAX(id) FROM ${table}) - ${lowest} + 1) / ${ranges}`;
  // PostgreSQL: one id per row (s.id), looked up by equality. With a range per row its planner
  // expected 1/9 of the table per range, costed the sample at 56M rows and JIT-compiled it (760 ms).
  const starts =
    dialect === 'sqlite'
      ? sql`WITH RECURSIVE bounds(lo, step) AS (SELECT ${lowest}, MAX(${span}, ${width})),
        s(lo) AS (SELECT lo FROM bounds UNION ALL SELECT s.lo + bounds.step FROM s, bounds LIMIT ${ranges})`
      : sql`WITH bounds(lo, step) AS (SELECT ${lowest}, GREATEST(${span}, ${width})),
        s(lo, id) AS (SELECT bounds.lo + g.i * bounds.step, bounds.lo + g.i * bounds.step + k.j FROM bounds
          CROSS JOIN generate_series(0, ${ranges} - 1) AS g(i) CROSS JOIN generate_series(0, ${width} - 1) AS k(j))`;
  const inRange = dialect === 'sqlite' ? sql`r.id >= s.lo AND r.id < s.lo + ${width}` : sql`r.id = s.id`;
  return sql`${starts}
  SELECT COUNT(*) AS rows, SUM(CASE WHEN ${allOf(where.sql)} THEN 1 ELSE 0 END) AS hits
  FROM s CROSS JOIN ${table} AS r ${joins} WHERE ${inRange} GROUP BY s.lo`;
}

/**
 * The matches of the table (`tableRows` from its counter) extrapolated from the sample, or
 * undefined when the sample is too thin to say (see SAMPLE_MIN_HITS).
 */
export function sampledEstimate(
  sample: readonly { rows: number | string; hits: number | string | null }[],
  tableRows: number,
): number | undefined {
  let rows = 0;
  let hits = 0;
  let rangesHit = 0;
  for (const range of sample) {
    const h = Number(range.hits ?? 0);
    rows += Number(range.rows);
    hits += h;
    if (h > 0) rangesHit += 1;
  }
  if (hits < SAMPLE_MIN_HITS || rangesHit < SAMPLE_MIN_RANGES) return undefined;
  return Math.round((hits / rows) * tableRows);
}
