import { parseFormTemplate } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { multipart } from './files-fixture';
import { type RecordsTestApp, createRecord, createRecordsApp, saveAndSync } from './records-helpers';
import { SAMPLE, simpleModel } from './records-relations-models';

// Issue 20 item 4: what the import promised and nothing tested yet. A header found through the
// template's `importSource`, many-to-many cells of `;`-separated keys, a person named by acronym
// (a select over another model's text field, as the files form's curator), and the upload limit.
type Row = Record<string, unknown>;

const stamps = { createdAt: 1600000000, modifiedAt: 1600000000, generatedAt: null };
const PERSON = {
  ...simpleModel('Person'),
  columns: {
    ...simpleModel('Person').columns,
    person_acronym: { name: 'person_acronym', type: 'string', size: 10, label: 'Acronym' },
  },
};
const IMPORTED = {
  ...SAMPLE,
  columns: {
    ...SAMPLE.columns,
    // the original's importer kept other names a column goes by in the template
    name: { ...SAMPLE.columns.name, importSource: 'Probe, Sample designation' },
    curator_id: { name: 'curator_id', type: 'integer', label: 'Curator' },
  },
  relations: {
    ...SAMPLE.relations,
    test_sample__test_person__curator_id__1n: {
      name: 'test_sample__test_person__curator_id__1n',
      relationType: '1n',
      foreignTable: 'test_person',
      localColumns: ['curator_id'],
      foreignColumns: ['id'],
      displayColumns: ['person_acronym'],
    },
  },
};
const field = (name: string, label: string, formInput: Row, order: number) => ({
  name,
  label,
  validators: [],
  formInput,
  group: '-g',
  order,
});
const IMPORT_FORM = {
  name: 'sample',
  dataModel: 'TestSample',
  fields: [
    field('name', 'Sample', { type: 'text' }, 0),
    field(
      'test_tag_ids_nm',
      'Tag list',
      { type: 'select', multiple: true, selectSource: { type: 'many_relation', model: 'TestTag' } },
      1,
    ),
    field(
      'curator_id',
      'Curator',
      {
        type: 'select',
        selectSource: { type: 'api', model: 'TestPerson', textField: 'person_acronym', valueField: 'id' },
      },
      2,
    ),
  ],
  filterDataModels: {},
  requiredFilters: [],
  ...stamps,
};

describe.each(DIALECTS)('import keys and limits (%s)', (dialect) => {
  let t: RecordsTestApp;
  const tags: number[] = [];
  const people: Record<string, number> = {};

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    for (const model of [simpleModel('Tag'), simpleModel('Box'), simpleModel('Shelf'), PERSON, IMPORTED])
      await saveAndSync(t.db, dialect, model);
    await createTemplateStore(t.db).saveForm(parseFormTemplate(IMPORT_FORM));
    for (const name of ['a', 'b', 'c'])
      tags.push(Number((await createRecord(t, '/api/v1/global?name=TestTag', { name })).id));
    for (const acronym of ['AM', 'BK'])
      people[acronym] = Number(
        (await createRecord(t, '/api/v1/global?name=TestPerson', { name: acronym, person_acronym: acronym })).id,
      );
  }, 120_000);
  afterAll(() => t.close());

  const post = (app: FastifyInstance, path: string, csv: string, mode = 'insert') => {
    const body = multipart([
      { name: 'form', value: 'sample' },
      { name: 'mode', value: mode },
      { name: 'file', filename: 'samples.csv', type: 'text/csv', data: Buffer.from(csv) },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/v1/import/${path}`,
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
  };
  const samples = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/global?name=TestSample&per-page=-1&sort=id',
      headers: t.admin,
    });
    return response.json<{ items: Row[] }>().items;
  };

  it("maps a header through the template's importSource, case and spacing aside", async () => {
    const response = await post(t.app, 'preview', 'SAMPLE DESIGNATION,Tag list\nS-1,\n');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Row>().mapping).toEqual([
      { header: 'SAMPLE DESIGNATION', column: 'name', matchedBy: 'importSource' },
      { header: 'Tag list', column: 'test_tag_ids_nm', matchedBy: 'label' },
    ]);
  });

  it('links many-to-many records from `;`-separated keys and names the key that matches nothing', async () => {
    const [a, b, c] = tags.map(String);
    const bad = await post(t.app, 'preview', `Probe,Tag list\nS-2,${a}; ${c}\nS-3,${b};999999\n`);
    expect(bad.json<{ errors: Row[] }>().errors).toEqual([
      {
        row: 2,
        column: 'test_tag_ids_nm',
        header: 'Tag list',
        value: `${b};999999`,
        message: "Tag list: no record has the key '999999'.",
      },
    ]);
    const committed = await post(t.app, 'commit', `Probe,Tag list\nS-2,${a}; ${c}\nS-3,${b}\n`);
    expect(committed.statusCode, committed.body).toBe(200);
    const stored = (await samples()).filter((s) => s.name === 'S-2' || s.name === 'S-3');
    expect(stored.map((s) => s.test_tag_ids_nm)).toEqual([[tags[0], tags[2]], [tags[1]]]);
  });

  it('undoes the links an upsert changed: the record has its links from before the import again', async () => {
    const [a, b, c] = tags;
    const created = await createRecord(t, '/api/v1/global?name=TestSample', { name: 'S-9', test_tag_ids_nm: [a] });
    const linksOf = async () => (await samples()).find((s) => s.id === created.id)?.test_tag_ids_nm;
    const committed = await post(
      t.app,
      'commit',
      `id,Probe,Tag list\n${String(created.id)},S-9,${String(b)};${String(c)}\n`,
      'upsert',
    );
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json<{ counts: Row }>().counts).toMatchObject({ updated: 1 });
    expect(await linksOf()).toEqual([b, c]);
    const { batchId } = committed.json<{ batchId: string }>();
    const undone = await t.app.inject({ method: 'POST', url: `/api/v1/import/${batchId}/undo`, headers: t.admin });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await linksOf()).toEqual([a]);
  });

  it("finds a person by acronym (the select's text field), and says which acronym is unknown", async () => {
    const bad = await post(t.app, 'preview', 'Probe,Curator\nS-4,ZZ\n');
    expect(bad.json<{ errors: Row[] }>().errors).toEqual([
      { row: 1, column: 'curator_id', header: 'Curator', value: 'ZZ', message: "Curator: no record has the key 'ZZ'." },
    ]);
    const committed = await post(t.app, 'commit', 'Probe,Curator\nS-4,BK\nS-5,AM\n');
    expect(committed.statusCode, committed.body).toBe(200);
    const stored = (await samples()).filter((s) => s.name === 'S-4' || s.name === 'S-5');
    expect(stored.map((s) => s.curator_id)).toEqual([people.BK, people.AM]);
  });

  it('refuses a file over the upload limit with 413 and writes nothing', async () => {
    const small = await buildApp(testConfig({ database: t.databaseConfig, dataDir: t.dataDir, uploadMaxBytes: 1024 }));
    try {
      const before = await samples();
      const rows = Array.from({ length: 200 }, (_, i) => `big-${String(i)},`).join('\n');
      for (const path of ['preview', 'commit']) {
        const response = await post(small, path, `Probe,Tag list\n${rows}\n`);
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json()).toMatchObject({
          status: 413,
          message: expect.stringMatching(/^The file 'samples\.csv' is too large: files may have at most/) as unknown,
        });
      }
      expect(await samples()).toHaveLength(before.length);
    } finally {
      await small.close();
    }
  });
});
