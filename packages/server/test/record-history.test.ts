import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';

type Row = Record<string, unknown>;

describe.each(DIALECTS)('record history (%s)', (dialect) => {
  let drilling: DrillingApp;
  let hole: Row;

  beforeAll(async () => {
    drilling = await startDrillingApp(dialect);
    ({ hole } = await createHoleChain((form, payload) => drilling.create(form, payload)));
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
});
