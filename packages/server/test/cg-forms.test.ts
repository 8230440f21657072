import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser } from './helpers/factories';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

type Rec = Record<string, unknown>;

const labelModel = boxModel('Label', {
  parentModel: null,
  indices: {},
  columns: {
    label: { name: 'label', type: 'string', size: 40, required: true, label: 'Label', selectListName: '' },
    copies: { name: 'copies', type: 'integer', label: 'Copies' },
    printed: { name: 'printed', type: 'boolean', label: 'Printed' },
    printed_on: { name: 'printed_on', type: 'date', label: 'Printed on' },
    note: { name: 'note', type: 'text', label: 'Note' },
    colour: { name: 'colour', type: 'string', size: 20, label: 'Colour', selectListName: 'colour' },
  },
});

describe.each(DIALECTS)('cg/api form templates (%s)', (dialect) => {
  let t: CgTestApp;
  beforeAll(async () => {
    t = await createCgApp(dialect);
    expect((await t.call('POST', 'create-model', { template: labelModel })).status).toBe(201);
    expect((await t.call('POST', 'create-model-table', { model: 'CurationLabel' })).status).toBe(200);
  });
  afterAll(() => t.close());

  const seed = async () => asRecord((await t.call('GET', 'get-form-template-seed?modelName=CurationLabel')).body);

  it('seeds a form from the model: every column but id, required ones placed, inputs by type', async () => {
    const body = await seed();
    const available = asRecord(body.availableFieldTemplates);
    expect(Object.keys(available)).toEqual(['label', 'copies', 'printed', 'printed_on', 'note', 'colour']);
    expect(available.label).toMatchObject({
      validators: [{ type: 'required' }, { type: 'string' }],
      formInput: { type: 'text', disabled: false },
      group: '-group1',
      order: 1,
    });
    expect(asRecord(available.copies).validators).toEqual([{ type: 'number' }]);
    expect(asRecord(asRecord(available.printed).formInput).type).toBe('switch');
    expect(asRecord(asRecord(available.printed_on).formInput).type).toBe('date');
    expect(asRecord(asRecord(available.note).formInput).type).toBe('textarea');
    expect(asRecord(available.colour).formInput).toMatchObject({
      type: 'select',
      selectSource: { type: 'list', listName: 'colour', textField: 'remark', valueField: 'display' },
    });
    expect(body.initialTemplate).toEqual({ name: '', dataModel: 'CurationLabel', fields: [available.label] });
    const hole = asRecord((await t.call('GET', 'get-form-template-seed?modelName=ProjectHole')).body);
    expect(Object.keys(asRecord(hole.availableFieldTemplates))).not.toContain('site_id');
    expect((await t.call('GET', 'get-form-template-seed?modelName=Nothing')).status).toBe(404);
  });

  it('creates a form: kebab-case name, forced rules, list names upper-cased; the form then works for records', async () => {
    const fields = Object.values(asRecord((await seed()).availableFieldTemplates)).map((f) => ({
      ...asRecord(f),
      validators: [],
      group: asRecord(f).name === 'note' ? 'Remarks' : 'Label Details',
    }));
    const create = () =>
      t.call('POST', 'create-form', { template: { name: 'Print Label', dataModel: 'CurationLabel', fields } });
    // A select of a value list that does not exist would be an empty dropdown: refused (issue 24 item 10).
    const colourAt = fields.findIndex((f) => asRecord(f).name === 'colour');
    expect((await create()).body).toEqual([
      {
        field: `fields.${String(colourAt)}.formInput.selectSource.listName`,
        message: 'Value list COLOUR does not exist: create it under Value Lists first, or pick another list.',
      },
    ]);
    await sql`INSERT INTO value_lists (listname, is_locked) VALUES ('COLOUR', 0)`.execute(t.db);
    const created = await create();
    expect(created.status).toBe(201);
    const form = asRecord(created.body);
    expect(form.name).toBe('print-label');
    const byName = new Map((form.fields as Rec[]).map((f) => [String(f.name), f]));
    // Required in the database: the required validator is forced on.
    expect(asRecord(byName.get('label')).validators).toEqual([{ type: 'required' }]);
    // 'colour' is not among the value lists, 'COLOUR' is: upper-cased.
    expect(asRecord(asRecord(asRecord(byName.get('colour')).formInput).selectSource).listName).toBe('COLOUR');

    const menu = asRecord((await t.call('GET', '/api/v1/app/forms')).body);
    expect(menu.Curation).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'print-label', dataModel: 'CurationLabel' })]),
    );
    // The form's permission strings work at once: a user holding only form-print-label:edit.
    const clerk = (await signedInUser(t.app, t.db, { roles: [], permissions: ['form-print-label:edit'] })).headers;
    const record = await t.call(
      'POST',
      '/api/v1/form?name=print-label',
      { label: 'L-1', copies: 2, printed: true, printed_on: '2026-11-23' },
      clerk,
    );
    expect(record.status).toBe(201);
    expect(asRecord(record.body)).toMatchObject({ label: 'L-1', copies: 2, printed: 1 });
    const list = asRecord((await t.call('GET', '/api/v1/form?name=print-label', undefined, clerk)).body);
    expect((list.items as Rec[]).map((r) => r.label)).toEqual(['L-1']);
    const missing = await t.call('POST', '/api/v1/form?name=print-label', { copies: 1 }, clerk);
    expect(missing.status).toBe(422);
  });

  it('refuses bad forms with 422 lists: name, duplicate, unknown model, input types, validators', async () => {
    const base = { dataModel: 'CurationLabel', fields: [] };
    expect((await t.call('POST', 'create-form', { template: { ...base, name: '' } })).body).toEqual([
      { field: 'name', message: 'Name is required' },
    ]);
    expect((await t.call('POST', 'create-form', { template: { ...base, name: 'print label' } })).body).toEqual([
      { field: 'name', message: 'form name print-label already exists' },
    ]);
    expect((await t.call('POST', 'create-form', { template: { ...base, name: 'x', dataModel: 'Nope' } })).body).toEqual(
      [{ field: 'dataModel', message: 'The data model Nope does not exist.' }],
    );
    const field = { name: 'note', validators: [{ type: 'number' }], formInput: { type: 'switch' } };
    expect((await t.call('POST', 'create-form', { template: { ...base, name: 'bad', fields: [field] } })).body).toEqual(
      [
        { field: 'fields.0.formInput.type', message: 'Input type switch is not allowed for a column of type text.' },
        { field: 'fields.0.validators', message: 'Validator number does not apply to a column of type text.' },
      ],
    );
    expect((await t.call('GET', 'get-form-template?name=bad')).status).toBe(404);
  });

  it('updates a form: name and data model read-only, calculate disables the input, sub/sup buttons from picks', async () => {
    await t.call('POST', 'create-form', { template: { name: 'label-copy', dataModel: 'CurationLabel', fields: [] } });
    const field = {
      name: 'copies',
      label: 'Copies',
      validators: [],
      formInput: { type: 'text', calculate: '[copies] + 1' },
      group: '-g',
      order: 0,
    };
    const updated = await t.call('PUT', 'update-form?name=label-copy', {
      template: {
        name: 'renamed',
        dataModel: 'ProjectHole',
        fields: [field],
        availableSubForms: ['print-label'],
        availableSupForms: [],
      },
    });
    expect(updated.status).toBe(200);
    const form = asRecord(updated.body);
    expect(form).toMatchObject({ name: 'label-copy', dataModel: 'CurationLabel' });
    expect(asRecord((form.fields as Rec[])[0]).formInput).toMatchObject({ disabled: true });
    expect(form.subForms).toEqual({
      'print-label': {
        buttonLabel: 'Print Label',
        url: '/forms/print-label-form',
        filter: [{ unit: 'label-copy', fromField: 'id' }],
      },
    });
    expect(form.availableSubForms).toBeUndefined();
    expect((await t.call('PUT', 'update-form?name=nothing', { template: {} })).status).toBe(404);
  });

  it('renames and deletes forms; forms of ArchiveFile are neither created, renamed nor deleted', async () => {
    await t.call('POST', 'create-form', { template: { name: 'old-name', dataModel: 'CurationLabel', fields: [] } });
    const clerk = await buildUser(t.db, {
      permissions: ['form-old-name:edit', 'form-old-name-extra:view', 'records:5065:view'],
    });
    const renamed = await t.call('POST', 'rename-form?name=old-name&newName=New Name');
    expect(asRecord(renamed.body).name).toBe('new-name');
    expect((await t.call('GET', 'get-form-template?name=old-name')).status).toBe(404);
    const permissions = await t.db
      .selectFrom('users')
      .select('permissions')
      .where('id', '=', clerk.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(permissions.permissions)).toEqual([
      'form-new-name:edit',
      'form-old-name-extra:view',
      'records:5065:view',
    ]);
    expect((await t.call('POST', 'rename-form?name=new-name&newName=print-label')).body).toEqual([
      { field: 'name', message: 'form name print-label already exists' },
    ]);
    expect((await t.call('DELETE', 'delete-form?name=new-name')).status).toBe(204);
    expect((await t.call('GET', 'get-form-template?name=new-name')).status).toBe(404);
    expect((await t.call('DELETE', 'delete-form?name=new-name')).status).toBe(404);

    expect(await t.call('DELETE', 'delete-form?name=files')).toMatchObject({
      status: 409,
      body: { message: 'A form of ArchiveFile cannot be deleted.' },
    });
    expect(
      (await t.call('POST', 'create-form', { template: { name: 'more-files', dataModel: 'ArchiveFile', fields: [] } }))
        .body,
    ).toMatchObject({
      message: 'A form of ArchiveFile cannot be created.',
    });
    expect((await t.call('POST', 'rename-form?name=files&newName=documents')).status).toBe(409);
    expect((await t.call('GET', 'get-form-template?name=files')).status).toBe(200);
  });

  it('answers form writes to developers only', async () => {
    const template = { template: { name: 'denied', dataModel: 'CurationLabel', fields: [] } };
    for (const headers of [t.operator, t.viewer]) {
      expect((await t.call('POST', 'create-form', template, headers)).status).toBe(403);
      expect((await t.call('PUT', 'update-form?name=print-label', template, headers)).status).toBe(403);
      expect((await t.call('DELETE', 'delete-form?name=print-label', undefined, headers)).status).toBe(403);
      expect((await t.call('POST', 'rename-form?name=print-label&newName=x', undefined, headers)).status).toBe(403);
    }
    expect((await t.call('GET', 'get-form-template?name=print-label')).status).toBe(200);
  });
});
