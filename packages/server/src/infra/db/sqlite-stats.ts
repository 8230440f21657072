import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * SQLite's statistics of an index's first column (`ANALYZE` with STAT4, which better-sqlite3 is
 * built with): the table's row count and ~24 sampled keys with how many rows sort before each and
 * equal it. Read to tell how many rows a range holds, which SQLite's planner knows too but does not
 * weigh right on a wide table: it reads half of a million samples through an index on `top` in
 * random order for `top > 50` rather than scan them in order (bench S3, 6x slower).
 */
export interface IndexStats {
  rows: number;
  /** In key order: the first column's value, the rows before it and the rows equal to it. */
  samples: { value: SampleValue; lt: number; eq: number }[];
}

export type SampleValue = number | string | null;

/** How long statistics read once are used (ANALYZE runs at schema sync and after bulk writes, seldom). */
const STATS_TTL_MS = 60_000;

// Bumped when this process analysed a table (sqlite-analyze.ts): cached statistics are read again.
let statsEpoch = 0;

/** New statistics were written: every cache reads them at its next use instead of within a minute. */
export function statisticsChanged(): void {
  statsEpoch += 1;
}

function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 9; i += 1) {
    const byte = bytes[at + i] ?? 0;
    if (i === 8) return [value * 256 + byte, at + 9];
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, at + i + 1];
  }
  return [value, at + 9];
}

/** The first value of an SQLite record (the sampled index key): null, a number or text; undefined for a blob. */
export function firstRecordValue(record: Uint8Array): SampleValue | undefined {
  const [headerSize, afterSize] = readVarint(record, 0);
  const [type] = readVarint(record, afterSize);
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const at = headerSize;
  if (type === 0) return null;
  if (type === 8) return 0;
  if (type === 9) return 1;
  if (type === 7) return view.getFloat64(at);
  const widths = [0, 1, 2, 3, 4, 6, 8];
  if (type >= 1 && type <= 6) {
    let value = BigInt(0);
    const width = widths[type] ?? 0;
    for (let i = 0; i < width; i += 1) value = (value << BigInt(8)) | BigInt(record[at + i] ?? 0);
    const bits = BigInt(width * 8);
    // Two's complement: the top bit set is a negative number.
    if (value >= BigInt(1) << (bits - BigInt(1))) value -= BigInt(1) << bits;
    return Number(value);
  }
  if (type >= 13 && type % 2 === 1) return new TextDecoder().decode(record.subarray(at, at + (type - 13) / 2));
  return undefined;
}

// SQLite's order of values in an index: NULL, numbers, text (binary collation).
function compare(a: SampleValue, b: SampleValue): number {
  const rank = (v: SampleValue) => (v === null ? 0 : typeof v === 'number' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a === null || b === null) return 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The rows whose first column is below `value` (`inclusive`: at or below): exact at a sampled key,
 * else halfway between the samples around it (24 samples: within ~2% of the table).
 */
function rowsBelow(stats: IndexStats, value: number | string, inclusive: boolean): number {
  let low = 0;
  let high = stats.rows;
  for (const sample of stats.samples) {
    const order = compare(sample.value, value);
    if (order === 0) return inclusive ? sample.lt + sample.eq : sample.lt;
    if (order < 0) low = sample.lt + sample.eq;
    else {
      high = sample.lt;
      break;
    }
  }
  return (low + Math.max(low, high)) / 2;
}

/** The share of the table a comparison of the index's first column holds (NULLs match none). */
export function rangeShare(stats: IndexStats, op: 'lt' | 'lte' | 'gt' | 'gte', value: number | string): number {
  if (stats.rows <= 0) return 0;
  // rowsBelow counts the NULLs too (they sort first): a comparison is false on them.
  const nulls = stats.samples.find((s) => s.value === null);
  const below = rowsBelow(stats, value, op === 'lte' || op === 'gt');
  const rows = op === 'lt' || op === 'lte' ? below - (nulls ? nulls.lt + nulls.eq : 0) : stats.rows - below;
  return Math.min(1, Math.max(0, rows / stats.rows));
}

interface StatRow {
  idx: string;
  stat: string;
  neq?: string;
  nlt?: string;
  sample?: Uint8Array;
}

const first = (list: string | undefined) => Number((list ?? '').split(' ')[0]);

/** The statistics of every analysed index of a table (before the first ANALYZE there is no stat table: none). */
async function readTableStats(db: QueryExecutorProvider, table: string): Promise<Map<string, IndexStats>> {
  const found = new Map<string, IndexStats>();
  const { rows } = await sql<StatRow>`SELECT s1.idx, s1.stat, s4.neq, s4.nlt, s4.sample FROM sqlite_stat1 s1
    JOIN sqlite_stat4 s4 ON s4.tbl = s1.tbl AND s4.idx = s1.idx WHERE s1.tbl = ${table}`.execute(db);
  for (const row of rows) {
    const value = row.sample ? firstRecordValue(row.sample) : undefined;
    if (value === undefined) continue;
    const stats = found.get(row.idx) ?? { rows: first(row.stat), samples: [] };
    stats.samples.push({ value, lt: first(row.nlt), eq: first(row.neq) });
    found.set(row.idx, stats);
  }
  // Samples of a multi-column index repeat a first value: keep one per value, in key order.
  for (const stats of found.values()) {
    stats.samples.sort((a, b) => compare(a.value, b.value) || a.lt - b.lt);
    stats.samples = stats.samples.filter((s, i, all) => i === 0 || compare(all[i - 1]?.value ?? null, s.value) !== 0);
  }
  return found;
}

/** The index statistics of a table, read at most once a minute per table. */
export function createSqliteStats(db: QueryExecutorProvider) {
  const cache = new Map<string, { at: number; epoch: number; stats: Promise<Map<string, IndexStats>> }>();
  return (table: string): Promise<Map<string, IndexStats>> => {
    const cached = cache.get(table);
    if (cached && cached.epoch === statsEpoch && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
    const stats = readTableStats(db, table).catch(() => new Map<string, IndexStats>());
    cache.set(table, { at: Date.now(), epoch: statsEpoch, stats });
    return stats;
  };
}
