import type { FastifyInstance } from 'fastify';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
  sql,
} from 'kysely';
import { buildApp } from '../src/app';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { syncMaintainedColumns } from '../src/engine/schema-sync/maintained';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { registerBehaviors } from '../src/register-behaviors';
import type { Dialect } from '../src/infra/db/dialect';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { migrateToLatest } from '../src/infra/db/migrate';
import type { Db } from '../src/infra/db/schema';
import type { SqliteAnalyzer } from '../src/infra/db/sqlite-analyze';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

export interface DepthTestApp {
  app: FastifyInstance;
  db: Db;
  /** SQL of every statement the app ran since the last reset. */
  queries: string[];
  /** The same statements with their parameters (to EXPLAIN them). */
  statements: CompiledQuery[];
  admin: Record<string, string>;
  /**
   * Rewrites every maintained column from the stored rows, as a loader that writes by SQL must
   * (fixtures insert rows straight into the tables, past the behaviors that keep them).
   */
  refreshMaintained(): Promise<void>;
  /** SQLite: the statistics refresher of the app's database (sqlite-analyze.ts). */
  analyzer?: SqliteAnalyzer | undefined;
  close(): Promise<void>;
}

/** What the app's behaviors keep in maintained columns, rewritten over every table (see DepthTestApp). */
export async function refreshAllMaintained(db: Db, dialect: Dialect): Promise<void> {
  const behaviors = createBehaviorRegistry();
  registerBehaviors(behaviors);
  const models = await createTemplateStore(db).listModels();
  await syncMaintainedColumns(db, dialect, behaviors, models, { backfillAll: true });
}

export function queryRecorder(base: Db, queries: string[], statements: CompiledQuery[]): KyselyPlugin {
  return {
    transformQuery: (args: PluginTransformQueryArgs) => {
      const compiled = base.getExecutor().compileQuery(args.node, args.queryId);
      queries.push(compiled.sql);
      statements.push(compiled);
      return args.node;
    },
    transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      Promise.resolve(args.result),
  };
}

/** An app on a fresh database holding the default drilling model (templates, tables, lists). */
export async function createDepthApp(dialect: Dialect): Promise<DepthTestApp> {
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  await seedDrillingModel(database.db, dialect);
  const queries: string[] = [];
  const statements: CompiledQuery[] = [];
  const db = database.db.withPlugin(queryRecorder(database.db, queries, statements));
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  const app = await buildApp(config, { database: { ...database, db } });
  const { headers } = await signedInUser(app, database.db, { roles: ['administrator'] });
  return {
    app,
    db: database.db,
    queries,
    statements,
    admin: headers,
    refreshMaintained: () => refreshAllMaintained(database.db, dialect),
    analyzer: database.analyzer,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The plan of a statement the app ran, as text. On PostgreSQL sequential scans and sorts are
 * switched off: with a handful of rows the planner would rightly scan, and the question is whether
 * it can read the index in the list's order.
 */
export async function explainStatement(db: Db, dialect: Dialect, statement: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
    }
    const explain = dialect === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
    const { rows } = await trx.executeQuery(CompiledQuery.raw(`${explain}${statement.sql}`, [...statement.parameters]));
    return rows.map((row) => Object.values(row as Record<string, unknown>).join(' ')).join('\n');
  });
}

