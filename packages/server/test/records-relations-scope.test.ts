import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, saveAndSync, seedChain } from './records-helpers';

// Limited access reaches through relations: a user limited to records under 5065_1 should not be able
// to link a site of another expedition to its own record, nor point a one_to_many value at one.

const id = { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' };
const NOTE = {
  module: 'Test',
  name: 'Note',
  table: 'test_note',
  fullName: 'TestNote',
  parentModel: null,
  columns: {
    id,
    text: { name: 'text', type: 'string', size: 50, label: 'Text' },
    project_site_ids_nm: {
      name: 'project_site_ids_nm',
      type: 'many_to_many',
      relatedTable: 'project_site',
      displayColumn: 'site',
      label: 'Sites',
    },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {
    test_note__project_site__project_site_ids_nm__nm: {
      name: 'test_note__project_site__project_site_ids_nm__nm',
      relationType: 'nm',
      relatedTable: 'project_site',
      foreignTable: null,
      localColumns: ['project_site_ids_nm'],
      foreignColumns: null,
      displayColumns: ['site'],
    },
  },
  behaviors: [],
  createdAt: 1600000000,
  modifiedAt: 1600000000,
  generatedAt: null,
};

describe.each(DIALECTS)('limited access through relations (%s)', (dialect) => {
  let t: RecordsTestApp;
  let chain: Awaited<ReturnType<typeof seedChain>>;
  let limited: Record<string, string>;
  const url = '/api/v1/global?name=TestNote';

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await saveAndSync(t.db, dialect, NOTE);
    chain = await seedChain(t);
    limited = await t.signIn({ roles: [], permissions: ['records:5065_1:edit'] });
  });
  afterAll(() => t.close());

  it('links records inside the prefix', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: limited,
      payload: { text: 'ok', project_site_ids_nm: [chain.s1.id] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ project_site_ids_nm: [chain.s1.id] });
  });

  it('should not link a record outside the prefix: 403 and nothing written', async () => {
    const before = await t.app.inject({ method: 'GET', url: `${url}&per-page=-1`, headers: t.admin });
    const count = before.json<{ items: unknown[] }>().items.length;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: limited,
      payload: { text: 'sneaky', project_site_ids_nm: [chain.s1.id, chain.s2.id] },
    });
    expect(refused.statusCode).toBe(403);
    const after = await t.app.inject({ method: 'GET', url: `${url}&per-page=-1`, headers: t.admin });
    expect(after.json<{ items: unknown[] }>().items).toHaveLength(count);
  });

  it('should not add such a link on update either', async () => {
    const { id: noteId } = (
      await t.app.inject({ method: 'POST', url, headers: limited, payload: { text: 'mine' } })
    ).json<{ id: number }>();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/global/${String(noteId)}?name=TestNote`,
      headers: limited,
      payload: { project_site_ids_nm: [chain.s2.id] },
    });
    expect(refused.statusCode).toBe(403);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/global/${String(noteId)}?name=TestNote`,
      headers: t.admin,
    });
    expect(stored.json()).toMatchObject({ project_site_ids_nm: [] });
  });

  it('lets an unrestricted user link any record', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: t.admin,
      payload: { text: 'admin', project_site_ids_nm: [chain.s2.id] },
    });
    expect(created.statusCode).toBe(201);
  });
});
