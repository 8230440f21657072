import { type ListMeta, type ModelTemplate, parseFormTemplate, parseModelTemplate } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { DatabaseConfig, Dialect } from '../src/infra/db/dialect';
import { syncModelTable } from '../src/engine/schema-sync';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { migrateToLatest } from '../src/infra/db/migrate';
import type { Db } from '../src/infra/db/schema';
import { signedInUser, type BuildUserInput } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';
import { EXPEDITION, FILTER_MODEL, FORMS, HOLE, ITEM, SITE } from './records-models';

export interface RecordsTestApp {
  app: FastifyInstance;
  db: Db;
  /** SQL text of every query run since the last reset. */
  queries: string[];
  admin: Record<string, string>;
  /** The database's settings and data folder: a second app instance on the same database. */
  databaseConfig: DatabaseConfig;
  dataDir: string;
  signIn(input: BuildUserInput): Promise<Record<string, string>>;
  close(): Promise<void>;
}

// Records every statement's SQL, compiled by the unplugged executor (so without recursion).
function queryRecorder(base: Db, queries: string[]): KyselyPlugin {
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      queries.push(base.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      Promise.resolve(args.result),
  };
}

/**
 * A query compiled once and run by `executeQuery` (infra/db/prepared-query.ts: the token check) never
 * passes a plugin's transformQuery: recorded here, so the tests see every statement.
 */
function recordPrecompiled(db: Db, queries: string[]): Db {
  const execute = db.executeQuery.bind(db);
  const executeQuery: Db['executeQuery'] = (query, queryId) => {
    queries.push('sql' in query ? query.sql : query.compile().sql);
    return execute(query, queryId);
  };
  return Object.assign(db, { executeQuery });
}

/** `db` with every statement's SQL pushed onto `queries`. */
export function recordingQueries(db: Db, queries: string[]): Db {
  return recordPrecompiled(db.withPlugin(queryRecorder(db, queries)), queries);
}

export async function saveAndSync(db: Db, dialect: Dialect, template: unknown): Promise<ModelTemplate> {
  const store = createTemplateStore(db);
  const saved = await store.saveModel(parseModelTemplate(template));
  await syncModelTable(db, dialect, saved, { templates: store.repository });
  return saved;
}

export async function insertList(db: Db, listname: string, items: { display: string; remark: string | null }[]) {
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO value_lists (listname, is_locked) VALUES (${listname}, 0) RETURNING id`.execute(db);
  const listId = rows[0]?.id;
  for (const [sort, item] of items.entries()) {
    await sql`INSERT INTO value_list_items (list_id, display, remark, sort) VALUES (${listId}, ${item.display}, ${item.remark}, ${sort})`.execute(
      db,
    );
  }
}

/** An app on a fresh database with the test models synced and their forms stored. */
export async function createRecordsApp(dialect: Dialect): Promise<RecordsTestApp> {
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  for (const model of [EXPEDITION, SITE, HOLE, ITEM, FILTER_MODEL]) await saveAndSync(database.db, dialect, model);
  const store = createTemplateStore(database.db);
  for (const form of FORMS) await store.saveForm(parseFormTemplate(form));
  const queries: string[] = [];
  const db = recordingQueries(database.db, queries);
  const app = await buildApp(
    testConfig({
      database: database.config,
      dataDir: database.dataDir,
      logLevel: process.env.TEST_LOG_LEVEL === 'error' ? 'error' : 'silent',
    }),
    {
      database: { ...database, db },
    },
  );
  const signIn = async (input: BuildUserInput) => (await signedInUser(app, database.db, input)).headers;
  return {
    app,
    db: database.db,
    queries,
    admin: await signIn({ roles: ['administrator'] }),
    databaseConfig: database.config,
    dataDir: database.dataDir,
    signIn,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** Creates a record through the API and returns it (throws on any other status than 201). */
export async function createRecord(
  t: RecordsTestApp,
  url: string,
  payload: Record<string, unknown>,
  headers = t.admin,
): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ method: 'POST', url, payload, headers });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<Record<string, unknown>>();
}

/** Two expeditions, sites and holes: 5065 → 5065_1 → 5065_1_A, 5065_1_B; 5066 → 5066_1 → 5066_1_A. */
export async function seedChain(
  t: RecordsTestApp,
): Promise<Record<'e1' | 'e2' | 's1' | 's2' | 'h1' | 'h2' | 'h3', { id: number } & Record<string, unknown>>> {
  const g = (name: string) => `/api/v1/global?name=${name}`;
  const e1 = await createRecord(t, g('ProjectExpedition'), {
    expedition: '5065',
    exp_acronym: 'GRIND',
    chief_scientists: ['Ann', 'Bob'],
  });
  const e2 = await createRecord(t, g('ProjectExpedition'), { expedition: '5066', exp_acronym: 'ALPHA' });
  const s1 = await createRecord(t, g('ProjectSite'), {
    expedition_id: e1.id,
    site: '1',
    combined_id: '5065_1',
    site_name: 'North',
  });
  const s2 = await createRecord(t, g('ProjectSite'), {
    expedition_id: { id: e2.id },
    site: '1',
    combined_id: '5066_1',
    site_name: 'South',
  });
  const h1 = await createRecord(t, g('ProjectHole'), { site_id: s1.id, hole: 'A', combined_id: '5065_1_A', depth: 10 });
  const h2 = await createRecord(t, g('ProjectHole'), { site_id: s1.id, hole: 'B', combined_id: '5065_1_B', depth: 20 });
  const h3 = await createRecord(t, g('ProjectHole'), { site_id: s2.id, hole: 'A', combined_id: '5066_1_A', depth: 30 });
  const withId = (r: Record<string, unknown>) => ({ ...r, id: Number(r.id) });
  return {
    e1: withId(e1),
    e2: withId(e2),
    s1: withId(s1),
    s2: withId(s2),
    h1: withId(h1),
    h2: withId(h2),
    h3: withId(h3),
  };
}

/** A list's `_meta` without its next page's cursor (list-cursor.test.ts's subject): the counts alone. */
export async function listCounts(t: RecordsTestApp, url: string): Promise<ListMeta> {
  const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${String(response.statusCode)} ${response.body}`);
  const counts = response.json<{ _meta: ListMeta }>()._meta;
  delete counts.nextCursor;
  return counts;
}
