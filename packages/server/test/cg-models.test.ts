import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableExists } from '../src/engine/schema-sync';
import { signedInUser } from './helpers/factories';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

describe.each(DIALECTS)('cg/api model templates (%s)', (dialect) => {
  let t: CgTestApp;
  beforeAll(async () => {
    t = await createCgApp(dialect);
  });
  afterAll(() => t.close());

  const model = async (name: string) => asRecord((await t.call('GET', `get-model-template?name=${name}`)).body);

  it('creates a model: upper camel name, table, id column, parent column, index and relation', async () => {
    const created = await t.call('POST', 'create-model', { template: boxModel('crate box') });
    expect(created.status).toBe(201);
    const body = asRecord(created.body);
    expect(body).toMatchObject({
      module: 'Curation',
      name: 'CrateBox',
      fullName: 'CurationCrateBox',
      table: 'curation_crate_box',
    });
    expect(asRecord(body.columns).id).toMatchObject({
      type: 'integer',
      size: 11,
      primaryKey: true,
      autoInc: true,
      label: 'ID',
    });
    expect(asRecord(body.columns).hole_id).toMatchObject({ type: 'integer', size: 11, required: true });
    expect(asRecord(body.indices).pk_id).toEqual({ name: 'pk_id', type: 'PRIMARY', columns: ['id'] });
    expect(body.relations).toEqual({
      curation_crate_box__project_hole__parent: {
        name: 'curation_crate_box__project_hole__parent',
        relationType: 'parent',
        foreignTable: 'project_hole',
        localColumns: ['hole_id'],
        foreignColumns: ['id'],
        isLocked: true,
      },
    });
    expect(typeof body.createdAt).toBe('number');
    expect(body.generatedAt).toBeNull();
    expect(await model('CurationCrateBox')).toEqual(body);
  });

  it('refuses a model name that exists, and a broken template, with 422 lists', async () => {
    const again = await t.call('POST', 'create-model', { template: boxModel('Storage') });
    expect(again).toMatchObject({
      status: 422,
      body: [{ field: 'name', message: 'model name CurationStorage already exists' }],
    });
    const empty = boxModel('EmptyColumn', { columns: { x: { name: ' ', type: 'string' } } });
    expect((await t.call('POST', 'create-model', { template: empty })).body).toEqual([
      { field: 'columns.x', message: 'Column should not be empty string' },
    ]);
    const noParent = boxModel('Orphan', { parentModel: 'CurationNothing' });
    expect((await t.call('POST', 'create-model', { template: noParent })).body).toEqual([
      { field: 'parentModel', message: 'The parent model CurationNothing does not exist.' },
    ]);
    const reserved = { ...boxModel('Lists', { parentModel: null, indices: {} }), module: 'Value' };
    expect((await t.call('POST', 'create-model', { template: reserved })).body).toEqual([
      { field: 'name', message: 'The table value_lists is reserved for the system.' },
    ]);
    expect((await t.call('POST', 'create-model', { template: boxModel('!!!') })).body).toEqual([
      { field: 'name', message: 'Model name is invalid' },
    ]);
    const spaced = boxModel('Spaced', { columns: { x: { name: 'bad name', type: 'string' } } });
    expect((await t.call('POST', 'create-model', { template: spaced })).body).toEqual([
      { field: 'columns.x', message: 'Column name bad name is invalid.' },
    ]);
    const badType = boxModel('BadType', { columns: { x: { name: 'x', type: 'blob' } } });
    const bad = await t.call('POST', 'create-model', { template: badType });
    expect(bad.status).toBe(422);
    expect(asRecord((bad.body as unknown[])[0]).field).toBe('columns.x.type');
    expect((await t.call('GET', 'get-model-template?name=CurationBadType')).status).toBe(404);
  });

  it('checks behavior parameters with the registry messages', async () => {
    const behaviors = [
      { behaviorClass: 'app\\behaviors\\template\\LeadingZerosBehavior', parameters: { column: 'nothing', length: 1 } },
    ];
    const answer = await t.call('POST', 'create-model', { template: boxModel('Padded', { behaviors }) });
    expect(answer.status).toBe(422);
    expect((answer.body as { field: string }[]).map((e) => e.field)).toEqual(['behaviors.0', 'behaviors.0']);
    const fine = [{ ...behaviors[0], parameters: { column: 'box', length: 3 } }];
    expect((await t.call('POST', 'create-model', { template: boxModel('Padded', { behaviors: fine }) })).status).toBe(
      201,
    );
  });

  it('names 1n relations and adds their columns (spec 3 §5)', async () => {
    const relations = {
      storage: {
        name: '',
        relationType: '1n',
        foreignTable: 'curation_storage',
        localColumns: ['storage_id'],
        displayColumns: ['storage'],
      },
    };
    const body = asRecord((await t.call('POST', 'create-model', { template: boxModel('Shelf', { relations }) })).body);
    const name = 'curation_shelf__curation_storage__storage_id__1n';
    expect(asRecord(body.relations)[name]).toMatchObject({ name, relationType: '1n', foreignColumns: ['id'] });
    expect(asRecord(body.columns).storage_id).toMatchObject({ type: 'integer', size: 11 });
    expect(asRecord(body.columns).curation_storage_storage_ids_1n).toMatchObject({
      type: 'one_to_many',
      relatedTable: 'curation_storage',
      displayColumn: 'storage',
    });
    const unknown = { x: { name: '', relationType: '1n', foreignTable: 'nowhere', localColumns: ['x_id'] } };
    const refused = await t.call('POST', 'create-model', { template: boxModel('Lost', { relations: unknown }) });
    expect(refused.status).toBe(422);
  });

  it('updates a model: identity kept, locked columns refused, modifiedAt moves', async () => {
    await t.call('POST', 'create-model', { template: boxModel('Tray') });
    const stored = await model('CurationTray');
    const columns: Record<string, unknown> = {
      ...asRecord(stored.columns),
      note: { name: 'note', type: 'text', label: 'Note' },
    };
    const updated = await t.call('POST', 'update-model?name=CurationTray', {
      template: { ...stored, name: 'Other', table: 'x', columns },
    });
    expect(updated.status).toBe(200);
    expect(asRecord(updated.body)).toMatchObject({ name: 'Tray', table: 'curation_tray', fullName: 'CurationTray' });
    expect(asRecord(asRecord(updated.body).columns).note).toMatchObject({ type: 'text' });
    const lockedChange = { ...columns, hole_id: { ...asRecord(columns.hole_id), type: 'string' } };
    const refused = await t.call('POST', 'update-model?name=CurationTray', {
      template: { ...stored, columns: lockedChange },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: [{ field: 'columns.hole_id', message: 'Column hole_id is locked and cannot be changed or removed.' }],
    });
    expect((await t.call('POST', 'update-model?name=CurationNothing', { template: stored })).status).toBe(404);
  });

  it('creates the table, then refuses to drop a column holding data unless confirmed', async () => {
    await t.call('POST', 'create-model', { template: boxModel('Bin', { parentModel: null, indices: {} }) });
    const built = await t.call('POST', 'create-model-table', { model: 'CurationBin' });
    expect(built.status).toBe(200);
    expect(asRecord(built.body)).toMatchObject({ model: 'CurationBin', table: 'curation_bin', isTableCreated: true });
    expect((asRecord(built.body).plan as string[])[0]).toBe('create table curation_bin');
    expect(await tableExists(t.db, dialect, 'curation_bin')).toBe(true);
    const summary = asRecord((await t.call('GET', 'summary')).body);
    expect((summary.models as Record<string, unknown>[]).find((m) => m.fullName === 'CurationBin')).toMatchObject({
      isTableCreated: true,
      tableGenerationTimestamp: expect.any(Number) as number,
    });

    await sql`insert into curation_bin (box, weight) values ('A', 2.5)`.execute(t.db);
    const stored = await model('CurationBin');
    const { weight: _dropped, ...columns } = asRecord(stored.columns);
    await t.call('POST', 'update-model?name=CurationBin', { template: { ...stored, columns } });
    const asked = asRecord((await t.call('POST', 'create-model-table', { model: 'CurationBin', dryRun: true })).body);
    expect(asked).toMatchObject({
      plan: expect.arrayContaining(['drop column curation_bin.weight']) as string[],
      dataLoss: ['Column weight of curation_bin holds data; dropping it would lose the data.'],
      isTableCreated: true,
    });
    const refused = await t.call('POST', 'create-model-table', { model: 'CurationBin' });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Column weight of curation_bin holds data; dropping it would lose the data.' },
    });
    const confirmed = await t.call('POST', 'create-model-table', { model: 'CurationBin', allowDataLoss: true });
    expect(confirmed.status).toBe(200);
    expect(asRecord(confirmed.body).plan).toContain('drop column curation_bin.weight');
    const after = await t.call('POST', 'create-model-table', { model: 'CurationBin', dryRun: true });
    expect(asRecord(after.body)).toMatchObject({ plan: [], dataLoss: [] });
    expect((await t.call('POST', 'create-model-table', { model: 'CurationNothing' })).status).toBe(404);
  });

  it("renames a column without losing its data; the model's forms follow a rename and drop a removed column", async () => {
    await t.call('POST', 'create-model', { template: boxModel('Pallet', { parentModel: null, indices: {} }) });
    await t.call('POST', 'create-model-table', { model: 'CurationPallet' });
    const fields = ['box', 'weight'].map((name, order) => ({
      name,
      label: name,
      group: 'Pallet',
      order,
      formInput: { type: 'text' },
      validators: [],
    }));
    expect(
      (await t.call('POST', 'create-form', { template: { name: 'pallet', dataModel: 'CurationPallet', fields } }))
        .status,
    ).toBe(201);
    await sql`insert into curation_pallet (box, weight) values ('P1', 7.5)`.execute(t.db);

    const stored = await model('CurationPallet');
    const { box, weight: _removed, ...rest } = asRecord(stored.columns);
    const columns = { ...rest, pallet_code: { ...asRecord(box), name: 'pallet_code', oldName: 'box', label: 'Code' } };
    const updated = await t.call('POST', 'update-model?name=CurationPallet', {
      template: { ...stored, columns, indices: {} },
    });
    expect(updated.status).toBe(200);
    const form = asRecord((await t.call('GET', 'get-form-template?name=pallet')).body);
    expect((form.fields as Record<string, unknown>[]).map((f) => f.name)).toEqual(['pallet_code']);

    const built = await t.call('POST', 'create-model-table', { model: 'CurationPallet', allowDataLoss: true });
    expect(asRecord(built.body).plan).toContain('rename column curation_pallet.box to pallet_code');
    const rows = await sql<{ pallet_code: string }>`select pallet_code from curation_pallet`.execute(t.db);
    expect(rows.rows.map((r) => r.pallet_code)).toEqual(['P1']);
    const list = await t.call('GET', '/api/v1/form?name=pallet');
    expect(list.status).toBe(200);
    expect((asRecord(list.body).items as Record<string, unknown>[]).map((r) => r.pallet_code)).toEqual(['P1']);
  });

  it('keeps both sides of an m:n in step; its join table is created and dropped by schema sync', async () => {
    await t.call('POST', 'create-model', { template: boxModel('Tag', { parentModel: null, indices: {} }) });
    const relations = { tags: { name: '', relationType: 'nm', relatedTable: 'curation_tag', displayColumns: ['box'] } };
    const crate = asRecord((await t.call('POST', 'create-model', { template: boxModel('Crate', { relations }) })).body);
    const name = 'curation_crate__curation_tag__curation_tag_ids_nm__nm';
    expect(asRecord(crate.relations)[name]).toMatchObject({
      relationType: 'nm',
      relatedTable: 'curation_tag',
      localColumns: ['curation_tag_ids_nm'],
    });
    expect(asRecord(crate.columns).curation_tag_ids_nm).toMatchObject({
      type: 'many_to_many',
      relatedTable: 'curation_tag',
    });
    const tag = await model('CurationTag');
    expect(asRecord(tag.relations).curation_tag__curation_crate__curation_crate_ids_nm__nm).toMatchObject({
      relationType: 'nm',
      relatedTable: 'curation_crate',
      localColumns: ['curation_crate_ids_nm'],
      oppositeColumnName: 'curation_tag_ids_nm',
    });
    expect(asRecord(tag.columns).curation_crate_ids_nm).toMatchObject({
      type: 'many_to_many',
      relatedTable: 'curation_crate',
    });

    expect((await t.call('POST', 'create-model-table', { model: 'CurationCrate' })).status).toBe(200);
    expect(await tableExists(t.db, dialect, 'curation_crate_curation_tag')).toBe(false);
    const tagTable = await t.call('POST', 'create-model-table', { model: 'CurationTag' });
    expect(asRecord(tagTable.body).plan).toContain('create join table curation_tag_curation_crate');
    expect(await tableExists(t.db, dialect, 'curation_tag_curation_crate')).toBe(true);

    const stored = await model('CurationCrate');
    const { curation_tag_ids_nm: _column, ...columns } = asRecord(stored.columns);
    await t.call('POST', 'update-model?name=CurationCrate', { template: { ...stored, columns, relations: {} } });
    const tagAfter = await model('CurationTag');
    expect(tagAfter.relations).toEqual({});
    expect(asRecord(tagAfter.columns).curation_crate_ids_nm).toBeUndefined();
    const dropped = await t.call('POST', 'create-model-table', { model: 'CurationCrate' });
    expect(asRecord(dropped.body).plan).toContain('drop join table curation_tag_curation_crate');
    expect(await tableExists(t.db, dialect, 'curation_tag_curation_crate')).toBe(false);
  });

  it('deletes a model with its forms (204); refuses ArchiveFile and models others point at', async () => {
    await t.call('POST', 'create-model', { template: boxModel('Gone') });
    await t.call('POST', 'create-form', { template: { name: 'gone', dataModel: 'CurationGone', fields: [] } });
    expect((await t.call('DELETE', 'delete-model?name=CurationGone')).status).toBe(204);
    expect((await t.call('GET', 'get-model-template?name=CurationGone')).status).toBe(404);
    expect((await t.call('GET', 'get-form-template?name=gone')).status).toBe(404);
    expect(await t.call('DELETE', 'delete-model?name=ArchiveFile')).toMatchObject({
      status: 409,
      body: { message: 'The model ArchiveFile cannot be deleted.' },
    });
    const parent = await t.call('DELETE', 'delete-model?name=ProjectHole');
    expect(parent.status).toBe(409);
    expect(asRecord(parent.body).message).toMatch(/^The model ProjectHole is referenced by .*CoreCore/);
    expect((await model('ArchiveFile')).fullName).toBe('ArchiveFile');
  });

  it('answers writes to developers only: 401, 403 for operator, viewer and read-only developers', async () => {
    const template = { template: boxModel('Denied') };
    for (const headers of [t.operator, t.viewer]) {
      expect((await t.call('POST', 'create-model', template, headers)).status).toBe(403);
      expect((await t.call('DELETE', 'delete-model?name=CurationTray', undefined, headers)).status).toBe(403);
      expect((await t.call('POST', 'create-model-table', { model: 'CurationTray' }, headers)).status).toBe(403);
      expect((await t.call('GET', 'get-form-template-seed?modelName=CurationTray', undefined, headers)).status).toBe(
        403,
      );
    }
    const readOnly = (await signedInUser(t.app, t.db, { roles: ['developer', 'readOnly'] })).headers;
    expect((await t.call('POST', 'create-model', template, readOnly)).status).toBe(403);
    expect((await t.call('POST', 'create-model', template, {})).status).toBe(401);
    expect((await t.call('GET', 'get-model-template?name=CurationDenied')).status).toBe(404);
  });
});
