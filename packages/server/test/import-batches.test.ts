import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';
import { multipart } from './files-fixture';

// Issue 20 items 2-4: what one import wrote is a list of its own (`batch=<id>`, the result's link),
// scoped like every list; undoing it goes through the records pipeline (what the behaviors derived
// follows), all or nothing; and an exported CSV comes back as an update without a mapping step.
type Row = Record<string, unknown>;

describe.each(DIALECTS)('import batches (%s)', (dialect) => {
  let t: TwoExpeditions;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  }, 120_000);
  afterAll(() => t.close());

  const importFile = (path: string, form: string, name: string, data: string | Buffer, fields: Row = {}) => {
    const body = multipart([
      { name: 'form', value: form },
      ...Object.entries(fields).map(([field, value]) => ({ name: field, value: String(value) })),
      { name: 'file', filename: name, type: 'application/octet-stream', data: Buffer.from(data) },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/import/${path}`,
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
  };
  const commit = async (form: string, csv: string, fields: Row = {}) => {
    const response = await importFile('commit', form, `${form}.csv`, csv, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ batchId: string; counts: Row; filter: string }>();
  };
  const list = async (form: string, query: string, headers: Headers = t.admin) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/form?name=${form}&${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[]; _meta: Row }>();
  };
  const undo = (batchId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/import/${batchId}/undo`, headers: t.admin });
  const coreRows = (hole: Row, cores: number[]) =>
    [
      'hole_id,core,core_ondeck,drillers_top_depth,drilled_length,core_type',
      ...cores.map(
        (core) => `${String(hole.combined_id)},${String(core)},2024-05-04T08:00:00Z,${String(core * 3)},3,R`,
      ),
    ].join('\n');

  it("lists exactly an import's records by its batch, inserted and updated, within the user's scope", async () => {
    const own = await commit('core', coreRows(t.own.hole, [5, 6]));
    expect(own.filter).toBe(`batch:${own.batchId}`);
    const inserted = await list('core', `batch=${own.batchId}&sort=id`);
    expect(inserted.items.map((core) => core.core)).toEqual([5, 6]);
    expect(inserted._meta.totalCount).toBe(2);
    expect((await list('core', `batch=${own.batchId}&filter[core]==6`)).items.map((core) => core.core)).toEqual([6]);
    // an export of that list holds the same records
    const exported = await t.app.inject({
      method: 'GET',
      url: `/report/ListCsv?form=core&batch=${own.batchId}`,
      headers: t.cookie(t.admin),
    });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['x-total-count']).toBe('2');

    const updated = await commit('core', `id,comment\n${String(t.own.core.id)},logged again\n`, { mode: 'upsert' });
    expect(updated.counts).toMatchObject({ updated: 1, new: 0 });
    expect((await list('core', `batch=${updated.batchId}`)).items.map((core) => core.id)).toEqual([t.own.core.id]);

    const foreign = await commit('core', coreRows(t.foreign.hole, [5]));
    expect((await list('core', `batch=${foreign.batchId}`)).items).toHaveLength(1);
    expect((await list('core', `batch=${foreign.batchId}`, t.users.limitedView)).items).toEqual([]);
    expect((await list('core', `batch=${own.batchId}`, t.users.limitedView)).items).toHaveLength(2);
    expect((await list('core', 'batch=00000000-0000-0000-0000-000000000000')).items).toEqual([]);
    // a batch id longer than any is refused like any bad parameter
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/v1/form?name=core&batch=${'x'.repeat(41)}`,
      headers: t.admin,
    });
    expect(tooLong.statusCode).toBe(400);
    for (const batch of [own, updated, foreign]) expect((await undo(batch.batchId)).statusCode).toBe(200);
  });

  it("undoes an update through the pipeline: the children's combined ids and stored depths follow", async () => {
    const core = t.own.core;
    const section = async () => (await list('section', `filter[core_id]==${String(core.id)}`)).items[0];
    // the sample's stored copy of its mcd depth (what lists sort and filter by)
    const storedDepth = async () => {
      const { rows } = await sql<{
        depth: unknown;
      }>`SELECT maintained__mcd_top_depth AS depth FROM curation_sample WHERE id = ${Number(t.own.sample.id)}`.execute(
        t.database.db,
      );
      return Number(rows[0]?.depth);
    };
    const sectionBefore = await section();
    const depthBefore = await storedDepth();
    expect(Number.isFinite(depthBefore)).toBe(true);

    const result = await commit('core', `id,core,drillers_top_depth\n${String(core.id)},9,50\n`, { mode: 'upsert' });
    expect(result.counts).toMatchObject({ updated: 1 });
    expect((await section()).combined_id).not.toBe(sectionBefore.combined_id);
    expect(await storedDepth()).not.toBe(depthBefore);

    const undone = await undo(result.batchId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ removed: 0 });
    const coreAfter = (await list('core', `filter[id]==${String(core.id)}`)).items[0];
    expect(coreAfter).toMatchObject({ core: core.core, drillers_top_depth: core.drillers_top_depth });
    expect(coreAfter.combined_id).toBe(core.combined_id);
    expect((await section()).combined_id).toBe(sectionBefore.combined_id);
    expect(await storedDepth()).toBe(depthBefore);
  });

  it('refuses to undo (409) while another record points at one it created, and changes nothing', async () => {
    const hole = String(t.own.hole.combined_id);
    const before = (await list('core', `filter[id]==${String(t.own.core.id)}`)).items[0];
    const result = await commit(
      'core',
      [
        'id,hole_id,core,core_ondeck,drillers_top_depth,drilled_length,core_type,comment',
        `${String(t.own.core.id)},${hole},1,2024-05-03T10:00:00Z,10,3,R,changed by the import`,
        `,${hole},7,2024-05-04T08:00:00Z,21,3,R,`,
      ].join('\n'),
      { mode: 'upsert' },
    );
    expect(result.counts).toMatchObject({ new: 1, updated: 1 });
    const imported = (await list('core', `batch=${result.batchId}&sort=id`)).items;
    expect(imported.map((core) => core.core)).toEqual([1, 7]);
    await t.create('section', { core_id: imported[1]?.id, section: 1, section_length: 1, curated_length: 1 });

    const refused = await undo(result.batchId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<Row>().message).toMatch(/section/i);
    // all or nothing: the created core stays, and so does the import's change of the other
    expect((await list('core', `batch=${result.batchId}`)).items).toHaveLength(2);
    const after = (await list('core', `filter[id]==${String(t.own.core.id)}`)).items[0];
    expect(after.comment).toBe('changed by the import');
    expect(before.comment).not.toBe('changed by the import');
  });

  it('takes an exported CSV back as an update with no mapping step', async () => {
    const filters = encodeURIComponent(JSON.stringify({ section_split_id: `==${String(t.own.split.id)}` }));
    const exported = await t.app.inject({
      method: 'GET',
      url: `/report/ListAllCsv?form=sample&filters=${filters}`,
      headers: t.cookie(t.admin),
    });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const response = await importFile('commit', 'sample', 'export.csv', exported.rawPayload, { mode: 'upsert' });
    expect(response.statusCode, response.body).toBe(200);
    const counts = response.json<{ counts: { total: number; unchanged: number; errors: number } }>().counts;
    expect(counts.total).toBeGreaterThan(0);
    expect(counts).toMatchObject({ unchanged: counts.total, errors: 0 });
  });
});