/** Inserts a row straight into a drilling table (fixtures stay independent of the write behaviors). */
export async function insertRow(db: Db, table: string, values: Record<string, unknown>): Promise<number> {
  const row = await asDynamic(db).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const ON_DECK = '2024-05-01T08:00:00.000Z';

/**
 * The worked example (depths in m, sample and lithology offsets in cm):
 * hole A: core 1 (top 0, length 3) with section 1 (1.5 m, no curated length, WR only);
 *         core 2 (top 3, length 2.5) with sections 1.0 / 0.9 / 0.6 m, mcd_offset 0.2, curated 1.0 / 0.75 / 0.6,
 *         an A split on sections 1 and 2 (in core box 1, stored at BREMEN_1), section 3 WR only;
 * hole B: core 1 (top 0, length 1) with one section split into A; hole C: no core.
 */
export async function seedDepthExample(db: Db) {
  const program = await insertRow(db, 'project_program', { program: 'ICDP', name: 'ICDP' });
  const expedition = await insertRow(db, 'project_expedition', {
    program_id: program,
    expedition: '5065',
    combined_id: '5065',
    exp_name: 'Grinding',
    exp_acronym: 'GRIND',
    chief_scientists: 'Ann',
    contact: 'Ann',
    start_date: '2024-01-01',
  });
  const site = await insertRow(db, 'project_site', { expedition_id: expedition, site: '1', combined_id: '5065_1' });
  const hole = (name: string) =>
    insertRow(db, 'project_hole', {
      site_id: site,
      hole: name,
      combined_id: `5065_1_${name}`,
      start_date: '2024-01-02',
    });
  const holes = { a: await hole('A'), b: await hole('B'), c: await hole('C') };
  const core = (holeId: number, holeName: string, number: number, top: number, length: number) =>
    insertRow(db, 'core_core', {
      hole_id: holeId,
      core: number,
      combined_id: `5065_1_${holeName}_00${String(number)}`,
      core_ondeck: ON_DECK,
      drillers_top_depth: top,
      drilled_length: length,
    });
  const cores = {
    a1: await core(holes.a, 'A', 1, 0, 3),
    a2: await core(holes.a, 'A', 2, 3, 2.5),
    b1: await core(holes.b, 'B', 1, 0, 1),
  };
  const section = (coreId: number, coreCombinedId: string, number: number, values: Record<string, unknown>) =>
    insertRow(db, 'core_section', {
      core_id: coreId,
      section: number,
      combined_id: `${coreCombinedId}_${String(number)}`,
      ...values,
    });
  const sections = {
    a1s1: await section(cores.a1, '5065_1_A_001', 1, { section_length: 1.5, mcd_offset: 0 }),
    a2s1: await section(cores.a2, '5065_1_A_002', 1, { section_length: 1.0, curated_length: 1.0, mcd_offset: 0.2 }),
    a2s2: await section(cores.a2, '5065_1_A_002', 2, { section_length: 0.9, curated_length: 0.75, mcd_offset: 0.2 }),
    a2s3: await section(cores.a2, '5065_1_A_002', 3, { section_length: 0.6, curated_length: 0.6, mcd_offset: 0.2 }),
    b1s1: await section(cores.b1, '5065_1_B_001', 1, { section_length: 1.0, curated_length: 1.0, mcd_offset: 0 }),
  };
  const storage = await insertRow(db, 'curation_storage', { storage: 'Shelf 1', combined_id: 'BREMEN_1' });
  const boxes = {
    full: await insertRow(db, 'curation_corebox', { hole_id: holes.a, corebox: '001', storage_id: storage }),
    empty: await insertRow(db, 'curation_corebox', { hole_id: holes.a, corebox: '002' }),
  };
  const split = (sectionId: number, combinedId: string, type: string, extra: Record<string, unknown> = {}) =>
    insertRow(db, 'curation_section_split', {
      section_id: sectionId,
      type,
      combined_id: `${combinedId}_${type}`,
      percent: 100,
      ...extra,
    });
  const wr = {
    a1s1: await split(sections.a1s1, '5065_1_A_001_1', 'WR'),
    a2s1: await split(sections.a2s1, '5065_1_A_002_1', 'WR'),
    a2s2: await split(sections.a2s2, '5065_1_A_002_2', 'WR'),
    a2s3: await split(sections.a2s3, '5065_1_A_002_3', 'WR'),
    b1s1: await split(sections.b1s1, '5065_1_B_001_1', 'WR'),
  };
  const archive = {
    a2s1: await split(sections.a2s1, '5065_1_A_002_1', 'A', { origin_split_id: wr.a2s1, corebox_id: boxes.full }),
    a2s2: await split(sections.a2s2, '5065_1_A_002_2', 'A', { origin_split_id: wr.a2s2, corebox_id: boxes.full }),
    b1s1: await split(sections.b1s1, '5065_1_B_001_1', 'A', { origin_split_id: wr.b1s1 }),
  };
  return { holes, cores, sections, boxes, wr, archive };
}
