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
import { READ_BATCH } from '../src/modules/import/readers/table-reader';
import { registerBehaviors } from '../src/register-behaviors';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, recordingQueries, seedChain } from './records-helpers';

// Issue 20: an upsert's updates are written batch by batch (records-update-many.ts): unique
// combinations checked for the batch at once, in file order as record after record would, the
// behaviors' batch hooks (the combined id from the parent), one UPDATE for the rows that change
// the same columns. The per-record pipeline (rowByRow) is the reference: the same counts, errors
// and records.

describe.each(DIALECTS)('import upsert: updates in batches (%s)', (dialect) => {
  let t: RecordsTestApp;
  let imports: (rowByRow: boolean) => ReturnType<typeof createImportService>;
  let request: (csv: string) => ImportRequest;
  const queries: string[] = [];
  /** The statements that wrote the holes' own columns (UPDATE ... SET of the update path). */
  const holeUpdates = () => queries.filter((q) => /^update "project_hole" set /i.test(q)).length;
  const holes = async () =>
    (await asDynamic(t.db)
      .selectFrom('project_hole')
      .select(['id', 'site_id', 'hole', 'combined_id', 'depth'])
      .orderBy('id')
      .execute()) as { id: number; site_id: number; hole: string; combined_id: string; depth: number }[];

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await seedChain(t);
    const db = recordingQueries(t.db, queries);
    const templates = createTemplateStore(db);
    const behaviors = createBehaviorRegistry();
    registerBehaviors(behaviors);
    const records = createRecordsService({ db, dialect, templates, behaviors });
    const repository = createImportRepository(db, asDynamic(db), dialect);
    imports = (rowByRow) => createImportService({ importer: records.importer, repository, templates, rowByRow });
    const admin = await t.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    request = (csv) => {
      const file = path.join(t.dataDir, 'holes.csv');
      writeFileSync(file, csv);
      const user = { id: admin.id, roles: ['administrator'], permissions: [] };
      return { user, form: 'hole', file: { path: file, kind: 'csv' }, mode: 'upsert' };
    };
  }, 120_000);
  afterAll(() => t.close());

  /** A preview (writes run, then roll back) through the batch path, then the per-record pipeline, with each one's hole UPDATEs. */
  const previewBoth = async (csv: string) => {
    const runs = [];
    for (const rowByRow of [false, true]) {
      queries.length = 0;
      const preview = await runInTemplateScope(() => imports(rowByRow).preview(request(csv)));
      runs.push({ preview, updates: holeUpdates() });
    }
    return runs as [(typeof runs)[0], (typeof runs)[0]];
  };
  const commit = (csv: string) =>
    runAudited({ route: 'test' }, () => runInTemplateScope(() => imports(false).commit(request(csv))));
  /** The unique-combination message (its site part is the site's id). */
  const taken = (hole: string) =>
    expect.stringMatching(
      new RegExp(`^The combination "\\d+"-"${hole}" of Site and Hole Name has already been taken\\.$`),
    ) as unknown as string;
  const errorsOf = (preview: { errors: { row: number; column: string | null; message: string }[] }) =>
    preview.errors.map(({ row, column, message }) => ({ row, column, message }));

  it('writes the changed rows with one UPDATE and counts an unchanged row, as the per-record pipeline does row by row', async () => {
    const csv = 'combined_id,depth\n5065_1_A,11\n5065_1_B,20\n5066_1_A,31\n';
    const [fromBatch, fromRows] = await previewBoth(csv);
    expect(fromBatch.preview.counts).toEqual({ total: 3, new: 0, updated: 2, unchanged: 1, errors: 0 });
    expect(fromBatch.preview).toEqual(fromRows.preview);
    expect(fromRows.updates).toBe(2);
    expect(fromBatch.updates).toBe(1);
  });

  it('refuses a unique combination taken in the database or by an earlier row of the batch, in file order', async () => {
    // Row 2 takes hole A, which row 1 gave up; row 3 takes hole C, which row 1 took; row 4 takes B, stored for 5065_1_B.
    const csv = ['combined_id,site_id,hole', '5065_1_A,5065_1,C', '5065_1_B,5065_1,A', '5066_1_A,5065_1,C'].join('\n');
    const [fromBatch, fromRows] = await previewBoth(csv);
    expect(fromBatch.preview.counts).toEqual({ total: 3, new: 0, updated: 2, unchanged: 0, errors: 1 });
    expect(errorsOf(fromBatch.preview)).toEqual([{ row: 3, column: 'hole', message: taken('C') }]);
    expect(fromBatch.preview).toEqual(fromRows.preview);

    const [stored, storedByRows] = await previewBoth('combined_id,hole\n5065_1_A,B\n');
    expect(errorsOf(stored.preview)).toEqual([{ row: 1, column: 'hole', message: taken('B') }]);
    expect(stored.preview).toEqual(storedByRows.preview);
  });

  it('refuses new rows whose unique combination is stored or taken by an earlier row, looked up once for the batch', async () => {
    // Row 2 names hole A of 5065_1 (stored), row 3 the hole C row 1 creates; rows 4 and 5 are free.
    const csv = ['site_id,hole,depth', '5065_1,C,1', '5065_1,A,2', '5065_1,C,3', '5066_1,C,4', '5065_1,E,5'].join('\n');
    const runs = [];
    for (const rowByRow of [false, true]) {
      queries.length = 0;
      const preview = await runInTemplateScope(() => imports(rowByRow).preview({ ...request(csv), mode: 'insert' }));
      const lookups = queries.filter((q) => /from "project_hole" where "site_id" = \S+ and "hole" = /i.test(q));
      runs.push({ preview, lookups: lookups.length });
    }
    const [fromBatch, fromRows] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(fromBatch.preview.counts).toEqual({ total: 5, new: 3, updated: 0, unchanged: 0, errors: 2 });
    expect(errorsOf(fromBatch.preview)).toEqual([
      { row: 2, column: 'hole', message: taken('A') },
      { row: 3, column: 'hole', message: taken('C') },
    ]);
    // PostgreSQL's sequences are not rolled back: the samples' ids differ between the two runs.
    expect(errorsOf(fromBatch.preview)).toEqual(errorsOf(fromRows.preview));
    expect(fromBatch.preview.counts).toEqual(fromRows.preview.counts);
    expect(fromRows.lookups).toBe(5);
    expect(fromBatch.lookups).toBe(1);
  });

  it('refuses a new row whose unique combination a row of an earlier batch took', async () => {
    const lines = ['site_id,hole'];
    for (let i = 0; i < READ_BATCH; i += 1) lines.push(`5066_1,N${String(i)}`);
    lines.push('5066_1,N7');
    const preview = await runInTemplateScope(() =>
      imports(false).preview({ ...request(lines.join('\n')), mode: 'insert' }),
    );
    expect(preview.counts).toEqual({ total: READ_BATCH + 1, new: READ_BATCH, updated: 0, unchanged: 0, errors: 1 });
    expect(errorsOf(preview)).toEqual([{ row: READ_BATCH + 1, column: 'hole', message: taken('N7') }]);
  });

  it('recomputes the combined id of a row moved to another parent', async () => {
    const csv = 'combined_id,site_id,depth\n5065_1_B,5066_1,22\n';
    const [fromBatch, fromRows] = await previewBoth(csv);
    expect(fromBatch.preview).toEqual(fromRows.preview);
    expect(fromBatch.preview.sample).toEqual([
      { row: 1, values: expect.objectContaining({ combined_id: '5066_1_B', depth: 22 }) as unknown },
    ]);
    const result = await commit(csv);
    expect(result).toMatchObject({ ok: true, counts: { updated: 1, errors: 0 } });
    expect((await holes()).map(({ combined_id, depth }) => ({ combined_id, depth }))).toEqual([
      { combined_id: '5065_1_A', depth: 10 },
      { combined_id: '5066_1_B', depth: 22 },
      { combined_id: '5066_1_A', depth: 30 },
    ]);
  });

  it('writes nothing when a row half-way through the batch is refused', async () => {
    const before = await holes();
    // Row 2 moves hole 5066_1_B back beside 5066_1_A under the name A: taken.
    const csv = 'combined_id,hole,depth\n5065_1_A,D,15\n5066_1_B,A,25\n5066_1_A,A,35\n';
    const result = await commit(csv);
    expect(result).toMatchObject({ ok: false, counts: { total: 3, updated: 2, errors: 1 } });
    expect(result.ok ? [] : errorsOf(result)).toEqual([{ row: 2, column: 'hole', message: taken('A') }]);
    expect(await holes()).toEqual(before);
  });
  it('writes the new rows of an upsert with one INSERT, in file order with its updates', async () => {
    // Row 1 asks for hole B, which row 2 gives up: record by record it is still taken when row 1 is written.
    const csv = [
      'combined_id,site_id,hole,depth',
      ',5066_1,B,1',
      '5066_1_B,5066_1,E,2',
      ',5065_1,F,3',
      ',5065_1,G,4',
      ',5066_1,H,5',
    ];
    const runs = [];
    for (const rowByRow of [false, true]) {
      queries.length = 0;
      const preview = await runInTemplateScope(() => imports(rowByRow).preview(request(csv.join('\n'))));
      runs.push({ preview, inserts: queries.filter((q) => /^insert into "project_hole"/i.test(q)).length });
    }
    const [fromBatch, fromRows] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(fromBatch.preview.counts).toEqual({ total: 5, new: 3, updated: 1, unchanged: 0, errors: 1 });
    expect(errorsOf(fromBatch.preview)).toEqual([{ row: 1, column: 'hole', message: taken('B') }]);
    expect(errorsOf(fromBatch.preview)).toEqual(errorsOf(fromRows.preview));
    expect(fromBatch.preview.counts).toEqual(fromRows.preview.counts);
    expect(fromRows.inserts).toBe(3);
    expect(fromBatch.inserts).toBe(1);

    const before = await holes();
    const result = await commit([csv[0], ...csv.slice(2)].join('\n'));
    expect(result).toMatchObject({ ok: true, counts: { new: 3, updated: 1, errors: 0 } });
    const after = await holes();
    expect(after.slice(before.length).map(({ combined_id, depth }) => ({ combined_id, depth }))).toEqual([
      { combined_id: '5065_1_F', depth: 3 },
      { combined_id: '5065_1_G', depth: 4 },
      { combined_id: '5066_1_H', depth: 5 },
    ]);
    expect(after.find((h) => h.id === before.find((b) => b.combined_id === '5066_1_B')?.id)?.combined_id).toBe(
      '5066_1_E',
    );
  });
});
