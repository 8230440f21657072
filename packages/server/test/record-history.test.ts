import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/infra/db/database';
import { DELETED_SEARCH_COLUMNS, deletedSearchIndexName } from '../src/infra/db/history-search';
import { createHistoryRepository } from '../src/modules/history/history.repository';
import { pruneHistory } from '../src/modules/history/history-retention';
import { multipart, uploadParts } from './files-fixture';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';

type Row = Record<string, unknown>;

describe.each(DIALECTS)('record history (%s)', (dialect) => {
  let drilling: DrillingApp;
  let hole: Row;
  let expedition: Row;

  beforeAll(async () => {
    drilling = await startDrillingApp(dialect);
    ({ hole, expedition } = await createHoleChain((form, payload) => drilling.create(form, payload)));
  });
  afterAll(() => drilling.close());

  const historyOf = (table: string, id: unknown) =>
    drilling.database.db
      .selectFrom('record_history')
      .selectAll()
      .where('table_name', '=', table)
      .where('record_id', '=', Number(id))
      .orderBy('id')
      .execute();

  it('a create through the form writes a history row with the author, route and batch', async () => {
    const rows = await historyOf('project_hole', hole.id);
    const [row, igsn] = rows;
    expect(row).toMatchObject({ action: 'create', route: 'POST /api/v1/form' });
    expect(row.user_name).toMatch(/^user\d+$/);
    expect(row.user_id).toBeGreaterThan(0);
    expect(row.batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(row.changes)).toMatchObject({ id: hole.id, hole: 'A' });
    expect(row.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The IGSN behavior writes the new code after the insert: its own row, in the same batch.
    expect(igsn).toMatchObject({ action: 'update', batch_id: row.batch_id });
    expect(JSON.parse(igsn.changes)).toEqual({ igsn: [null, expect.stringMatching(/^ICDP/)] });
  });

  it('an update records only the changed fields, before and after', async () => {
    const response = await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(hole.id)}?name=hole`,
      headers: drilling.admin,
      payload: { comment: 'logged twice' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await historyOf('project_hole', hole.id);
    const update = rows.at(-1);
    const changes = JSON.parse(update?.changes ?? '{}') as Row;
    expect(changes.comment).toEqual([null, 'logged twice']);
    expect(Object.keys(changes)).not.toContain('hole');
    expect(update?.route).toBe('PUT /api/v1/form/:id');
  });

  it('a write that fails validation leaves no history row', async () => {
    const before = await historyOf('project_hole', hole.id);
    const response = await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(hole.id)}?name=hole`,
      headers: drilling.admin,
      payload: { site_id: 999999 },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await historyOf('project_hole', hole.id)).toEqual(before);
  });

  const get = (url: string, headers = drilling.admin) => drilling.app.inject({ method: 'GET', url, headers });

  it("GET api/v1/history lists the record's versions newest first, values as the API shows them", async () => {
    const response = await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ items: Row[]; _meta: Row }>();
    expect(body._meta).toMatchObject({ totalCount: 3, currentPage: 1, perPage: 20, pageCount: 1 });
    expect(body.items.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(body.items[0]).toMatchObject({
      model: 'ProjectHole',
      recordId: hole.id,
      changes: { comment: [null, 'logged twice'] },
      route: 'PUT /api/v1/form/:id',
    });
    // Multi-value columns come back as arrays, as the records API shows them.
    expect((body.items[2].changes as Row).drilling_method).toEqual([]);
  });

  it('restores a field to an earlier version through the pipeline; the restore is a version itself', async () => {
    const list = (await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`)).json<{ items: Row[] }>();
    const creation = list.items.at(-1) as Row;
    const response = await drilling.app.inject({
      method: 'POST',
      url: `/api/v1/history/${String(creation.id)}/restore`,
      headers: drilling.admin,
      payload: { fields: ['comment'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Row>()).toMatchObject({ id: hole.id, comment: null, hole: 'A' });
    const after = (await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`)).json<{ items: Row[] }>();
    expect(after.items[0]).toMatchObject({ action: 'update', changes: { comment: ['logged twice', null] } });
    expect(after.items[0].route).toBe('POST /api/v1/history/:id/restore');
    const again = await drilling.app.inject({
      method: 'POST',
      url: `/api/v1/history/${String(creation.id)}/restore`,
      headers: drilling.admin,
      payload: { fields: ['comment'] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<Row>().message).toBe('The record already has these values.');
  });

  it('restores the value a change replaced (to: before)', async () => {
    const rename = await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(hole.id)}?name=hole`,
      headers: drilling.admin,
      payload: { hole_name: 'first' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(hole.id)}?name=hole`,
      headers: drilling.admin,
      payload: { hole_name: 'second' },
    });
    const list = (await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`)).json<{ items: Row[] }>();
    const first = list.items[1];
    expect(first.changes).toEqual({ hole_name: [null, 'first'] });
    const restore = (to: string) =>
      drilling.app.inject({
        method: 'POST',
        url: `/api/v1/history/${String(first.id)}/restore`,
        headers: drilling.admin,
        payload: { fields: ['hole_name'], to },
      });
    const toFirst = await restore('after');
    expect(toFirst.json<Row>().hole_name).toBe('first');
    const beforeFirst = await restore('before');
    expect(beforeFirst.statusCode, beforeFirst.body).toBe(200);
    expect(beforeFirst.json<Row>().hole_name).toBeNull();
    const creation = list.items.at(-1) as Row;
    const none = await drilling.app.inject({
      method: 'POST',
      url: `/api/v1/history/${String(creation.id)}/restore`,
      headers: drilling.admin,
      payload: { to: 'before' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json<Row>().message).toBe('Only a change has a previous version.');
  });

  it('a restore the pipeline refuses says why and changes nothing', async () => {
    const site = await drilling.create('site', { expedition_id: expedition.id, site: '2' });
    // The site's number is changed to one its expedition already has: restoring the first version
    // then collides with site 1 (unique per expedition) and is refused by the pipeline.
    const rename = await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(site.id)}?name=site`,
      headers: drilling.admin,
      payload: { site: '3' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const blocker = await drilling.create('site', { expedition_id: expedition.id, site: '2' });
    const list = (await get(`/api/v1/history?model=ProjectSite&id=${String(site.id)}`)).json<{ items: Row[] }>();
    const before = list.items.length;
    const response = await drilling.app.inject({
      method: 'POST',
      url: `/api/v1/history/${String((list.items.at(-1) as Row).id)}/restore`,
      headers: drilling.admin,
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const after = (await get(`/api/v1/history?model=ProjectSite&id=${String(site.id)}`)).json<{ items: Row[] }>();
    expect(after.items).toHaveLength(before);
    expect(blocker.site).toBe('2');
  });

  it('a deleted record keeps its history, with the whole record in the deletion', async () => {
    const site = await drilling.create('site', { expedition_id: expedition.id, site: '9' });
    const removed = await drilling.app.inject({
      method: 'DELETE',
      url: `/api/v1/form/${String(site.id)}?name=site`,
      headers: drilling.admin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const list = (await get(`/api/v1/history?model=ProjectSite&id=${String(site.id)}`)).json<{ items: Row[] }>();
    expect(list.items[0]).toMatchObject({ action: 'delete', changes: { site: '9', combined_id: '5065_9' } });
  });

  it('the audit lists every write, filtered by user, model, action and time, and exports CSV', async () => {
    const audit = await get('/api/v1/audit?model=ProjectHole&action=update&per-page=1');
    expect(audit.statusCode, audit.body).toBe(200);
    const body = audit.json<{ items: Row[]; _meta: Row }>();
    const timeline = (await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`)).json<{ items: Row[] }>();
    const updates = timeline.items.filter((entry) => entry.action === 'update').length;
    expect(body._meta).toMatchObject({ totalCount: updates, perPage: 1, pageCount: updates });
    expect(body.items[0]).toMatchObject({ model: 'ProjectHole', action: 'update' });
    const userId = (body.items[0].user as Row).id as number;
    const mine = await get(`/api/v1/audit?user=${String(userId)}&from=2000-01-01&to=2999-01-01`);
    expect(mine.json<{ _meta: Row }>()._meta.totalCount).toBeGreaterThan(5);
    expect((await get('/api/v1/audit?user=999999')).json<{ items: Row[] }>().items).toEqual([]);
    expect((await get('/api/v1/audit?from=2999-01-01')).json<{ items: Row[] }>().items).toEqual([]);
    expect((await get('/api/v1/audit?from=yesterday')).statusCode).toBe(400);
    const csv = await get('/api/v1/audit/export?model=ProjectHole');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,user id,user,action,model,record id,changes,batch,route,client');
    expect(lines).toHaveLength(1 + timeline.items.length);
  });

  it('writes through the global API and file uploads are versions too', async () => {
    const global = await drilling.app.inject({
      method: 'PUT',
      url: `/api/v1/global/${String(hole.id)}?name=ProjectHole`,
      headers: drilling.admin,
      payload: { comment_identifier: 'via global' },
    });
    expect(global.statusCode, global.body).toBe(200);
    const timeline = (await get(`/api/v1/history?model=ProjectHole&id=${String(hole.id)}`)).json<{ items: Row[] }>();
    expect(timeline.items[0]).toMatchObject({
      route: 'PUT /api/v1/global/:id',
      changes: { comment_identifier: [null, 'via global'] },
    });

    const body = multipart(uploadParts('core-photo.jpg', Buffer.from('not really a jpeg')));
    const upload = await drilling.app.inject({
      method: 'POST',
      url: '/api/v1/file/upload',
      payload: body.payload,
      headers: { ...drilling.admin, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json<{ items: Row[] }>().items[0].id;
    const files = (await get(`/api/v1/history?model=ArchiveFile&id=${String(fileId)}`)).json<{ items: Row[] }>();
    expect(files.items.at(-1)).toMatchObject({ action: 'create', route: 'POST /api/v1/file/upload' });
    expect((files.items.at(-1)?.changes as Row).original_filename ?? JSON.stringify(files.items)).toContain(
      'core-photo',
    );
  });

  it('users and value lists have a history too, never with the password hash', async () => {
    const created = await drilling.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: drilling.admin,
      payload: { username: 'historian', email: 'historian@example.org', password: 'a-long-password', roles: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const users = (await get('/api/v1/audit?model=users')).json<{ items: Row[] }>().items;
    const creation = users.find((entry) => (entry.changes as Row).username === 'historian');
    expect(creation).toMatchObject({ action: 'create', model: 'users' });
    expect(Object.keys(creation?.changes as Row)).not.toContain('password_hash');
    const item = await drilling.app.inject({
      method: 'POST',
      url: '/api/v1/list-values',
      headers: drilling.admin,
      payload: { listname: 'HISTORY_LIST', display: 'H', remark: 'kept' },
    });
    expect(item.statusCode, item.body).toBeLessThan(300);
    const items = (await get('/api/v1/audit?model=value_list_items')).json<{ items: Row[] }>().items;
    expect(items[0]).toMatchObject({ action: 'create', changes: { display: 'H', remark: 'kept' } });
  });

  it("a model template's saves and table builds are in the audit", async () => {
    const templates = (await get('/api/v1/audit?model=templates&per-page=500')).json<{ items: Row[] }>().items;
    expect(templates.some((entry) => entry.action === 'create' && (entry.changes as Row).kind === 'model')).toBe(true);
    const built = templates.find((entry) => entry.action === 'update' && 'applied_version' in (entry.changes as Row));
    expect(built?.changes).toMatchObject({ applied_version: [null, 1] });
    expect(JSON.stringify(templates)).not.toContain('applied_data');
  });

  it('a deleted record is found by id, combined id or IGSN and restored with its old id and files while its parent exists', async () => {
    const site = await drilling.create('site', { expedition_id: expedition.id, site: '7' });
    const gone = await drilling.create('hole', { site_id: site.id, hole: 'B', start_date: '2024-05-03' });
    expect(gone.igsn).toMatch(/^ICDP/);
    const body = multipart(uploadParts('hole-b.jpg', Buffer.from('not really a jpeg')));
    const upload = await drilling.app.inject({
      method: 'POST',
      url: '/api/v1/file/upload',
      payload: body.payload,
      headers: { ...drilling.admin, ...body.headers },
    });
    const fileId = upload.json<{ items: Row[] }>().items[0].id;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) =>
      drilling.app.inject({ method, url, headers: drilling.admin, ...(payload ? { payload } : {}) });
    const assigned = await send('POST', '/api/v1/file/assign', { ids: [fileId], type: 'PH', hole_id: gone.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const assignedName = assigned.json<{ items: Row[] }>().items[0].filename;
    expect((await send('PUT', `/api/v1/file/unassign/${String(fileId)}`)).statusCode).toBe(200);
    for (const [form, row] of [
      ['hole', gone],
      ['site', site],
    ] as const) {
      const removed = await send('DELETE', `/api/v1/form/${String(row.id)}?name=${form}`);
      expect(removed.statusCode, removed.body).toBeLessThan(300);
    }

    const found = async (model: string, q: string) => {
      const response = await get(`/api/v1/history/deleted?model=${model}&q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Row[] }>().items;
    };
    const [byId] = await found('ProjectHole', String(gone.id));
    expect(byId).toMatchObject({ action: 'delete', recordId: gone.id, changes: { hole: 'B', igsn: gone.igsn } });
    expect(await found('ProjectHole', String(gone.igsn).toLowerCase())).toEqual([byId]);
    const [siteDeletion] = await found('ProjectSite', String(site.combined_id));
    expect(siteDeletion).toMatchObject({ action: 'delete', recordId: site.id });
    expect(await found('ProjectSite', 'no-such-record')).toEqual([]);

    const restore = (entry: Row) => send('POST', `/api/v1/history/${String(entry.id)}/restore`);
    const orphan = await restore(byId);
    expect(orphan.statusCode, orphan.body).toBe(409);
    expect(orphan.json<Row>().message).toBe(
      `The record cannot be restored: its parent (ProjectSite ${String(site.id)}) no longer exists. Restore the parent first.`,
    );
    const siteBack = await restore(siteDeletion);
    expect(siteBack.statusCode, siteBack.body).toBe(200);
    expect(siteBack.json<Row>()).toMatchObject({ id: site.id, combined_id: site.combined_id });
    const holeBack = await restore(byId);
    expect(holeBack.statusCode, holeBack.body).toBe(200);
    expect(holeBack.json<Row>()).toMatchObject({ id: gone.id, hole: 'B', igsn: gone.igsn });
    const file = await get(`/api/v1/global/${String(fileId)}?name=ArchiveFile`);
    expect(file.json<Row>()).toMatchObject({ hole_id: gone.id, site_id: site.id, filename: assignedName });

    expect(await found('ProjectHole', String(gone.id))).toEqual([]);
    const again = await restore(siteDeletion);
    expect(again.statusCode).toBe(409);
    expect(again.json<Row>().message).toBe('The record exists again; restore its versions from its own history.');
    const timeline = (await get(`/api/v1/history?model=ProjectHole&id=${String(gone.id)}`)).json<{ items: Row[] }>();
    expect(timeline.items[0]).toMatchObject({ action: 'create', route: 'POST /api/v1/history/:id/restore' });
  });

  it('the deleted-record search reads an index for the id, the combined id and the IGSN, never every deletion', async () => {
    const repository = createHistoryRepository(drilling.database.db, dialect);
    const search = {
      table: 'project_hole',
      recordId: 7,
      columns: DELETED_SEARCH_COLUMNS,
      text: 'ICDP5065EH7',
      limit: 50,
    };
    const statement = repository.deletedQuery(search)?.compile();
    expect(statement).toBeDefined();
    const plan = await drilling.database.db.transaction().execute(async (trx) => {
      // A handful of rows: without this the planner would rightly scan; the question is whether it can use the indexes.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const explain = dialect === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      const { sql: text, parameters } = statement as CompiledQuery;
      const { rows } = await trx.executeQuery(CompiledQuery.raw(`${explain}${text}`, [...parameters]));
      return rows.map((row) => Object.values(row as Row).join(' ')).join('\n');
    });
    // The id's branch may take either index on the table and record; each text's takes its own.
    for (const index of DELETED_SEARCH_COLUMNS.map(deletedSearchIndexName))
      expect(plan, plan).toMatch(
        dialect === 'postgres' ? new RegExp(`Index (Only )?Scan (on|using) ${index}`) : new RegExp(`INDEX ${index}`),
      );
    expect(plan).not.toMatch(dialect === 'postgres' ? /Seq Scan on record_history/ : /SCAN record_history(?! USING)/);
  });
});

describe.each(DIALECTS)('record history retention (%s)', (dialect) => {
  it('removes updates older than the setting, keeps creations and deletions, and runs when the app starts', async () => {
    const drilling = await startDrillingApp(dialect);
    try {
      const { db } = drilling.database;
      const old = (action: 'create' | 'update' | 'delete', at: string) => ({
        at,
        action,
        table_name: 'project_hole',
        record_id: 424242,
        changes: '{}',
      });
      await db
        .insertInto('record_history')
        .values([
          old('create', '2020-01-01T00:00:00.000Z'),
          old('update', '2020-01-02T00:00:00.000Z'),
          old('delete', '2020-01-03T00:00:00.000Z'),
          old('update', new Date().toISOString()),
        ])
        .execute();
      expect(await pruneHistory(db, 30)).toBe(1);
      const left = await db.selectFrom('record_history').select('action').where('record_id', '=', 424242).execute();
      expect(left.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);

      await db.insertInto('record_history').values(old('update', '2020-01-04T00:00:00.000Z')).execute();
      const config = testConfig({ database: drilling.database.config, dataDir: drilling.database.dataDir });
      const app = await buildApp({ ...config, historyKeepDays: 30 }, { database: drilling.database });
      await app.ready();
      await expect
        .poll(
          async () =>
            (await db.selectFrom('record_history').select('id').where('at', '=', '2020-01-04T00:00:00.000Z').execute())
              .length,
        )
        .toBe(0);
      await app.close();
    } finally {
      await drilling.close();
    }
  });

  it('two instances pruning at once remove each old update once, without an error, and keep the rest', async () => {
    const drilling = await startDrillingApp(dialect);
    const second = createDatabase(drilling.database.config);
    try {
      const { db } = drilling.database;
      const row = (action: 'create' | 'update' | 'delete', index: number) => ({
        at: '2020-02-01T00:00:00.000Z',
        action,
        table_name: 'project_hole',
        record_id: 500000 + index,
        changes: '{}',
      });
      const rows = Array.from({ length: 12000 }, (_, index) => row(index % 100 === 0 ? 'delete' : 'update', index));
      for (let start = 0; start < rows.length; start += 1000)
        await db
          .insertInto('record_history')
          .values(rows.slice(start, start + 1000))
          .execute();
      const updates = rows.filter((entry) => entry.action === 'update').length;
      const results = await Promise.allSettled([pruneHistory(db, 30), pruneHistory(second.db, 30)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const removed = results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
      expect(removed).toBe(updates);
      const left = await db.selectFrom('record_history').select('action').where('record_id', '>=', 500000).execute();
      expect(left.map((entry) => entry.action)).toEqual(Array(rows.length - updates).fill('delete'));
    } finally {
      await second.destroy();
      await drilling.close();
    }
  });
});
