import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableExists } from '../src/engine/schema-sync';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

/** Issue 24 item 9: a model with m:n relations names them when refused and can go with them. */
describe.each(DIALECTS)('cg/api delete-model with m:n relations (%s)', (dialect) => {
  let t: CgTestApp;
  const binRelation = 'curation_bin__curation_shelf__curation_shelf_ids_nm__nm';
  const shelfRelation = 'curation_shelf__curation_bin__curation_bin_ids_nm__nm';

  beforeAll(async () => {
    t = await createCgApp(dialect);
    await t.call('POST', 'create-model', { template: boxModel('Shelf', { parentModel: null, indices: {} }) });
    const relations = {
      shelves: { name: '', relationType: 'nm', relatedTable: 'curation_shelf', displayColumns: ['box'] },
    };
    await t.call('POST', 'create-model', { template: boxModel('Bin', { relations }) });
    await t.call('POST', 'create-model-table', { model: 'CurationShelf' });
    await t.call('POST', 'create-model-table', { model: 'CurationBin' });
  });
  afterAll(() => t.close());

  const model = async (name: string) => asRecord((await t.call('GET', `get-model-template?name=${name}`)).body);

  it('refuses a plain delete of either side with 409 naming the relation and the partner model', async () => {
    expect(await tableExists(t.db, dialect, 'curation_bin_curation_shelf')).toBe(true);
    expect(await t.call('DELETE', 'delete-model?name=CurationBin')).toMatchObject({
      status: 409,
      body: {
        message:
          `The model CurationBin has many-to-many relations: ${binRelation} (with CurationShelf). ` +
          'Delete it with its relations to remove them from both models.',
      },
    });
    const shelf = await t.call('DELETE', 'delete-model?name=CurationShelf');
    expect(shelf.status).toBe(409);
    expect(asRecord(shelf.body).message).toContain(`${shelfRelation} (with CurationBin)`);
    expect(asRecord((await model('CurationShelf')).relations)[shelfRelation]).toBeDefined();
  });

  it('duplicates without the m:n link: the copy deletes plainly and the partner keeps only its link', async () => {
    const copy = await t.call('POST', 'duplicate?type=model&oldName=CurationBin&newName=CurationBinCopy');
    expect(copy.status).toBe(201);
    expect(Object.values(asRecord(asRecord(copy.body).relations)).map((r) => asRecord(r).relationType)).not.toContain(
      'nm',
    );
    expect(Object.keys(asRecord((await model('CurationShelf')).relations))).toEqual([shelfRelation]);
    expect((await t.call('DELETE', 'delete-model?name=CurationBinCopy')).status).toBe(204);
  });

  it('removeRelations=1 removes the relation from both templates and the join table, then the model', async () => {
    expect((await t.call('DELETE', 'delete-model?name=CurationBin&removeRelations=1')).status).toBe(204);
    expect((await t.call('GET', 'get-model-template?name=CurationBin')).status).toBe(404);
    const shelf = await model('CurationShelf');
    expect(shelf.relations).toEqual({});
    expect(asRecord(shelf.columns).curation_bin_ids_nm).toBeUndefined();
    expect(await tableExists(t.db, dialect, 'curation_bin_curation_shelf')).toBe(false);
    // The partner's table still builds from its template: nothing left of the link to drop.
    expect((await t.call('POST', 'create-model-table', { model: 'CurationShelf' })).status).toBe(200);
    expect((await t.call('DELETE', 'delete-model?name=CurationShelf')).status).toBe(204);
  });

  it('still refuses with removeRelations=1 when children point at the model, changing nothing', async () => {
    const answer = await t.call('DELETE', 'delete-model?name=ProjectHole&removeRelations=1');
    expect(answer.status).toBe(409);
    expect(asRecord(answer.body).message).toMatch(/^The model ProjectHole is referenced by /);
    expect((await model('ProjectHole')).fullName).toBe('ProjectHole');
  });
});
