import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { runAudited } from '../src/infra/db/audit-context';
import { createImportRepository } from '../src/modules/import/import.repository';
import { createImportService } from '../src/modules/import/import.service';
import { createServices } from '../src/services';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, createHoleChain, startDrillingApp } from './helpers/drilling-app';
import { testConfig } from './helpers/test-app';

type Row = Record<string, unknown>;

// Issue 20: the import service called outside a request's template scope (a script, a test, a job)
// must not read the template revision beside its own transaction: on SQLite that read waits for the
// one connection the transaction holds, forever.

/** Resolves with the task's value, or fails after `ms` (a deadlock would otherwise hang the file). */
function within<T>(ms: number, task: Promise<T>): Promise<T> {
  return Promise.race([
    task,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${String(ms)} ms`)), ms).unref(),
    ),
  ]);
}

describe.each(DIALECTS)('import outside a template scope (%s)', (dialect) => {
  let t: DrillingApp;
  let hole: Row;
  let imports: ReturnType<typeof createImportService>;
  let file: string;
  beforeAll(async () => {
    t = await startDrillingApp(dialect);
    ({ hole } = await createHoleChain((form, payload) => t.create(form, payload)));
    const { database } = t;
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    const services = createServices(database, {}, config, t.app.log);
    const repository = createImportRepository(database.db, asDynamic(database.db), dialect);
    imports = createImportService({ importer: services.records.importer, repository, templates: services.templates });
    file = path.join(database.dataDir, 'cores.csv');
    writeFileSync(
      file,
      [
        'hole_id,core,core_ondeck,drillers_top_depth,drilled_length,core_recovery,core_type',
        `${String(hole.combined_id)},7,2024-05-03T10:00:00Z,60,3,3,R`,
        `${String(hole.combined_id)},8,2024-05-03T11:00:00Z,63,3,3,R`,
      ].join('\n'),
    );
  }, 120_000);
  afterAll(() => t.close());

  const request = () => ({
    user: { id: null, roles: ['administrator'], permissions: [] },
    form: 'core',
    file: { path: file, kind: 'csv' as const },
    mode: 'insert' as const,
  });

  it('previews, commits and undoes without a template scope around it', async () => {
    const preview = await within(20_000, imports.preview(request()));
    expect(preview.counts).toMatchObject({ total: 2, new: 2, errors: 0 });
    // A job names its author (the batch an undo finds), but opens no template scope.
    const audited = <T>(task: () => Promise<T>) => runAudited({ route: 'test' }, task);
    const result = await within(
      20_000,
      audited(() => imports.commit(request())),
    );
    expect(result).toMatchObject({ ok: true, counts: { total: 2, new: 2, errors: 0 } });
    const undone = await within(
      20_000,
      audited(() => imports.undo(request().user, result.ok ? result.batchId : '')),
    );
    expect(undone).toEqual({ removed: 2 });
  }, 90_000);
});
