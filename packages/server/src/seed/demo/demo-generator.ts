import { runWithoutHistory } from '../../infra/db/audit-context';
import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { tableExists } from '../../engine/schema-sync';
import { createTemplateStore } from '../../engine/templates/template-store';
import type { Db } from '../../infra/db/schema';
import { type BulkWriter, createBulkWriter, type TableSpec } from './bulk-writer';
import { DEMO_EXPEDITIONS } from './demo-catalog';
import { createDemoContext, type DemoContext } from './demo-context';
import { DEMO_MODELS, demoTableSpecs, IGSN_REGISTRY } from './demo-tables';
import { type SampleBudget, writeHole } from './hole-rows';
import { readIgsnSettings } from '../../modules/igsn/igsn-settings';
import { createIgsnIssuer, holeLetters } from './identifiers';
import {
  type SiteRef,
  writeExpedition,
  writePersons,
  writePrograms,
  writeRequests,
  writeSite,
  writeStorage,
} from './project-rows';
import { createRandom } from './random';
import { createSelectValues, loadListItems } from './select-values';

export interface DemoOptions {
  /** How many samples to generate (exactly); the rest of the dataset scales with it. */
  samples: number;
  /** Seed of the pseudo-random generator: the same seed and size give the same dataset. */
  seed?: number;
  /** Called after every batch of statements. */
  onProgress?: (progress: DemoProgress) => void;
}

export interface DemoProgress {
  samples: number;
  rows: number;
  seconds: number;
}

export interface DemoResult extends DemoProgress {
  /** Rows written per model (and igsn_registry). */
  tables: Record<string, number>;
  rowsPerSecond: number;
}

/** The database cannot take the demo data (it is not empty, or the model is missing). */
export class DemoDataError extends Error {
  override name = 'DemoDataError';
}

export const DEFAULT_DEMO_SEED = 5065;
const HOLES_PER_SITE = 3;
/** Every expedition gets at least this many holes, however small the dataset. */
const MIN_HOLES_PER_EXPEDITION = 2;

async function loadModels(db: Db): Promise<Map<string, ModelTemplate>> {
  const store = createTemplateStore(db);
  const models = new Map<string, ModelTemplate>();
  for (const name of DEMO_MODELS) {
    const model = await store.getModel(name);
    if (!model) throw new DemoDataError(`The drilling model ${name} is not stored: seed the drilling model first.`);
    models.set(name, model);
  }
  return models;
}

async function assertEmpty(db: Db, specs: readonly TableSpec[]): Promise<void> {
  for (const { table } of specs) {
    const { rows } = await sql`SELECT 1 AS found FROM ${sql.table(table)} LIMIT 1`.execute(db);
    if (rows.length > 0)
      throw new DemoDataError(
        `The database already holds records in ${table}: demo data is generated into empty drilling tables only. Use a new database.`,
      );
  }
}

