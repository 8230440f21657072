import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { createRecordsService } from '../src/engine/records/records.service';
import { createTemplateStore, runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import type { ImportRequest } from '../src/modules/import/import-run';
import { createImportRepository } from '../src/modules/import/import.repository';
import { createImportService } from '../src/modules/import/import.service';
import { registerBehaviors } from '../src/register-behaviors';
import { DIALECTS } from './helpers/dialects';
import { parseFormTemplate } from '@mdis/shared';
import {
  type RecordsTestApp,
  createRecord,
  createRecordsApp,
  recordingQueries,
  saveAndSync,
  seedChain,
} from './records-helpers';
import { FORMS, HOLE } from './records-models';

// Issue 20: an upsert's row keeps the parent its stored record has (the foreign key keeps that
// parent), so the write no longer looks the parent up once per row (61% of an upsert's time). The
// per-record reference path (rowByRow) still does: both give the same counts, errors and records.

/** Holes again, but in a table without a foreign key to the site (no parent relation): nothing keeps its parent. */
const PLOT = {
  ...HOLE,
  name: 'Plot',
  table: 'project_plot',
  fullName: 'ProjectPlot',
  columns: { id: HOLE.columns.id, site_id: HOLE.columns.site_id, hole: HOLE.columns.hole, depth: HOLE.columns.depth },
  indices: { id: HOLE.indices.id },
  relations: {},
  behaviors: [],
};
const PLOT_FORM = { ...FORMS.find((f) => f.name === 'hole'), name: 'plot', dataModel: 'ProjectPlot' };

describe.each(DIALECTS)('import upsert: the parent check (%s)', (dialect) => {
  let t: RecordsTestApp;
  let imports: (rowByRow: boolean) => ReturnType<typeof createImportService>;
  let request: (csv: string, form?: string) => ImportRequest;
  const queries: string[] = [];
  /** The statements that looked a site up by id (one per row on the per-record path, one IN (...) per batch). */
  const parentLookups = () => queries.filter((q) => /^select id from "project_site" where id (=|in) /i.test(q)).length;

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    const chain = await seedChain(t);
    await saveAndSync(t.db, dialect, PLOT);
    await createTemplateStore(t.db).saveForm(parseFormTemplate(PLOT_FORM));
    await createRecord(t, '/api/v1/global?name=ProjectPlot', { site_id: chain.s1.id, hole: 'P', depth: 1 });
    const db = recordingQueries(t.db, queries);
    const templates = createTemplateStore(db);
    const behaviors = createBehaviorRegistry();
    registerBehaviors(behaviors);
    const records = createRecordsService({ db, dialect, templates, behaviors });
    const repository = createImportRepository(db, asDynamic(db), dialect);
    imports = (rowByRow) => createImportService({ importer: records.importer, repository, templates, rowByRow });
    const admin = await t.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    request = (csv, form = 'hole') => {
      const file = path.join(t.dataDir, 'holes.csv');
      writeFileSync(file, csv);
      const user = { id: admin.id, roles: ['administrator'], permissions: [] };
      return { user, form, file: { path: file, kind: 'csv' }, mode: 'upsert' };
    };
  }, 120_000);
  afterAll(() => t.close());

  /** A preview (writes run, then roll back) through the batch path, then the per-record pipeline, with each one's parent lookups. */
  const previewBoth = async (csv: string, form?: string) => {
    const runs = [];
    for (const rowByRow of [false, true]) {
      queries.length = 0;
      const preview = await runInTemplateScope(() => imports(rowByRow).preview(request(csv, form)));
      runs.push({ preview, lookups: parentLookups() });
    }
    return runs as [(typeof runs)[0], (typeof runs)[0]];
  };

  it('updates rows under their stored parent without a lookup per row, as the per-record pipeline does with one', async () => {
    const csv = 'combined_id,site_id,depth\n5065_1_A,5065_1,11\n5065_1_B,5065_1,21\n';
    const [fromBatch, fromRows] = await previewBoth(csv);
    expect(fromBatch.preview.counts).toEqual({ total: 2, new: 0, updated: 2, unchanged: 0, errors: 0 });
    expect(fromBatch.preview).toEqual(fromRows.preview);
    expect(fromRows.lookups).toBe(2);
    expect(fromBatch.lookups).toBe(0);

    queries.length = 0;
    const commit = () => imports(false).commit(request(csv));
    const result = await runAudited({ route: 'test' }, () => runInTemplateScope(commit));
    expect(result).toMatchObject({ ok: true, counts: { updated: 2, errors: 0 } });
    expect(parentLookups()).toBe(0);
    const holes = await t.db
      .selectFrom('project_hole' as never)
      .select(['combined_id' as never, 'depth' as never])
      .orderBy('id' as never)
      .execute();
    expect(holes).toEqual([
      { combined_id: '5065_1_A', depth: 11 },
      { combined_id: '5065_1_B', depth: 21 },
      { combined_id: '5066_1_A', depth: 30 },
    ]);
  });

  it('still checks a row moved to another parent, and names a missing parent as before', async () => {
    const csv = [
      'combined_id,site_id,depth',
      '5065_1_A,5065_1,12',
      '5065_1_B,5066_1,22',
      '5066_1_A,9999_9,32',
      `5066_1_A,${String(1_000_000)},33`,
    ].join('\n');
    const [fromBatch, fromRows] = await previewBoth(csv);
    expect(fromBatch.preview.counts).toEqual({ total: 4, new: 0, updated: 2, unchanged: 0, errors: 2 });
    expect(fromBatch.preview.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 3, column: 'site_id', message: "Site: no record has the key '9999_9'." },
      { row: 4, column: 'site_id', message: "Site: no record has the key '1000000'." },
    ]);
    expect(fromBatch.preview).toEqual(fromRows.preview);
    // The moved row (5065_1_B to site 5066_1) is looked up on both paths.
    expect(fromBatch.lookups).toBe(1);
    expect(fromRows.lookups).toBe(2);
  });

  it('still looks the parent up where no foreign key keeps it', async () => {
    const [plot] = await t.db
      .selectFrom('project_plot' as never)
      .select('id' as never)
      .execute();
    const [fromBatch, fromRows] = await previewBoth(`id,depth\n${String((plot as { id: number }).id)},2\n`, 'plot');
    expect(fromBatch.preview.counts).toMatchObject({ total: 1, updated: 1, errors: 0 });
    expect(fromBatch.preview).toEqual(fromRows.preview);
    expect(fromBatch.lookups).toBe(1);
  });
});
