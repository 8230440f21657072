import { readdirSync, readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, CG, createCgApp, type CgTestApp } from './cg-helpers';

type Rec = Record<string, unknown>;
const seedFile = (path: string) => readFileSync(new URL(`../src/seed/templates/${path}`, import.meta.url));

/** A multipart body with the given files, as a browser's FormData sends it. */
function multipart(files: { name: string; type: string; data: Buffer }[]) {
  const boundary = '----mdis-test-boundary';
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)('cg/api duplicate, upload and download (%s)', (dialect) => {
  let t: CgTestApp;
  beforeAll(async () => {
    t = await createCgApp(dialect);
  });
  afterAll(() => t.close());

  const send = async (url: string, files: { name: string; type: string; data: Buffer }[], headers = t.developer) => {
    const body = multipart(files);
    const response = await t.app.inject({
      method: 'POST',
      url: `${CG}/${url}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };
  const json = (name: string, value: unknown) => ({
    name,
    type: 'application/json',
    data: Buffer.from(JSON.stringify(value)),
  });
  const model = async (name: string) => asRecord((await t.call('GET', `get-model-template?name=${name}`)).body);
  const form = async (name: string) => (await t.call('GET', `get-form-template?name=${name}`)).body as Rec;

  it('duplicates a model: new name and table, relation keys renamed; refuses a taken or invalid name', async () => {
    const copy = await t.call('POST', 'duplicate?type=model&oldName=CurationCorebox&newName=CurationCoreboxCopy');
    expect(copy.status).toBe(201);
    const body = asRecord(copy.body);
    expect(body).toMatchObject({
      module: 'Curation',
      name: 'CoreboxCopy',
      table: 'curation_corebox_copy',
      fullName: 'CurationCoreboxCopy',
    });
    expect(Object.keys(asRecord(body.relations)).sort()).toEqual([
      'curation_corebox_copy__curation_storage__storage_id__1n',
      'curation_corebox_copy__project_hole__parent',
    ]);
    const source = await model('CurationCorebox');
    expect(Object.keys(asRecord(body.columns))).toEqual(Object.keys(asRecord(source.columns)));
    expect((await t.call('POST', 'duplicate?type=model&oldName=CurationCorebox&newName=CurationStorage')).body).toEqual(
      [{ field: 'name', message: 'model name CurationStorage already exists' }],
    );
    expect((await t.call('POST', 'duplicate?type=model&oldName=CurationCorebox&newName=ProjectBox')).body).toEqual([
      { field: 'newName', message: 'Model name is invalid' },
    ]);
    expect((await t.call('POST', 'duplicate?type=model&oldName=Nothing&newName=NothingElse')).status).toBe(404);
    expect((await t.call('POST', 'duplicate?type=report&oldName=a&newName=b')).status).toBe(400);
  });

  it('duplicates a form under a new kebab-case name', async () => {
    const copy = await t.call('POST', 'duplicate?type=form&oldName=corebox&newName=Corebox Two');
    expect(copy.status).toBe(201);
    expect(asRecord(copy.body)).toMatchObject({ name: 'corebox-two', dataModel: 'CurationCorebox' });
    expect((await form('corebox-two')).fields).toEqual((await form('corebox')).fields);
    expect((await t.call('POST', 'duplicate?type=form&oldName=corebox&newName=split')).body).toEqual([
      { field: 'name', message: 'form name split already exists' },
    ]);
  });

  it('downloads a model with its forms as a zip in the original layout', async () => {
    const answer = await t.call('GET', 'download?type=model&name=CurationCorebox');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="CurationCorebox.zip"');
    const zip = await JSZip.loadAsync(answer.raw);
    const names = (z: JSZip) =>
      Object.values(z.files)
        .filter((f) => !f.dir)
        .map((f) => f.name)
        .sort();
    expect(names(zip)).toEqual([
      'backend/dis_templates/forms/corebox-form.json',
      'backend/dis_templates/forms/corebox-two-form.json',
      'backend/dis_templates/models/CurationCorebox.json',
    ]);
    const stored = JSON.parse(
      await zip.file('backend/dis_templates/models/CurationCorebox.json')!.async('string'),
    ) as Rec;
    expect(stored).toEqual(await model('CurationCorebox'));
    const single = await JSZip.loadAsync((await t.call('GET', 'download?type=form&name=split')).raw);
    expect(names(single)).toEqual(['backend/dis_templates/forms/split-form.json']);
    expect((await t.call('GET', 'download?type=model&name=Nothing')).status).toBe(404);
    expect((await t.call('GET', 'download?type=model&name=CurationCorebox', undefined, t.operator)).status).toBe(403);
  });

  it("uploads the original's model and form files as they are, after deleting them", async () => {
    // The drilling model is stored already: CurationStorage's file comes back under another name.
    const original = JSON.parse(seedFile('models/CurationStorage.json').toString()) as Rec;
    const renamed = { ...original, name: 'Shelf', table: 'curation_shelf', fullName: 'CurationShelf' };
    const verified = await send('verify-uploaded-template?type=model&filename=CurationShelf.json', [
      json('CurationShelf.json', renamed),
    ]);
    expect(verified).toEqual({ status: 200, body: { type: 'model', models: ['CurationShelf'], forms: [] } });
    expect((await t.call('GET', 'get-model-template?name=CurationShelf')).status).toBe(404);

    const uploaded = await send('upload', [json('CurationShelf.json', renamed)]);
    expect(uploaded).toEqual({ status: 200, body: { type: 'model', models: ['CurationShelf'], forms: [] } });
    const stored = await model('CurationShelf');
    expect(stored).toMatchObject({
      columns: original.columns,
      createdAt: original.createdAt,
      modifiedAt: original.modifiedAt,
    });

    const formFile = {
      ...(JSON.parse(seedFile('forms/storage-form.json').toString()) as Rec),
      name: 'shelf',
      dataModel: 'CurationShelf',
    };
    expect((await send('upload', [json('shelf-form.json', formFile)])).body).toEqual({
      type: 'form',
      models: [],
      forms: ['shelf'],
    });
    expect((await form('shelf')).fields).toEqual((await form('storage')).fields);

    const again = await send('upload', [json('CurationShelf.json', renamed)]);
    expect(again).toEqual({
      status: 422,
      body: [{ field: 'file', message: 'model name CurationShelf already exists', kind: 'exists' }],
    });
    const formAgain = await send('upload', [json('shelf-form.json', formFile)]);
    expect(formAgain.body).toEqual([{ field: 'file', message: 'form name shelf already exists', kind: 'exists' }]);

    // Asked to, the upload replaces the stored templates.
    const changed = { ...renamed, description: 'Shelves, replaced by upload' };
    const replaced = await send('upload?overwrite=1', [json('CurationShelf.json', changed)]);
    expect(replaced).toEqual({ status: 200, body: { type: 'model', models: ['CurationShelf'], forms: [] } });
    expect(await model('CurationShelf')).toMatchObject({ description: 'Shelves, replaced by upload' });
    expect((await send('upload?overwrite=1', [json('shelf-form.json', formFile)])).status).toBe(200);
  });

  it('uploads a shipped model file and its form file byte for byte, once the model is deleted', async () => {
    expect((await t.call('DELETE', 'delete-model?name=GeologyLithology')).status).toBe(204);
    expect((await t.call('GET', 'get-form-template?name=lithology')).status).toBe(404);
    const modelFile = seedFile('models/GeologyLithology.json');
    const formFile = seedFile('forms/lithology-form.json');
    const asIs = (name: string, data: Buffer) => ({ name, type: 'application/json', data });
    expect((await send('upload', [asIs('GeologyLithology.json', modelFile)])).body).toEqual({
      type: 'model',
      models: ['GeologyLithology'],
      forms: [],
    });
    expect((await send('upload', [asIs('lithology-form.json', formFile)])).status).toBe(200);
    const original = JSON.parse(modelFile.toString()) as Rec;
    expect(await model('GeologyLithology')).toMatchObject({
      columns: original.columns,
      indices: original.indices,
      relations: original.relations,
      behaviors: original.behaviors,
      createdAt: original.createdAt,
    });
    const originalForm = JSON.parse(formFile.toString()) as Rec;
    expect(await form('lithology')).toMatchObject({ fields: originalForm.fields, subForms: originalForm.subForms });
  });

  it('documents the template manager calls in the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/cg/api/create-model', '/cg/api/upload', '/cg/api/download', '/cg/api/view']),
    );
  });

  it("verifies every shipped form file of the original's format as it is (under a new name)", async () => {
    const files = readdirSync(new URL('../src/seed/templates/forms/', import.meta.url)).filter(
      (f) => f !== 'files-form.json',
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const original = JSON.parse(seedFile(`forms/${file}`).toString()) as Rec;
      const answer = await send('verify-uploaded-template?type=form', [
        json(file, { ...original, name: `${String(original.name)}-copy` }),
      ]);
      expect([file, answer.status]).toEqual([file, 200]);
    }
  });

  it('uploads a zip of a model with its forms (built here, and as downloaded)', async () => {
    const zip = new JSZip();
    zip.file(
      'backend/dis_templates/models/CurationPallet.json',
      JSON.stringify(boxModel('Pallet', { fullName: 'CurationPallet', table: 'curation_pallet' })),
    );
    zip.file(
      'backend/dis_templates/forms/pallet-form.json',
      JSON.stringify({ name: 'pallet', dataModel: 'CurationPallet', fields: [], subForms: [], supForms: [] }),
    );
    zip.file('backend/models/CurationPallet.php', '<?php // generated code is ignored');
    const data = await zip.generateAsync({ type: 'nodebuffer' });
    const verified = await send('verify-uploaded-zip?filename=pallet.zip', [
      { name: 'pallet.zip', type: 'application/zip', data },
    ]);
    expect(verified.body).toEqual({ type: 'zip', models: ['CurationPallet'], forms: ['pallet'] });
    expect((await t.call('GET', 'get-model-template?name=CurationPallet')).status).toBe(404);
    const uploaded = await send('upload', [{ name: 'pallet.zip', type: 'application/zip', data }]);
    expect(uploaded.body).toEqual({ type: 'zip', models: ['CurationPallet'], forms: ['pallet'] });
    expect(await form('pallet')).toMatchObject({
      dataModel: 'CurationPallet',
      requiredFilters: [{ value: 'hole', as: 'hole_id' }],
    });

    // Round trip: download, delete, upload the downloaded zip.
    const downloaded = (await t.call('GET', 'download?type=model&name=CurationPallet')).raw;
    const before = await model('CurationPallet');
    expect((await t.call('DELETE', 'delete-model?name=CurationPallet')).status).toBe(204);
    expect((await send('upload', [{ name: 'x.zip', type: 'application/zip', data: downloaded }])).status).toBe(200);
    expect(await model('CurationPallet')).toEqual(before);
  });

  it('accepts one zip or JSON file only; a bad file changes nothing', async () => {
    const text = { name: 'a.txt', type: 'text/plain', data: Buffer.from('hello') };
    expect(await send('upload', [text])).toMatchObject({ status: 415 });
    const two = [json('a.json', { dataModel: 'X' }), json('b.json', { dataModel: 'Y' })];
    expect((await send('upload', two)).body).toEqual([
      { field: 'file', message: 'Only one file can be uploaded at a time.' },
    ]);
    expect((await send('upload', [])).body).toEqual([{ field: 'file', message: 'No file was uploaded.' }]);
    const broken = { name: 'b.json', type: 'application/json', data: Buffer.from('{nope') };
    expect((await send('upload', [broken])).body).toEqual([{ field: 'file', message: 'b.json is not valid JSON.' }]);
    expect((await send('upload', [json('c.json', { hello: 1 })])).body).toEqual([
      { field: 'file', message: 'c.json is neither a model template nor a form template.' },
    ]);
    const wrongType = await send('verify-uploaded-template?type=model&filename=f.json', [
      json('f.json', { name: 'f', dataModel: 'CurationCorebox', fields: [] }),
    ]);
    expect(wrongType.body).toEqual([{ field: 'file', message: 'f.json is a form template, not a model template.' }]);
    const notZip = await send('verify-uploaded-zip?filename=g.zip', [
      { name: 'g.zip', type: 'application/zip', data: Buffer.from('PK nothing') },
    ]);
    expect(notZip.status).toBe(422);
    // A zip whose form fails leaves its model out too.
    const zip = new JSZip();
    zip.file(
      'backend/dis_templates/models/CurationCase.json',
      JSON.stringify(boxModel('Case', { fullName: 'CurationCase', table: 'curation_case' })),
    );
    zip.file(
      'backend/dis_templates/forms/case-form.json',
      JSON.stringify({ name: 'split', dataModel: 'CurationCase', fields: [] }),
    );
    const failing = await send('upload', [
      { name: 'case.zip', type: 'application/zip', data: await zip.generateAsync({ type: 'nodebuffer' }) },
    ]);
    expect(failing).toEqual({
      status: 422,
      body: [{ field: 'file', message: 'form name split already exists', kind: 'exists' }],
    });
    expect((await t.call('GET', 'get-model-template?name=CurationCase')).status).toBe(404);
    expect((await send('upload', [json('c.json', { dataModel: 'X' })], t.operator)).status).toBe(403);
    const plain = await t.app.inject({ method: 'POST', url: `${CG}/upload`, headers: t.developer, payload: { a: 1 } });
    expect(plain.statusCode).toBe(415);
  });
});
