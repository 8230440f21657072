// The benchmark's dataset: the demo generator's drilling data at the size asked for, plus the first
// administrator. SQLite: generated once into bench/.cache/ (keyed by size, seed and a hash of the
// code and templates that shape it) and copied for every run, so a run's writes never reach the
// cache. PostgreSQL (BENCH_DATABASE_URL): generated into that database once; a marker file in
// bench/.cache/ says which dataset it holds, and each run removes the samples it created.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../packages/server/src/infra/db/dialect';
import { createDatabase } from '../packages/server/src/infra/db/database';
import { migrateToLatest } from '../packages/server/src/infra/db/migrate';
import { DEFAULT_DEMO_SEED, type DemoResult, generateDemoData } from '../packages/server/src/seed/demo/demo-generator';
import { seedDatabase } from '../packages/server/src/seed/seed';
import { createBehaviorRegistry } from '../packages/server/src/engine/behaviors/behavior-registry';
import { syncMaintainedColumns } from '../packages/server/src/engine/schema-sync/maintained';
import { createTemplateStore } from '../packages/server/src/engine/templates/template-store';
import { registerBehaviors } from '../packages/server/src/register-behaviors';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = path.join(HERE, '.cache');
const SERVER_SRC = path.join(HERE, '../packages/server/src');
/** What shapes the generated database: a change in any of these makes a new cache entry. */
const SHAPING_DIRS = ['seed', 'db/migrations', 'modules/drilling', 'engine/schema-sync'].map((dir) =>
  path.join(SERVER_SRC, dir),
);

export const BENCH_ADMIN = { username: 'admin', password: 'bench-Admin-password-1' };

export interface Generation {
  /** False when the cached dataset was used. */
  generated: boolean;
  rows?: number;
  seconds?: number;
  rowsPerSecond?: number;
  tables?: Record<string, number>;
}

export interface PreparedDataset {
  /** The database the server under test uses (a copy of the cache on SQLite). */
  database: DatabaseConfig;
  /** DATABASE_URL for the server. */
  databaseUrl: string;
  generation: Generation;
  /** Removes what the run left behind (the SQLite copy; the samples S5 created on PostgreSQL). */
  cleanUp(): Promise<void>;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Size, seed and a hash of every file that shapes the dataset. */
export function datasetKey(samples: number, seed: number): string {
  const hash = createHash('sha256');
  for (const file of SHAPING_DIRS.flatMap(filesUnder))
    hash.update(file.slice(SERVER_SRC.length)).update(readFileSync(file));
  return `demo-${String(samples)}-seed${String(seed)}-${hash.digest('hex').slice(0, 12)}`;
}

/** Migrate, seed the drilling model and the administrator, generate: what `npm run seed` does. */
async function generate(config: DatabaseConfig, samples: number, seed: number, log: (line: string) => void) {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db);
    await seedDatabase(database, {
      port: 0,
      host: '127.0.0.1',
      dataDir: CACHE_DIR,
      database: config,
      adminUsername: BENCH_ADMIN.username,
      adminPassword: BENCH_ADMIN.password,
      seed: 'none',
      logLevel: 'silent',
      trustProxy: false,
      webDistDir: CACHE_DIR,
    });
    let last = 0;
    const result: DemoResult = await generateDemoData(database.db, database.dialect, {
      samples,
      seed,
      onProgress: (p) => {
        if (p.seconds - last < 15) return;
        last = p.seconds;
        log(
          `  … ${p.samples.toLocaleString('en-US')} samples, ${p.rows.toLocaleString('en-US')} rows, ${p.seconds.toFixed(0)} s`,
        );
      },
    });
    // Rows written by SQL, past the behaviors: their maintained columns are filled here, once per
    // cached dataset, not at each server start.
    const started = Date.now();
    const behaviors = createBehaviorRegistry();
    registerBehaviors(behaviors);
    const models = await createTemplateStore(database.db).listModels();
    await syncMaintainedColumns(database.db, database.dialect, behaviors, models, { backfillAll: true });
    log(`maintained columns filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return {
      generated: true,
      rows: result.rows,
      seconds: result.seconds,
      rowsPerSecond: result.rowsPerSecond,
      tables: result.tables,
    } satisfies Generation;
  } finally {
    await database.destroy();
  }
}

async function prepareSqlite(samples: number, seed: number, runDir: string, log: (line: string) => void) {
  const key = datasetKey(samples, seed);
  const cached = path.join(CACHE_DIR, `${key}.sqlite`);
  let generation: Generation = { generated: false };
  if (existsSync(cached)) log(`dataset: cached ${path.relative(process.cwd(), cached)}`);
  else {
    mkdirSync(CACHE_DIR, { recursive: true });
    log(`dataset: generating ${samples.toLocaleString('en-US')} samples into ${path.relative(process.cwd(), cached)}`);
    const partial = `${cached}.partial`;
    rmSync(partial, { force: true });
    generation = await generate({ dialect: 'sqlite', filename: partial }, samples, seed, log);
    // Closed cleanly, so the WAL is checkpointed into the file: a single file to copy.
    renameSync(partial, cached);
  }
  mkdirSync(runDir, { recursive: true });
  const copy = path.join(runDir, 'bench.sqlite');
  copyFileSync(cached, copy);
  return {
    database: { dialect: 'sqlite', filename: copy } as const,
    databaseUrl: copy,
    generation,
    cleanUp: () => {
      rmSync(runDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

interface PostgresMarker {
  key: string;
  maxSampleId: number;
}

async function maxSampleId(config: DatabaseConfig): Promise<number> {
  const database = createDatabase(config);
  try {
    const { rows } = await sql<{ id: number | null }>`SELECT MAX(id) AS id FROM curation_sample`.execute(database.db);
    return rows.at(0)?.id ?? 0;
  } finally {
    await database.destroy();
  }
}

async function isEmptyDatabase(config: DatabaseConfig): Promise<boolean> {
  const database = createDatabase(config);
  try {
    const { rows } = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()`.execute(database.db);
    return Number(rows[0]?.n) === 0;
  } finally {
    await database.destroy();
  }
}

