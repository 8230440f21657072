import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, uploadParts } from './files-fixture';
import { DIALECTS } from './helpers/dialects';
import { commitCsvImport, createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';

type Row = Record<string, unknown>;
interface HistoryRow {
  action: string;
  table_name: string;
  record_id: number;
  changes: Row;
  batch_id: string | null;
  route: string | null;
}

// Issue 21 item 1: every write path leaves its history rows. The form's own create, update and
// delete, the global API, uploads, users, value-list creations and template saves are in
// record-history.test.ts; these are the other paths, each with the rows of its one action.
describe.each(DIALECTS)('record history of every write path (%s)', (dialect) => {
  let drilling: DrillingApp;
  let hole: Row;

  beforeAll(async () => {
    drilling = await startDrillingApp(dialect);
    ({ hole } = await createHoleChain((form, payload) => drilling.create(form, payload)));
  });
  afterAll(() => drilling.close());

  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) => {
    const response = await drilling.app.inject({
      method,
      url,
      headers: drilling.admin,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.body ? response.json<Row>() : {};
  };
  const update = (form: string, id: unknown, payload: Row) =>
    send('PUT', `/api/v1/form/${String(id)}?name=${form}`, payload);

  /** The rows of one record (oldest first), or of one batch. */
  const rows = async (where: { table: string; id: unknown } | { batch: string | null }): Promise<HistoryRow[]> => {
    let query = drilling.database.db.selectFrom('record_history').selectAll().orderBy('id');
    query =
      'batch' in where
        ? query.where('batch_id', '=', where.batch ?? '')
        : query.where('table_name', '=', where.table).where('record_id', '=', Number(where.id));
    return (await query.execute()).map((row) => ({ ...row, changes: JSON.parse(row.changes) as Row }));
  };
  const last = async (table: string, id: unknown) => (await rows({ table, id })).at(-1) as HistoryRow;

  let cores = 0;
  const newSplit = async () => {
    const core = await drilling.create('core', {
      hole_id: hole.id,
      core: ++cores,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 10 * cores,
      drilled_length: 3,
      core_recovery: 2.7,
      section_count: 3,
    });
    const section = await drilling.create('section', {
      core_id: core.id,
      section: 1,
      section_length: 0.9,
      curated_length: 0.9,
    });
    const listed = await drilling.app.inject({
      method: 'GET',
      url: `/api/v1/form?name=split&filter[section_id]=${String(section.id)}`,
      headers: drilling.admin,
    });
    const [split] = listed.json<{ items: Row[] }>().items;
    return { core, section, split };
  };

  it("a combined id's cascade to the descendants is in the batch of the rename that caused it", async () => {
    const { core, section, split } = await newSplit();
    const renamed = await update('hole', hole.id, { hole: 'Z' });
    const rename = await last('project_hole', hole.id);
    expect(rename).toMatchObject({ action: 'update', route: 'PUT /api/v1/form/:id' });
    expect(rename.changes.hole).toEqual(['A', 'Z']);
    for (const [table, record] of [
      ['core_core', core],
      ['core_section', section],
      ['curation_section_split', split],
    ] as const) {
      const cascaded = await last(table, record.id);
      expect(cascaded, table).toMatchObject({ action: 'update', batch_id: rename.batch_id });
      expect(cascaded.changes.combined_id, table).toEqual([
        record.combined_id,
        String(record.combined_id).replace(`_${String(hole.combined_id).split('_').pop()}_`, '_Z_'),
      ]);
    }
    hole = renamed;
  });

  it("the core box a split's update creates and fills is in the split's batch", async () => {
    const { split } = await newSplit();
    await update('split', split.id, { corebox_name: '7' });
    const batch = await rows({ batch: (await last('curation_section_split', split.id)).batch_id });
    // The split's rows of this update (the box's id may be a row of its own), as one change.
    const splitChanges = Object.assign(
      {},
      ...batch.filter((row) => row.table_name === 'curation_section_split').map((row) => row.changes),
    ) as Row;
    const box = batch.find((row) => row.table_name === 'curation_corebox' && row.action === 'create');
    expect(box?.changes).toMatchObject({ corebox: '007', hole_id: hole.id });
    expect(splitChanges).toMatchObject({ corebox_name: [null, '007'], corebox_id: [null, box?.record_id] });
  });

  it('a sample series is one batch: a creation per sample', async () => {
    const { split } = await newSplit();
    await send('POST', `/report/CreateSampleSeries?form=split&id=${String(split.id)}`, {
      confirmed: true,
      top: 5,
      length: 5,
      interval: 10,
      count: 3,
      material: 'core',
    });
    const samples = await drilling.app.inject({
      method: 'GET',
      url: `/api/v1/form?name=sample&filter[section_split_id]=${String(split.id)}&sort=top`,
      headers: drilling.admin,
    });
    const created = samples.json<{ items: Row[] }>().items;
    expect(created.map((sample) => sample.top)).toEqual([5, 15, 25]);
    const creations = await Promise.all(
      created.map(async (sample) => (await rows({ table: 'curation_sample', id: sample.id }))[0]),
    );
    expect(creations.map((row) => row.action)).toEqual(['create', 'create', 'create']);
    expect(new Set(creations.map((row) => row.batch_id)).size).toBe(1);
    expect(creations[0].batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(creations[0].route).toBe('POST /report/:name');
  });

  it("a user's roles and permissions changed, and the user deleted, are versions without the password hash", async () => {
    const user = await send('POST', '/api/v1/users', {
      username: 'paths-user',
      email: 'paths-user@example.org',
      password: 'a-long-password',
      roles: [],
    });
    await send('PUT', `/api/v1/users/${String(user.id)}`, {
      roles: ['operator'],
      permissions: ['form-site:view'],
      password: 'another-long-password',
    });
    const changed = await last('users', user.id);
    expect(changed).toMatchObject({ action: 'update', route: 'PUT /api/v1/users/:id' });
    expect(changed.changes).toMatchObject({ roles: ['[]', '["operator"]'], permissions: ['[]', '["form-site:view"]'] });
    expect(Object.keys(changed.changes)).not.toContain('password_hash');
    await send('DELETE', `/api/v1/users/${String(user.id)}`);
    const deleted = await last('users', user.id);
    expect(deleted).toMatchObject({ action: 'delete', changes: { username: 'paths-user' } });
    expect(Object.keys(deleted.changes)).not.toContain('password_hash');
  });

  it("a value-list item's change and deletion are versions", async () => {
    const item = await send('POST', '/api/v1/list-values', { listname: 'PATHS_LIST', display: 'P', remark: 'first' });
    await send('PUT', `/api/v1/list-values/${String(item.id)}`, { remark: 'second' });
    expect(await last('value_list_items', item.id)).toMatchObject({
      action: 'update',
      changes: { remark: ['first', 'second'] },
      route: 'PUT /api/v1/list-values/:id',
    });
    await send('DELETE', `/api/v1/list-values/${String(item.id)}`);
    expect(await last('value_list_items', item.id)).toMatchObject({ action: 'delete', changes: { display: 'P' } });
  });

  it("a file's assignment, unassignment and deletion are versions of the file", async () => {
    const body = multipart(uploadParts('paths.jpg', Buffer.from('not really a jpeg')));
    const upload = await drilling.app.inject({
      method: 'POST',
      url: '/api/v1/file/upload',
      payload: body.payload,
      headers: { ...drilling.admin, ...body.headers },
    });
    const fileId = upload.json<{ items: Row[] }>().items[0].id;
    await send('POST', '/api/v1/file/assign', { ids: [fileId], type: 'PH', hole_id: hole.id });
    const assigned = await last('archive_file', fileId);
    expect(assigned).toMatchObject({ action: 'update', route: 'POST /api/v1/file/assign' });
    expect(assigned.changes.hole_id).toEqual([null, hole.id]);
    await send('PUT', `/api/v1/file/unassign/${String(fileId)}`);
    const unassigned = await last('archive_file', fileId);
    expect(unassigned).toMatchObject({ action: 'update', route: 'PUT /api/v1/file/unassign/:id' });
    expect(unassigned.changes.hole_id).toEqual([hole.id, null]);
    await send('POST', '/api/v1/file/delete', { ids: [fileId] });
    expect(await last('archive_file', fileId)).toMatchObject({ action: 'delete', route: 'POST /api/v1/file/delete' });
  });

  it('an import is one batch: a creation per imported row', async () => {
    const { split } = await newSplit();
    const csv = `Section Split ID,top,Sample Length [cm]\r\n${String(split.id)},30,5\r\n${String(split.id)},40,5\r\n`;
    const response = await commitCsvImport(drilling, 'sample', csv);
    const { batchId } = response.json<{ batchId: string }>();
    const creations = (await rows({ batch: batchId })).filter((row) => row.action === 'create');
    expect(creations.map((row) => [row.table_name, row.changes.top])).toEqual([
      ['curation_sample', 30],
      ['curation_sample', 40],
    ]);
  });
});
