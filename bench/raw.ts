// S6: the questions of the list scenarios (S1-S3t, S7-S9) asked directly through the database driver in the bench process
// (better-sqlite3 / pg), as a developer would write them by hand: the page and its total count,
// nothing else. The API cannot be faster than this; the ratio API/raw is what the engine costs.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { FILTER_REGEX_FLAGS } from '@mdis/shared/filters';
import type { DatabaseConfig } from '../packages/server/src/infra/db/dialect';
import {
  DEEP_PAGE,
  PER_PAGE,
  S3_MATERIAL,
  S3_MIN_TOP,
  S3R_COMBINED_ID,
  S3T_MATERIAL_TEXT,
  type Targets,
} from './scenarios';

export interface RawQuery {
  /** The API scenario it is the raw equivalent of. */
  key: string;
  /** `?` placeholders; turned into $n for PostgreSQL. */
  page: string;
  count: string;
  params: (string | number)[];
}

export interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export function rawQueries(t: Targets, dialect: DatabaseConfig['dialect']): RawQuery[] {
  const regex = dialect === 'postgres' ? '~*' : 'REGEXP';
  const ofCore = `FROM curation_sample x JOIN curation_section_split p ON p.id = x.section_split_id
    JOIN core_section se ON se.id = p.section_id WHERE se.core_id = ?`;
  // SQLite would read `top > 50` (half the rows) through the index on top in random order: the
  // hand-written query hides the column from the planner (`+`), as the API does (range-hints.ts).
  const top = dialect === 'sqlite' ? '+x.top' : 'x.top';
  // The code matches, or the text of the list item whose code it is (reference §5.4).
  const material = `FROM curation_sample x WHERE ${top} > ? AND (x.sample_material ${regex} ? OR x.sample_material IN (
    SELECT i.display FROM value_list_items i JOIN value_lists l ON l.id = i.list_id
    WHERE l.listname = 'SAMPLE_MATERIAL' AND i.remark ${regex} ?))`;
  const all = 'SELECT COUNT(*) AS n FROM curation_sample';
  // The sample's mcd top [m] as the depth model computes it: its core's drillers top, the sections
  // above it on the core, the section's mcd offset, plus the sample's top in cm.
  const mcdTop = `c.drillers_top_depth + COALESCE((SELECT SUM(above.section_length) FROM core_section above
      WHERE above.core_id = se.core_id AND above.section < se.section), 0) + COALESCE(se.mcd_offset, 0) + x.top / 100.0`;
  return [
    { key: 'S1', page: `SELECT * FROM curation_sample ORDER BY id LIMIT ${String(PER_PAGE)}`, count: all, params: [] },
    {
      key: 'S2',
      page: `SELECT x.* ${ofCore} ORDER BY x.top, x.id LIMIT ${String(PER_PAGE)}`,
      count: `SELECT COUNT(*) AS n ${ofCore}`,
      params: [t.core.id],
    },
    {
      key: 'S3',
      page: `SELECT x.* ${material} ORDER BY x.id LIMIT ${String(PER_PAGE)}`,
      count: `SELECT COUNT(*) AS n ${material}`,
      params: [S3_MIN_TOP, S3_MATERIAL, S3_MATERIAL],
    },
    {
      key: 'S3r',
      page: `SELECT x.* FROM curation_sample x WHERE ${top} > ? AND x.combined_id ${regex} ? ORDER BY x.id LIMIT ${String(PER_PAGE)}`,
      count: `SELECT COUNT(*) AS n FROM curation_sample x WHERE ${top} > ? AND x.combined_id ${regex} ?`,
      params: [S3_MIN_TOP, S3R_COMBINED_ID],
    },
    {
      key: 'S3t',
      page: `SELECT x.* ${material} ORDER BY x.id LIMIT ${String(PER_PAGE)}`,
      count: `SELECT COUNT(*) AS n ${material}`,
      params: [S3_MIN_TOP, S3T_MATERIAL_TEXT, S3T_MATERIAL_TEXT],
    },
    {
      key: 'S7',
      page: `SELECT * FROM curation_sample ORDER BY id LIMIT ${String(PER_PAGE)} OFFSET ${String((DEEP_PAGE - 1) * PER_PAGE)}`,
      count: all,
      params: [],
    },
    {
      key: 'S8',
      page: `SELECT * FROM curation_sample ORDER BY top DESC, id DESC LIMIT ${String(PER_PAGE)}`,
      count: all,
      params: [],
    },
    {
      key: 'S9',
      page: `SELECT x.*, ${mcdTop} AS mcd_top_depth FROM curation_sample x
        JOIN curation_section_split p ON p.id = x.section_split_id JOIN core_section se ON se.id = p.section_id
        JOIN core_core c ON c.id = se.core_id ORDER BY mcd_top_depth, x.id LIMIT ${String(PER_PAGE)}`,
      count: all,
      params: [],
    },
  ];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(latencies: number[], seconds: number): Measured {
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requests: latencies.length,
  };
}

/** better-sqlite3 is synchronous: one loop, like the server's single thread. */
function measureSqlite(filename: string, query: RawQuery, seconds: number): Measured {
  const db = new SQLite(filename, { readonly: true });
  try {
    // As the server registers it: case-insensitive, NULL on either side is NULL.
    db.function('regexp', { deterministic: true }, (pattern: string | null, value: string | number | null) =>
      pattern === null || value === null ? null : new RegExp(pattern, FILTER_REGEX_FLAGS).test(String(value)) ? 1 : 0,
    );
    const page = db.prepare(query.page);
    const count = db.prepare(query.count);
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    for (let now = performance.now(); now < end;) {
      count.get(...query.params);
      page.all(...query.params);
      const after = performance.now();
      latencies.push(after - now);
      now = after;
    }
    return summary(latencies, seconds);
  } finally {
    db.close();
  }
}

const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${String(++n)}`);
};

/** `connections` clients asking in turn, as autocannon's connections do. */
async function measurePostgres(url: string, query: RawQuery, seconds: number, connections: number): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    const page = numbered(query.page);
    const count = numbered(query.count);
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        // In turn, as the API asks them (count first, then the page).
        await pool.query(count, query.params);
        await pool.query(page, query.params);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return summary(latencies, seconds);
  } finally {
    await pool.end();
  }
}

export function measureRaw(
  config: DatabaseConfig,
  query: RawQuery,
  seconds: number,
  connections: number,
): Promise<Measured> {
  return config.dialect === 'sqlite'
    ? Promise.resolve(measureSqlite(config.filename, query, seconds))
    : measurePostgres(config.connectionString, query, seconds, connections);
}
