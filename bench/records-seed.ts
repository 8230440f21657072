// Records dataset for `npm run bench`: a three-level chain of model templates (expedition → site →
// hole, no program level) stored through the template store and built by the schema sync, then
// filled directly with batched INSERTs in transactions (the API would take far too long for
// 200,000 rows). Runs in the bench process against the server's database while the server idles.
import { parseModelTemplate } from '@mdis/shared';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../packages/server/src/config';
import { syncModelTable } from '../packages/server/src/engine/schema-sync';
import { createTemplateStore } from '../packages/server/src/engine/templates/template-store';
import { createDatabase } from '../packages/server/src/infra/db/database';

export const LEAF_MODEL = 'BenchHole';
export const SITES_PER_EXPEDITION = 50;
export const HOLES_PER_SITE = 100;
const CORE_TYPES = ['H', 'P', 'R', 'X', 'N'];
const LIST_NAME = 'BENCH_CORE_TYPE';
const BATCH_ROWS = 1000;

const id = { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' };
const stamps = { createdAt: 1600000000, modifiedAt: 1600000000, generatedAt: null };
const primary = { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } };

function parentRelation(table: string, parentTable: string, column: string) {
  const name = `${table}__${parentTable}__parent`;
  return {
    [name]: { name, relationType: 'parent', foreignTable: parentTable, localColumns: [column], foreignColumns: ['id'] },
  };
}

const string = (name: string, size: number, label: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  size,
  label,
  ...extra,
});

const EXPEDITION = {
  module: 'Bench',
  name: 'Expedition',
  table: 'bench_expedition',
  fullName: 'BenchExpedition',
  parentModel: null,
  columns: {
    id,
    expedition: string('expedition', 20, 'Expedition Code', { required: true }),
    exp_acronym: string('exp_acronym', 20, 'Acronym'),
  },
  indices: { ...primary, expedition: { name: 'expedition', type: 'UNIQUE', columns: ['expedition'] } },
  relations: {},
  behaviors: [],
  ...stamps,
};

const SITE = {
  module: 'Bench',
  name: 'Site',
  table: 'bench_site',
  fullName: 'BenchSite',
  parentModel: 'BenchExpedition',
  columns: {
    id,
    expedition_id: { name: 'expedition_id', type: 'integer', required: true, label: 'Expedition' },
    site: string('site', 20, 'Site', { required: true }),
    combined_id: string('combined_id', 50, 'Combined Id'),
    site_name: string('site_name', 100, 'Site Name'),
  },
  indices: {
    ...primary,
    expedition_id__site: { name: 'expedition_id__site', type: 'UNIQUE', columns: ['expedition_id', 'site'] },
  },
  relations: parentRelation('bench_site', 'bench_expedition', 'expedition_id'),
  behaviors: [],
  ...stamps,
};

const HOLE = {
  module: 'Bench',
  name: 'Hole',
  table: 'bench_hole',
  fullName: LEAF_MODEL,
  parentModel: 'BenchSite',
  columns: {
    id,
    site_id: { name: 'site_id', type: 'integer', required: true, label: 'Site' },
    hole: string('hole', 10, 'Hole', { required: true }),
    combined_id: string('combined_id', 50, 'Combined Id'),
    depth: { name: 'depth', type: 'double', label: 'Depth' },
    core_type: string('core_type', 5, 'Core Type', { selectListName: LIST_NAME }),
    site_name: { name: 'site_name', type: 'pseudo', pseudoCalc: 'site.site_name', label: 'Site name' },
    exp_acronym: { name: 'exp_acronym', type: 'pseudo', pseudoCalc: 'site.expedition.exp_acronym', label: 'Acr.' },
  },
  indices: { ...primary, site_id__hole: { name: 'site_id__hole', type: 'UNIQUE', columns: ['site_id', 'hole'] } },
  relations: parentRelation('bench_hole', 'bench_site', 'site_id'),
  behaviors: [],
  ...stamps,
};

export interface RecordsDataset {
  expeditions: number;
  sites: number;
  holes: number;
  loadSeconds: number;
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

async function insertBatched(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH_ROWS)
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + BATCH_ROWS))
        .execute();
  });
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Site names repeat in a shuffled order, so sorting by the parent's name is not the id order. */
const siteName = (site: number) => `Site ${pad((site * 7919) % 997, 3)}`;

async function insertDataset(db: AnyDb, holes: number): Promise<Omit<RecordsDataset, 'loadSeconds'>> {
  const sites = Math.max(1, Math.ceil(holes / HOLES_PER_SITE));
  const expeditions = Math.ceil(sites / SITES_PER_EXPEDITION);
  const expeditionRows = Array.from({ length: expeditions }, (_, e) => ({
    expedition: pad(5000 + e, 4),
    exp_acronym: `EXP${pad(e, 3)}`,
  }));
  await insertBatched(db, 'bench_expedition', expeditionRows);
  // Fresh tables: the generated ids are 1..n in insertion order on both dialects.
  const siteRows = Array.from({ length: sites }, (_, s) => {
    const e = Math.floor(s / SITES_PER_EXPEDITION);
    const site = String((s % SITES_PER_EXPEDITION) + 1);
    return { expedition_id: e + 1, site, combined_id: `${pad(5000 + e, 4)}_${site}`, site_name: siteName(s) };
  });
  await insertBatched(db, 'bench_site', siteRows);
  const holeRows: Record<string, unknown>[] = [];
  for (let h = 0; h < holes; h++) {
    const s = Math.floor(h / HOLES_PER_SITE);
    const hole = `H${pad((h % HOLES_PER_SITE) + 1, 3)}`;
    holeRows.push({
      site_id: s + 1,
      hole,
      combined_id: `${siteRows[s]?.combined_id ?? ''}_${hole}`,
      depth: Math.round(((h * 37) % 5000) * 10 + (h % 10)) / 10,
      core_type: CORE_TYPES[h % CORE_TYPES.length],
    });
  }
  await insertBatched(db, 'bench_hole', holeRows);
  return { expeditions, sites, holes };
}

async function insertValueList(db: AnyDb): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO value_lists (listname, is_locked) VALUES (${LIST_NAME}, 0) RETURNING id`.execute(trx);
    const listId = rows[0]?.id;
    for (const [sort, display] of CORE_TYPES.entries())
      await sql`INSERT INTO value_list_items (list_id, display, remark, sort)
        VALUES (${listId}, ${display}, ${`core type ${display}`}, ${sort})`.execute(trx);
  });
}

/**
 * Stores and syncs the bench models and loads `holes` leaf rows into the (already migrated)
 * database of the running server.
 */
export async function seedRecords(config: DatabaseConfig, holes: number): Promise<RecordsDataset> {
  const database = createDatabase(config);
  try {
    const store = createTemplateStore(database.db);
    for (const template of [EXPEDITION, SITE, HOLE]) {
      const saved = await store.saveModel(parseModelTemplate(template));
      await syncModelTable(database.db, database.dialect, saved, { templates: store.repository });
    }
    const db = database.db as unknown as AnyDb;
    const started = Date.now();
    await insertValueList(db);
    const counts = await insertDataset(db, holes);
    if (database.dialect === 'postgres') await sql`ANALYZE`.execute(db);
    return { ...counts, loadSeconds: (Date.now() - started) / 1000 };
  } finally {
    await database.destroy();
  }
}