// Explicit ids do not advance PostgreSQL's serial sequences: without this the next insert through
// the API would collide with id 1.
async function resetSequences(db: Db, specs: readonly TableSpec[]): Promise<void> {
  for (const { table } of specs)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), MAX(id)) FROM ${sql.table(table)}`.execute(db);
}

/** SQLite's page cache for the generation: its default (2 MB) turns millions of index inserts into disk reads. */
const SQLITE_CACHE_KIB = 256 * 1024;

async function withLargeCache<T>(db: Db, dialect: Dialect, run: () => Promise<T>): Promise<T> {
  if (dialect !== 'sqlite') return run();
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  await sql.raw(`PRAGMA cache_size = -${String(SQLITE_CACHE_KIB)}`).execute(db);
  try {
    return await run();
  } finally {
    await sql.raw(`PRAGMA cache_size = ${String(rows.at(0)?.cache_size ?? -2000)}`).execute(db);
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

async function writeDataset(ctx: DemoContext, writer: BulkWriter, options: DemoOptions, started: number) {
  const { samples } = options;
  const budget: SampleBudget = { remaining: samples };
  const expeditionCount = DEMO_EXPEDITIONS.length;
  // About 8 samples per core: cores per hole so that each expedition gets its minimum of holes.
  const cores = clamp(Math.ceil(samples / (expeditionCount * MIN_HOLES_PER_EXPEDITION * 8)), 3, 120);
  writePersons(ctx);
  const storageIds = writeStorage(ctx, clamp(Math.ceil(samples / 250), 4, 5000));
  const programIds = writePrograms(ctx);
  const expeditions = DEMO_EXPEDITIONS.map((catalog) => writeExpedition(ctx, catalog, programIds));
  const requestCount = clamp(Math.round(samples / 900), 3, 1000);
  const requests = expeditions.map((e) => {
    // Requests name the hole they sample: the expedition's first (site 1, hole A).
    const firstHole = ctx.combinedId('ProjectHole', ctx.combinedId('ProjectSite', e.combinedId, { site: '1' }), {
      hole: holeLetters(0),
    });
    return writeRequests(ctx, e, requestCount, firstHole);
  });
  const sites: SiteRef[] = [];
  for (let hole = 0; budget.remaining > 0 || hole < expeditionCount * MIN_HOLES_PER_EXPEDITION; hole++) {
    const e = hole % expeditionCount;
    const k = Math.floor(hole / expeditionCount);
    const expedition = expeditions[e];
    if (k % HOLES_PER_SITE === 0) sites[e] = writeSite(ctx, expedition, Math.floor(k / HOLES_PER_SITE) + 1);
    const site = sites[e];
    const plan = {
      site,
      hole: holeLetters(k % HOLES_PER_SITE),
      index: k,
      cores,
      requests: requests[e],
      storageIds,
    };
    writeHole(ctx, plan, budget);
    await writer.flushIfFull();
    options.onProgress?.(progressOf(writer, samples - budget.remaining, started));
  }
  await writer.flush();
}

function progressOf(writer: BulkWriter, samples: number, started: number): DemoProgress {
  let rows = 0;
  for (const count of writer.written().values()) rows += count;
  return { samples, rows, seconds: (performance.now() - started) / 1000 };
}

/**
 * Generates a consistent drilling dataset of `samples` samples straight into the (migrated,
 * drilling-model-seeded, empty) tables: multi-row INSERTs in one transaction, so a failure leaves
 * nothing behind. Deterministic for a given seed and size.
 */
export async function generateDemoData(db: Db, dialect: Dialect, options: DemoOptions): Promise<DemoResult> {
  const models = await loadModels(db);
  const settings = await readIgsnSettings(db as never);
  const registry = settings.saveToDatabase && (await tableExists(db, dialect, IGSN_REGISTRY));
  const specs = demoTableSpecs(models, registry);
  await assertEmpty(db, specs);
  const random = createRandom(options.seed ?? DEFAULT_DEMO_SEED);
  const values = createSelectValues(models, await loadListItems(db), random);
  const started = performance.now();
  // Generated data is nobody's work: no history rows (and the bench's million rows stay raw).
  const written = await withLargeCache(db, dialect, () =>
    runWithoutHistory(() =>
      db.transaction().execute(async (trx) => {
        const writer = createBulkWriter(trx, dialect, specs);
        const ctx = createDemoContext(random, values, writer, {
          models,
          igsn: createIgsnIssuer(settings),
          registry,
          issuedAt: new Date().toISOString(),
        });
        await writeDataset(ctx, writer, options, started);
        return writer;
      }),
    ),
  );
  if (dialect === 'postgres') await resetSequences(db, specs);
  // Fresh statistics, so the planner picks the indexes at once; only the tables written (a bare
  // ANALYZE on PostgreSQL would visit every schema of the database).
  for (const { table } of specs) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  const progress = progressOf(written, options.samples, started);
  return {
    ...progress,
    tables: Object.fromEntries(written.written()),
    rowsPerSecond: Math.round(progress.rows / Math.max(progress.seconds, 1e-3)),
  };
}
