import { writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { asDynamic } from '../../src/engine/records/dynamic-db';
import { createLocalStorage } from '../../src/infra/storage/local-storage';
import { registerFileStorageBehavior } from '../../src/modules/files/file-storage-behavior';
import type { ImportRequest } from '../../src/modules/import/import-run';
import type { ImportDeps } from '../../src/modules/import/import-state';
import { createImportRepository } from '../../src/modules/import/import.repository';
import { createImportService } from '../../src/modules/import/import.service';
import { createServices } from '../../src/services';
import type { DIALECTS } from './dialects';
import { type DrillingApp, createHoleChain, startDrillingApp } from './drilling-app';
import { testConfig } from './test-app';

type Row = Record<string, unknown>;

// An import service over a drilling chain down to two splits, and a CSV of samples for it: what the
// import tests of the batch path share (import-batch.test.ts, import-set-aside-indexes.test.ts).

/** The import's knobs a test turns (import-state.ts ImportDeps). */
export type ImportOptions = Partial<Pick<ImportDeps, 'transactionMs' | 'setAsideAfterRows' | 'heldRows'>>;

export interface Chain {
  splits: Row[];
  request: Row;
}

/** Program → expedition 5065 → site → hole → core → two sections (each with its split) → a sample request. */
export async function chainOf(t: DrillingApp): Promise<Chain> {
  const { expedition, hole } = await createHoleChain((form, payload) => t.create(form, payload));
  const core = await t.create('core', {
    hole_id: hole.id,
    core: 1,
    core_ondeck: '2024-05-03T10:00:00Z',
    drillers_top_depth: 10,
    drilled_length: 3,
    core_recovery: 2.5,
    core_type: 'R',
  });
  const splits: Row[] = [];
  for (const section of [1, 2]) {
    const created = await t.create('section', { core_id: core.id, section, section_length: 1.2, curated_length: 1.2 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/form?name=split&filter[section_id]==${String(created.id)}`,
      headers: t.admin,
    });
    splits.push(...listed.json<{ items: Row[] }>().items);
  }
  const request = await t.create('sample-request', { expedition_id: expedition.id, request_part: 'A' });
  return { splits, request };
}

export interface Setup {
  t: DrillingApp;
  chain: Chain;
  sampleTable: string;
  /**
   * The import service with the batch path (false) or every record through the per-record pipeline
   * (true); `options`: how long one SQLite transaction of an import runs (TRANSACTION_MS), the rows
   * after which it sets its table's sort indexes aside (SET_ASIDE_AFTER_ROWS).
   */
  imports: (rowByRow: boolean, options?: ImportOptions) => ReturnType<typeof createImportService>;
  request: (name: string, csv: string, form?: string) => ImportRequest;
  importer: ReturnType<typeof createServices>['records']['importer'];
}

export async function setUp(dialect: (typeof DIALECTS)[number]): Promise<Setup> {
  const t = await startDrillingApp(dialect);
  const chain = await chainOf(t);
  const { database } = t;
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  const services = createServices(database, {}, config, t.app.log);
  // As the app does (createFileServices): the archive files' create behavior needs the storage.
  registerFileStorageBehavior(services.behaviors, createLocalStorage(path.join(database.dataDir, 'files')), t.app.log);
  const sample = await services.templates.getModel('CurationSample');
  const admin = await database.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const repository = createImportRepository(database.db, asDynamic(database.db), dialect);
  return {
    t,
    chain,
    sampleTable: sample?.table ?? 'curation_sample',
    importer: services.records.importer,
    imports: (rowByRow, options = {}) =>
      createImportService({
        importer: services.records.importer,
        repository,
        templates: services.templates,
        rowByRow,
        ...options,
      }),
    request: (name, csv, form = 'sample') => {
      const file = path.join(database.dataDir, name);
      writeFileSync(file, csv);
      return {
        user: { id: admin.id, roles: ['administrator'], permissions: [] },
        form,
        file: { path: file, kind: 'csv' },
        mode: 'insert',
      };
    },
  };
}

/** A second connection on a SQLite setup's file: what other readers see (committed state only). */
export function committedReader(setup: Setup): SQLite.Database {
  const { config } = setup.t.database;
  if (config.dialect !== 'sqlite') throw new Error('a SQLite database was asked for');
  return new SQLite(config.filename, { readonly: true });
}

/**
 * A SQLite setup and a committedReader on it for the tests of a describe block: opened before them,
 * closed after (its fields are set once the block's beforeAll ran).
 */
export function sqliteWithReader(): { setup: Setup; reader: SQLite.Database } {
  const opened = {} as { setup: Setup; reader: SQLite.Database };
  beforeAll(async () => {
    opened.setup = await setUp('sqlite');
    opened.reader = committedReader(opened.setup);
  }, 120_000);
  afterAll(async () => {
    opened.reader.close();
    await opened.setup.t.close();
  });
  return opened;
}

/** The CSV of `count` samples over the chain's splits (by combined id, or by id), some with a request, list values by remark. */
export function samplesCsv(chain: Chain, count: number, extra: string[] = []): string {
  const lines = ['Section Split ID,top,Sample Length [cm],Sample Material,Sample Request,igsn,comment'];
  for (let i = 0; i < count; i++) {
    const split = chain.splits[i % chain.splits.length];
    const key = i % 3 === 0 ? String(split.id) : String(split.combined_id);
    const request = i % 4 === 0 ? String(chain.request.id) : '';
    lines.push(
      `${key},${String(i)},${String(1 + (i % 5))},${i % 2 ? 'ROCK' : 'Sediment'},${request},,sample ${String(i)}`,
    );
  }
  return [...lines, ...extra].join('\n');
}
