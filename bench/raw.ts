// S6: the questions of S1-S3 asked directly through the database driver in the bench process
// (better-sqlite3 / pg), as a developer would write them by hand: the page and its total count,
// nothing else. The API cannot be faster than this; the ratio API/raw is what the engine costs.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { FILTER_REGEX_FLAGS } from '@mdis/shared/filters';
import type { DatabaseConfig } from '../packages/server/src/infra/db/dialect';
import { S3_MATERIAL, S3_MIN_TOP, type Targets } from './scenarios';

export interface RawQuery {
  key: 'S1' | 'S2' | 'S3';
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
  // The code matches, or the text of the list item whose code it is (reference §5.4).
  const material = `FROM curation_sample x WHERE x.top > ? AND (x.sample_material ${regex} ? OR x.sample_material IN (
    SELECT i.display FROM value_list_items i JOIN value_lists l ON l.id = i.list_id
    WHERE l.listname = 'SAMPLE_MATERIAL' AND i.remark ${regex} ?))`;
  return [
    {
      key: 'S1',
      page: 'SELECT * FROM curation_sample ORDER BY id LIMIT 20',
      count: 'SELECT COUNT(*) AS n FROM curation_sample',
      params: [],
    },
    {
      key: 'S2',
      page: `SELECT x.* ${ofCore} ORDER BY x.top, x.id LIMIT 20`,
      count: `SELECT COUNT(*) AS n ${ofCore}`,
      params: [t.core.id],
    },
    {
      key: 'S3',
      page: `SELECT x.* ${material} ORDER BY x.id LIMIT 20`,
      count: `SELECT COUNT(*) AS n ${material}`,
      params: [S3_MIN_TOP, S3_MATERIAL, S3_MATERIAL],
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
