import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp, saveAndSync } from './records-helpers';
import { SAMPLE, TAG_WITH_SAMPLES, simpleModel } from './records-relations-models';

type Row = Record<string, unknown>;

// Many-to-many links live in join tables, not in the record's row: their changes are versions of
// both linked records all the same (issue 21), written in the same batch as the record's write.
describe.each(DIALECTS)('record history of m:n links (%s)', (dialect) => {
  let t: RecordsTestApp;
  const tags: number[] = [];
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) =>
    t.app.inject({ method, url, headers: t.admin, ...(payload ? { payload } : {}) });
  const timeline = async (model: string, id: unknown) => {
    const response = await send('GET', `/api/v1/history?model=${model}&id=${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  };
  const linkEntries = (items: Row[]) =>
    items
      .filter((entry) => entry.action === 'link' || entry.action === 'unlink')
      .map((entry) => ({ action: entry.action, changes: entry.changes, batchId: entry.batchId }));

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    for (const name of ['Tag', 'Box', 'Shelf']) await saveAndSync(t.db, dialect, simpleModel(name));
    await saveAndSync(t.db, dialect, SAMPLE);
    await saveAndSync(t.db, dialect, TAG_WITH_SAMPLES);
    for (const name of ['red', 'green', 'blue']) {
      tags.push(Number((await createRecord(t, '/api/v1/global?name=TestTag', { name })).id));
    }
  });
  afterAll(() => t.close());

  it("a record's links are versions of it, with the partner's display, in the write's batch", async () => {
    const sample = await createRecord(t, '/api/v1/global?name=TestSample', {
      name: 'S1',
      test_tag_ids_nm: [tags[0], tags[1]],
    });
    const created = await timeline('TestSample', sample.id);
    const creation = created.find((entry) => entry.action === 'create') as Row;
    expect(linkEntries(created)).toEqual(
      expect.arrayContaining([
        { action: 'link', changes: { test_tag_ids_nm: { id: tags[0], display: 'red' } }, batchId: creation.batchId },
        { action: 'link', changes: { test_tag_ids_nm: { id: tags[1], display: 'green' } }, batchId: creation.batchId },
      ]),
    );
    expect(linkEntries(created)).toHaveLength(2);

    // Only what changed: green stays linked and is neither unlinked nor linked again.
    const update = await send('PUT', `/api/v1/global/${String(sample.id)}?name=TestSample`, {
      test_tag_ids_nm: [tags[1], tags[2]],
    });
    expect(update.statusCode, update.body).toBe(200);
    const updated = linkEntries(await timeline('TestSample', sample.id)).slice(0, -2);
    expect(updated.map(({ action, changes }) => ({ action, changes }))).toEqual(
      expect.arrayContaining([
        { action: 'unlink', changes: { test_tag_ids_nm: { id: tags[0], display: 'red' } } },
        { action: 'link', changes: { test_tag_ids_nm: { id: tags[2], display: 'blue' } } },
      ]),
    );
    expect(updated).toHaveLength(2);

    // The partner's timeline tells the same link from its side.
    expect(linkEntries(await timeline('TestTag', tags[2]))).toEqual([
      {
        action: 'link',
        changes: { test_sample_ids_nm: { id: sample.id, display: 'S1' } },
        batchId: expect.any(String) as unknown,
      },
    ]);
  });

  it('a write that fails leaves no link version', async () => {
    const sample = await createRecord(t, '/api/v1/global?name=TestSample', { name: 'S2' });
    const refused = await send('PUT', `/api/v1/global/${String(sample.id)}?name=TestSample`, {
      name: null,
      test_tag_ids_nm: [tags[0]],
    });
    expect(refused.statusCode).toBe(422);
    expect(linkEntries(await timeline('TestSample', sample.id))).toEqual([]);
  });

  it('a deleted record is restored with its links to the partners that still exist', async () => {
    const extra = Number((await createRecord(t, '/api/v1/global?name=TestTag', { name: 'gone' })).id);
    const sample = await createRecord(t, '/api/v1/global?name=TestSample', {
      name: 'S3',
      test_tag_ids_nm: [tags[0], tags[2], extra],
    });
    expect((await send('DELETE', `/api/v1/global/${String(sample.id)}?name=TestSample`)).statusCode).toBe(204);
    const afterDelete = await timeline('TestSample', sample.id);
    expect(afterDelete.filter((entry) => entry.action === 'unlink')).toHaveLength(3);
    expect(linkEntries(await timeline('TestTag', tags[0]))[0]).toMatchObject({
      action: 'unlink',
      changes: { test_sample_ids_nm: { id: sample.id, display: 'S3' } },
    });
    expect((await send('DELETE', `/api/v1/global/${String(extra)}?name=TestTag`)).statusCode).toBe(204);

    const deletion = afterDelete.find((entry) => entry.action === 'delete') as Row;
    const restored = await send('POST', `/api/v1/history/${String(deletion.id)}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Row>()).toMatchObject({ id: sample.id, name: 'S3', test_tag_ids_nm: [tags[0], tags[2]] });
  });

  it("restoring a version puts the record's links back as they were then", async () => {
    const sample = await createRecord(t, '/api/v1/global?name=TestSample', { name: 'S4', test_tag_ids_nm: [tags[0]] });
    const update = await send('PUT', `/api/v1/global/${String(sample.id)}?name=TestSample`, {
      name: 'S4b',
      test_tag_ids_nm: [tags[1], tags[2]],
    });
    expect(update.statusCode, update.body).toBe(200);
    const creation = (await timeline('TestSample', sample.id)).find((entry) => entry.action === 'create') as Row;
    const restored = await send('POST', `/api/v1/history/${String(creation.id)}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Row>()).toMatchObject({ name: 'S4', test_tag_ids_nm: [tags[0]] });
  });
});