/** Samples created by a run (S5) and their IGSN registrations: gone, so the next run sees the same dataset. */
async function removeSamplesAfter(config: DatabaseConfig, lastId: number): Promise<void> {
  const database = createDatabase(config);
  try {
    await database.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM igsn_registry WHERE data_model = 'CurationSample' AND model_id > ${lastId}`.execute(trx);
      await sql`DELETE FROM curation_sample WHERE id > ${lastId}`.execute(trx);
    });
  } finally {
    await database.destroy();
  }
}

async function preparePostgres(url: string, samples: number, seed: number, log: (line: string) => void) {
  const key = datasetKey(samples, seed);
  const database = { dialect: 'postgres', connectionString: url } as const;
  const markerFile = path.join(
    CACHE_DIR,
    `postgres-${createHash('sha256').update(url).digest('hex').slice(0, 12)}.json`,
  );
  const marker = existsSync(markerFile) ? (JSON.parse(readFileSync(markerFile, 'utf8')) as PostgresMarker) : undefined;
  let generation: Generation = { generated: false };
  let lastId: number;
  if (marker?.key === key) {
    log('dataset: the PostgreSQL database holds it already');
    lastId = marker.maxSampleId;
    await removeSamplesAfter(database, lastId);
  } else {
    if (!(await isEmptyDatabase(database)))
      throw new Error(
        `BENCH_DATABASE_URL must be an empty database (or one an earlier run of this dataset filled): drop and create it, e.g. dropdb bench && createdb bench.`,
      );
    log(`dataset: generating ${samples.toLocaleString('en-US')} samples into PostgreSQL`);
    generation = await generate(database, samples, seed, log);
    lastId = await maxSampleId(database);
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(markerFile, `${JSON.stringify({ key, maxSampleId: lastId } satisfies PostgresMarker)}\n`);
  }
  return { database, databaseUrl: url, generation, cleanUp: () => removeSamplesAfter(database, lastId) };
}

export function prepareDataset(options: {
  samples: number;
  seed?: number;
  postgresUrl?: string | undefined;
  runDir: string;
  log: (line: string) => void;
}): Promise<PreparedDataset> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  return options.postgresUrl
    ? preparePostgres(options.postgresUrl, options.samples, seed, options.log)
    : prepareSqlite(options.samples, seed, options.runDir, options.log);
}
