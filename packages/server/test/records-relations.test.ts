import { parseFormTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableExists } from '../src/engine/schema-sync';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp, saveAndSync } from './records-helpers';
import { SAMPLE, SAMPLE_FORM, TAG_WITH_SAMPLES, simpleModel } from './records-relations-models';

type Rec = Record<string, unknown>;

describe.each(DIALECTS)('record relation values (%s)', (dialect) => {
  let t: RecordsTestApp;
  const url = '/api/v1/global?name=TestSample';
  const one = (recordId: unknown) => `/api/v1/global/${String(recordId)}?name=TestSample`;
  const tags: number[] = [];
  const boxes: number[] = [];
  const shelves: number[] = [];
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Rec) =>
    t.app.inject({ method, url: path, headers: t.admin, ...(payload ? { payload } : {}) });
  const links = async (table: string, sampleId: unknown) => {
    const { rows } = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE test_sample_id = ${Number(sampleId)}`.execute(t.db);
    return Number(rows[0]?.n);
  };
  const count = async (table: string) => {
    const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(t.db);
    return Number(rows[0]?.n);
  };

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    for (const name of ['Tag', 'Box', 'Shelf']) await saveAndSync(t.db, dialect, simpleModel(name));
    await saveAndSync(t.db, dialect, SAMPLE);
    await createTemplateStore(t.db).saveForm(parseFormTemplate(SAMPLE_FORM));
    for (const [name, ids] of [
      ['TestTag', tags],
      ['TestBox', boxes],
      ['TestShelf', shelves],
    ] as const) {
      for (const label of ['a', 'b', 'c']) {
        const created = await createRecord(t, `/api/v1/global?name=${name}`, { name: label });
        ids.push(Number(created.id));
      }
    }
  });
  afterAll(async () => t.close());

  it('round-trips m:n ids (or {id} objects) and 1n ids (scalar or {id}) on POST, GET and list', async () => {
    const created = await createRecord(t, url, {
      name: 'S1',
      test_tag_ids_nm: [tags[2], { id: tags[0] }],
      test_box_ids_nm: [{ id: boxes[1] }],
      test_box_name_ids_1n: { id: boxes[0] },
      test_shelf_name_ids_1n: shelves[1],
    });
    const expected = {
      name: 'S1',
      test_tag_ids_nm: [tags[0], tags[2]],
      test_box_ids_nm: [boxes[1]],
      test_box_name_ids_1n: boxes[0],
      test_shelf_name_ids_1n: shelves[1],
    };
    expect(created).toMatchObject(expected);
    expect((await inject('GET', one(created.id))).json()).toMatchObject(expected);
    const listed = (await inject('GET', `${url}&per-page=-1`)).json<{ items: Rec[] }>();
    expect(listed.items.find((item) => item.id === created.id)).toMatchObject(expected);
    const stored = await sql<Rec>`SELECT box_id FROM test_sample WHERE id = ${Number(created.id)}`.execute(t.db);
    expect(Number(stored.rows[0]?.box_id)).toBe(boxes[0]);
  });

  it('answers empty arrays and nulls for a record without relation values', async () => {
    const created = await createRecord(t, url, { name: 'S2' });
    expect(created).toMatchObject({
      test_tag_ids_nm: [],
      test_box_ids_nm: [],
      test_box_name_ids_1n: null,
      test_shelf_name_ids_1n: null,
    });
  });

  it('replaces the links on PUT and leaves them unchanged when the key is absent', async () => {
    const created = await createRecord(t, url, {
      name: 'S3',
      test_tag_ids_nm: [tags[0], tags[1]],
      test_box_ids_nm: [boxes[0]],
    });
    const replaced = await inject('PUT', one(created.id), {
      test_tag_ids_nm: [{ id: tags[2] }],
      test_box_name_ids_1n: boxes[2],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      test_tag_ids_nm: [tags[2]],
      test_box_ids_nm: [boxes[0]],
      test_box_name_ids_1n: boxes[2],
    });
    const renamed = await inject('PUT', one(created.id), { name: 'S3b' });
    expect(renamed.json()).toMatchObject({
      name: 'S3b',
      test_tag_ids_nm: [tags[2]],
      test_box_ids_nm: [boxes[0]],
      test_box_name_ids_1n: boxes[2],
    });
    const cleared = await inject('PUT', one(created.id), { test_box_ids_nm: [], test_box_name_ids_1n: null });
    expect(cleared.json()).toMatchObject({
      test_tag_ids_nm: [tags[2]],
      test_box_ids_nm: [],
      test_box_name_ids_1n: null,
    });
    expect(await links('test_sample_test_box', created.id)).toBe(0);
  });

  it('refuses unknown related ids with 422 on the field and writes nothing', async () => {
    const before = await count('test_sample');
    const response = await inject('POST', url, {
      name: 'S4',
      test_tag_ids_nm: [tags[0], 999999],
      test_box_name_ids_1n: 999999,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      { field: 'test_tag_ids_nm', message: 'Tags is invalid.' },
      { field: 'test_box_name_ids_1n', message: 'Box is invalid.' },
    ]);
    expect(await count('test_sample')).toBe(before);

    const created = await createRecord(t, url, { name: 'S5', test_tag_ids_nm: [tags[1]] });
    const update = await inject('PUT', one(created.id), { name: 'S5b', test_tag_ids_nm: [tags[0], 999999] });
    expect(update.statusCode).toBe(422);
    expect((await inject('GET', one(created.id))).json()).toMatchObject({ name: 'S5', test_tag_ids_nm: [tags[1]] });
  });

  it('refuses malformed relation values: 422 "{label} is invalid."', async () => {
    for (const payload of [{ test_tag_ids_nm: 'x' }, { test_tag_ids_nm: [1.5] }, { test_shelf_name_ids_1n: 'abc' }]) {
      const response = await inject('POST', url, { name: 'S6', ...payload });
      expect(response.statusCode).toBe(422);
      const [field] = Object.keys(payload);
      expect(response.json()).toEqual([
        { field, message: field === 'test_tag_ids_nm' ? 'Tags is invalid.' : 'Shelf is invalid.' },
      ]);
    }
  });

  it('uses the form field label and writes only relation fields of the form', async () => {
    const response = await inject('POST', '/api/v1/form?name=sample', { name: 'F1', test_tag_ids_nm: [999999] });
    expect(response.json()).toEqual([{ field: 'test_tag_ids_nm', message: 'Tag list is invalid.' }]);
    const created = await inject('POST', '/api/v1/form?name=sample', {
      name: 'F1',
      test_tag_ids_nm: [tags[1]],
      test_box_ids_nm: [boxes[1]],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ test_tag_ids_nm: [tags[1]], test_box_ids_nm: [] });
  });

  it('removes the links when the record is deleted (join rows cascade)', async () => {
    const created = await createRecord(t, url, {
      name: 'S7',
      test_tag_ids_nm: [tags[0], tags[1]],
      test_box_ids_nm: [boxes[2]],
    });
    expect(await links('test_sample_test_tag', created.id)).toBe(2);
    expect((await inject('DELETE', one(created.id))).statusCode).toBe(204);
    expect(await links('test_sample_test_tag', created.id)).toBe(0);
    expect(await links('test_sample_test_box', created.id)).toBe(0);
  });

  it('refuses to delete a record a 1n column points at: 409', async () => {
    await createRecord(t, url, { name: 'S8', test_shelf_name_ids_1n: shelves[2] });
    const response = await inject('DELETE', `/api/v1/global/${String(shelves[2])}?name=TestShelf`);
    expect(response.statusCode).toBe(409);
  });

  it('filters and sorts on a 1n column, and reads m:n values named in fields', async () => {
    const filtered = (await inject('GET', `${url}&filter[test_box_name_ids_1n]==${String(boxes[0])}`)).json<{
      items: Rec[];
    }>();
    expect(filtered.items.map((i) => i.name)).toEqual(['S1']);
    const sorted = (await inject('GET', `${url}&sort=-test_shelf_name_ids_1n,id&per-page=2`)).json<{ items: Rec[] }>();
    expect(sorted.items.map((i) => [i.name, i.test_shelf_name_ids_1n])).toEqual([
      ['S8', shelves[2]],
      ['S1', shelves[1]],
    ]);
    const fields = (await inject('GET', `${url}&fields=name,test_tag_ids_nm&sort=id`)).json<{ items: Rec[] }>();
    expect(Object.keys(fields.items[0] ?? {}).sort()).toEqual(['id', 'name', 'test_tag_ids_nm']);
    expect(fields.items[0]).toMatchObject({ name: 'S1', test_tag_ids_nm: [tags[0], tags[2]] });
  });

  it('reads the m:n values of a whole page with one query per m:n column, whatever the page size', async () => {
    for (let i = 0; i < 6; i += 1)
      await createRecord(t, url, { name: `P${String(i)}`, test_tag_ids_nm: [tags[i % 3]] });
    const counts = [];
    for (const q of ['per-page=-1', 'per-page=2&page=2', 'per-page=5']) {
      t.queries.length = 0;
      const response = await inject('GET', `${url}&${q}`);
      expect(response.statusCode).toBe(200);
      // The count (of the table, or of an unfiltered list its row counter) and the page.
      expect(t.queries.filter((s) => /from "test_sample" as r|from record_counts/i.test(s))).toHaveLength(2);
      expect(t.queries.filter((s) => /from "test_sample_test_tag"/i.test(s))).toHaveLength(1);
      expect(t.queries.filter((s) => /from "test_sample_test_box"/i.test(s))).toHaveLength(1);
      counts.push(t.queries.length);
    }
    expect(new Set(counts).size).toBe(1);
  });

  it('reads and writes the same links from the opposite side (the join table created by the sample)', async () => {
    await saveAndSync(t.db, dialect, TAG_WITH_SAMPLES);
    expect(await tableExists(t.db, dialect, 'test_tag_test_sample')).toBe(false);
    const tagUrl = (tagId: unknown) => `/api/v1/global/${String(tagId)}?name=TestTag`;
    const sample = await createRecord(t, url, { name: 'O1', test_tag_ids_nm: [tags[1]] });
    expect((await inject('GET', tagUrl(tags[1]))).json<Rec>().test_sample_ids_nm).toContain(sample.id);
    const put = await inject('PUT', tagUrl(tags[2]), { test_sample_ids_nm: [{ id: sample.id }] });
    expect(put.json()).toMatchObject({ test_sample_ids_nm: [sample.id] });
    expect((await inject('GET', one(sample.id))).json()).toMatchObject({ test_tag_ids_nm: [tags[1], tags[2]] });
  });
});
