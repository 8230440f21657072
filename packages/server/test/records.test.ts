import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp, insertList, seedChain } from './records-helpers';
import { CORE_TYPE_ITEMS } from './records-models';

type Rec = Record<string, unknown>;
interface List {
  items: Rec[];
  _meta: { totalCount: number; pageCount: number; currentPage: number; perPage: number };
}

describe.each(DIALECTS)('records API (%s)', (dialect) => {
  let t: RecordsTestApp;
  let chain: Awaited<ReturnType<typeof seedChain>>;
  const get = async (url: string, headers = t.admin) => t.app.inject({ method: 'GET', url, headers });
  const list = async (url: string) => (await get(url)).json<List>();

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await insertList(t.db, 'CORE_TYPE', CORE_TYPE_ITEMS);
    chain = await seedChain(t);
    for (let i = 1; i <= 12; i += 1) {
      await createRecord(t, '/api/v1/global?name=TestItem', {
        name: `item${String(i).padStart(2, '0')}`,
        amount: i,
        ratio: i / 4,
        tags: i % 2 ? ['odd', `n${i}`] : [],
        core_type: ['B', 'H', 'R'][i % 3],
        day: `2021-03-${String(i).padStart(2, '0')}`,
      });
    }
  });
  afterAll(async () => t.close());

  describe('list', () => {
    it('pages with page and per-page and answers the envelope', async () => {
      const body = await list('/api/v1/global?name=TestItem&per-page=5&page=2');
      expect(body._meta).toEqual({
        totalCount: 12,
        pageCount: 3,
        currentPage: 2,
        perPage: 5,
        nextCursor: expect.any(String) as unknown,
      });
      expect(body.items.map((i) => i.name)).toEqual(['item06', 'item07', 'item08', 'item09', 'item10']);
    });

    it('defaults to 20 per page', async () => {
      const body = await list('/api/v1/global?name=TestItem');
      expect(body._meta).toEqual({ totalCount: 12, pageCount: 1, currentPage: 1, perPage: 20 });
    });

    it.each(['per-page=-1', 'page=-1&per-page=5', 'per-page=0'])('returns everything with %s', async (q) => {
      const body = await list(`/api/v1/global?name=TestItem&${q}`);
      expect(body.items).toHaveLength(12);
      expect(body._meta).toMatchObject({ totalCount: 12, pageCount: 1, currentPage: 1 });
    });

    it('sorts by several columns, descending with -', async () => {
      const body = await list('/api/v1/global?name=TestItem&sort=core_type,-amount&per-page=4');
      expect(body.items.map((i) => [i.core_type, i.amount])).toEqual([
        ['B', 12],
        ['B', 9],
        ['B', 6],
        ['B', 3],
      ]);
    });

    it('should not sort by a column the template does not have', async () => {
      const response = await get('/api/v1/global?name=TestItem&sort=password');
      expect(response.statusCode).toBe(400);
      expect(response.json<Rec>().message).toContain('password');
    });

    it('returns only the fields asked for', async () => {
      const body = await list('/api/v1/global?name=TestItem&fields=id,name&per-page=2');
      expect(body.items.map((i) => [Object.keys(i), typeof i.id, i.name])).toEqual([
        [['id', 'name'], 'number', 'item01'],
        [['id', 'name'], 'number', 'item02'],
      ]);
    });

    it('returns the page holding selected-record-id', async () => {
      const all = await list('/api/v1/global?name=TestItem&per-page=-1');
      const eighth = all.items[7]?.id as number;
      const body = await list(`/api/v1/global?name=TestItem&per-page=3&selected-record-id=${eighth}`);
      expect(body._meta.currentPage).toBe(3);
      expect(body.items.map((i) => i.id)).toContain(eighth);
    });

    it('filters with the filter language, on list text too', async () => {
      const byAmount = await list('/api/v1/global?name=TestItem&filter[amount]=>=10');
      expect(byAmount.items.map((i) => i.amount)).toEqual([10, 11, 12]);
      const byText = await list(
        `/api/v1/global?name=TestItem&filter[core_type]=${encodeURIComponent('Rotary')}&per-page=-1`,
      );
      expect(byText.items.every((i) => i.core_type === 'R')).toBe(true);
      expect(byText._meta.totalCount).toBe(4);
    });

    it('should not accept a malformed filter: 400 naming the column', async () => {
      const response = await get('/api/v1/global?name=TestItem&filter[amount]=NULLS');
      expect(response.statusCode).toBe(400);
      expect(response.json<Rec>().message).toContain('amount');
    });

    it('runs exactly one data query and one count query, whatever the page size', async () => {
      // (A page past the end runs the count alone: deep-pages.test.ts.)
      for (const q of ['per-page=-1', 'per-page=2&page=2', 'filter[depth]=>5&filter[exp_acronym]=GR&sort=-site_name']) {
        t.queries.length = 0;
        await list(`/api/v1/global?name=ProjectHole&${q}`);
        // The count of an unfiltered page comes from the table's row counter (record_counts); a
        // filtered count on PostgreSQL may first ask the planner for its estimate (one EXPLAIN),
        // and reads the counter to see whether the table is large enough to sample (sampled-count.ts).
        expect(t.queries.filter((s) => /^explain/i.test(s)).length).toBeLessThanOrEqual(1);
        const onTable = t.queries.filter((s) => /from "project_hole" as r/i.test(s) && !/^explain/i.test(s));
        expect(onTable.filter((s) => !/count\(\*\)/i.test(s))).toHaveLength(1);
        const counts = t.queries.filter((s) => /count\(\*\)|from record_counts/i.test(s) && !/^explain/i.test(s));
        expect(counts.filter((s) => /count\(\*\)/i.test(s)).length).toBeLessThanOrEqual(1);
        expect(counts.length).toBe(q.includes('filter') ? 2 : 1);
      }
    });

    it('serialises ancestor ids and parent-path pseudo columns, fetched with joins', async () => {
      const body = await list('/api/v1/global?name=ProjectHole&sort=combined_id');
      expect(body.items[0]).toMatchObject({
        hole: 'A',
        site_id: chain.s1.id,
        expedition_id: chain.e1.id,
        site_name: 'North',
        exp_acronym: 'GRIND',
      });
    });

    it('computes other pseudo columns for the whole page: paths joined, child aggregates batched', async () => {
      t.queries.length = 0;
      const body = await list('/api/v1/global?name=ProjectSite&sort=combined_id');
      expect(body.items.map((i) => [i.label, i.hole_count, i.max_depth, i.legacy, i.expedition_code])).toEqual([
        ['GRIND-1', 2, 10, null, '5065'],
        ['ALPHA-1', 1, 15, null, '5066'],
      ]);
      expect(t.queries.filter((s) => /from "project_hole"/i.test(s))).toHaveLength(1);
      const one = (await get(`/api/v1/global/${String(chain.s2.id)}?name=ProjectSite`)).json<Rec>();
      expect(one).toMatchObject({ label: 'ALPHA-1', hole_count: 1 });
    });

    it('filters and sorts on ancestor ids and parent-path pseudo columns', async () => {
      const byExpedition = await list(`/api/v1/form?name=hole&filter[expedition_id]==${String(chain.e2.id)}`);
      expect(byExpedition.items.map((i) => i.combined_id)).toEqual(['5066_1_A']);
      const byPseudo = await list('/api/v1/global?name=ProjectHole&filter[exp_acronym]=grind&sort=-site_name,-hole');
      expect(byPseudo.items.map((i) => i.combined_id)).toEqual(['5065_1_B', '5065_1_A']);
      const sorted = await list('/api/v1/global?name=ProjectHole&sort=exp_acronym,hole');
      expect(sorted.items.map((i) => i.combined_id)).toEqual(['5066_1_A', '5065_1_A', '5065_1_B']);
    });

    it('answers 404 for an unknown form or model', async () => {
      const form = await get('/api/v1/form?name=nope');
      expect(form.statusCode).toBe(404);
      expect(form.json<Rec>().message).toBe('form not found');
      const model = await get('/api/v1/global?name=Nope');
      expect(model.statusCode).toBe(404);
      expect(model.json<Rec>().message).toBe('model not found');
    });
  });

  describe('single records', () => {
    it('creates (201), reads, updates (200) and deletes (204)', async () => {
      const created = await createRecord(t, '/api/v1/global?name=TestItem', { name: 'crud', amount: '7', flag: true });
      expect(created).toMatchObject({ name: 'crud', amount: 7, flag: 1, tags: [] });
      const url = `/api/v1/global/${String(created.id)}?name=TestItem`;
      expect((await get(url)).json<Rec>()).toMatchObject({ name: 'crud', amount: 7 });
      const updated = await t.app.inject({ method: 'PUT', url, payload: { amount: 8, notes: 'n' }, headers: t.admin });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<Rec>()).toMatchObject({ name: 'crud', amount: 8, notes: 'n' });
      expect((await t.app.inject({ method: 'DELETE', url, headers: t.admin })).statusCode).toBe(204);
      expect((await get(url)).statusCode).toBe(404);
    });

    it('round-trips string_multiple as an array', async () => {
      const created = await createRecord(t, '/api/v1/global?name=TestItem', { name: 'multi', tags: ['a b', 'c'] });
      expect(created.tags).toEqual(['a b', 'c']);
      const [row] = (await list('/api/v1/global?name=TestItem&filter[name]==multi')).items;
      expect(row.tags).toEqual(['a b', 'c']);
    });

    it('accepts a scalar id or {id} for *_id keys', async () => {
      const scalar = await createRecord(t, '/api/v1/global?name=ProjectHole', { site_id: chain.s2.id, hole: 'S' });
      const object = await createRecord(t, '/api/v1/global?name=ProjectHole', {
        site_id: { id: chain.s2.id },
        hole: 'O',
      });
      expect([scalar.site_id, object.site_id]).toEqual([chain.s2.id, chain.s2.id]);
      expect(object.expedition_id).toBe(chain.e2.id);
    });

    it('deletes a record with children → 409 naming the child table, and nothing is deleted', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/global/${String(chain.s1.id)}?name=ProjectSite`,
        headers: t.admin,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<Rec>().message).toBe('The record cannot be deleted: Hole records still belong to it.');
      expect((await get(`/api/v1/global/${String(chain.s1.id)}?name=ProjectSite`)).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    const post = (url: string, payload: Rec) => t.app.inject({ method: 'POST', url, payload, headers: t.admin });

    it("answers 422 with the original's field messages and writes nothing", async () => {
      const response = await post('/api/v1/global?name=TestItem', { name: 'far too long name', amount: 'x' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([
        { field: 'name', message: 'Name must be less than 10 characters' },
        { field: 'amount', message: 'Amount must be a number' },
      ]);
      expect((await list('/api/v1/global?name=TestItem&filter[name]=far')).items).toEqual([]);
    });

    it('uses the form labels and validators', async () => {
      const url = '/api/v1/form?name=hole';
      const missing = await post(url, { site_id: chain.s1.id, depth: -1 });
      expect(missing.json()).toEqual([
        { field: 'hole', message: 'Hole Name is required' },
        { field: 'depth', message: 'Depth (m) must be >= 0' },
      ]);
      const long = await post(url, { site_id: chain.s1.id, hole: 'ABCDEF', depth: 20000 });
      expect(long.json()).toEqual([
        { field: 'hole', message: 'Hole Name must be less than 5 characters' },
        { field: 'depth', message: 'Depth (m) must be <= 10000' },
      ]);
    });

    it('applies column validators such as >0 with their message', async () => {
      const hole = await post('/api/v1/global?name=ProjectHole', { site_id: chain.s1.id, hole: 'Z', depth: 0 });
      expect(hole.json()).toEqual([{ field: 'depth', message: 'Depth must be positive' }]);
      const item = await post('/api/v1/global?name=TestItem', { name: 'neg', amount: -2 });
      expect(item.json()).toEqual([{ field: 'amount', message: 'Amount must be greater than "0".' }]);
    });

    it('requires the parent, and an existing one', async () => {
      const none = await post('/api/v1/global?name=ProjectHole', { hole: 'Q' });
      expect(none.json()).toEqual([{ field: 'site_id', message: 'Site is required' }]);
      const unknown = await post('/api/v1/global?name=ProjectHole', { hole: 'Q', site_id: 999999 });
      expect(unknown.json()).toEqual([{ field: 'site_id', message: 'Site is invalid.' }]);
    });

    it('checks UNIQUE index combinations: 422 on the offending field', async () => {
      const twice = await post('/api/v1/global?name=ProjectHole', { site_id: chain.s1.id, hole: 'A' });
      expect(twice.statusCode).toBe(422);
      expect(twice.json()).toEqual([
        {
          field: 'hole',
          message: `The combination "${String(chain.s1.id)}"-"A" of Site and Hole has already been taken.`,
        },
      ]);
      const single = await post('/api/v1/global?name=TestItem', { name: 'item01' });
      expect(single.json()).toEqual([{ field: 'name', message: 'Name "item01" has already been taken.' }]);
    });

    it('validates an update against the whole record', async () => {
      const url = `/api/v1/global/${String(chain.h1.id)}?name=ProjectHole`;
      const response = await t.app.inject({ method: 'PUT', url, payload: { hole: 'B' }, headers: t.admin });
      expect(response.statusCode).toBe(422);
      expect(response.json<Rec[]>()[0]?.field).toBe('hole');
    });
  });

  describe('defaults and duplicate', () => {
    it('answers an unsaved record with the defaults and the required filter values', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/form/defaults?name=hole',
        payload: { site_id: chain.s1.id },
        headers: t.admin,
      });
      expect(response.statusCode).toBe(200);
      // The hole template's UniqueCombinationAutoIncrement (alphabet) fills the next letter after A and B.
      expect(response.json()).toEqual({ igsn: 'H', site_id: chain.s1.id, hole: 'C' });
    });

    it('should not answer defaults without a required filter value: 400', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/form/defaults?name=hole', headers: t.admin });
      expect(response.statusCode).toBe(400);
      expect(response.json<Rec>().message).toBe('required parameter site_id is not sent.');
    });

    it("duplicates without id, combined_id and auto-increment targets; the igsn is the template's default again", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/form/duplicate?name=hole&id=${String(chain.h2.id)}`,
        headers: t.admin,
      });
      expect(response.statusCode).toBe(200);
      const copy = response.json<Rec>();
      expect(copy).toMatchObject({ site_id: chain.s1.id, expedition_id: chain.e1.id, depth: 20 });
      for (const key of ['id', 'combined_id']) expect(copy).not.toHaveProperty(key);
      // The auto-increment target is the draft's next letter, never the source's B.
      expect(copy.hole).toBe('C');
      // Like the original: the copy starts from a new draft's defaults (the object-type letter), never the source's IGSN.
      expect(copy.igsn).toBe('H');
    });
  });

  describe('lookup lists', () => {
    it('answers the filter-list cascade, sorted by text, with the required FK', async () => {
      const models = [
        JSON.stringify({ model: 'expedition', require: null }),
        JSON.stringify({ model: 'site', require: { as: 'expedition_id', value: chain.e1.id } }),
      ];
      const query = models.map((m) => `models[]=${encodeURIComponent(m)}`).join('&');
      const body = (await get(`/api/v1/form/filter-lists?name=hole&${query}`)).json<Rec>();
      expect(body).toEqual({
        expedition: [
          { value: chain.e2.id, text: 'ALPHA' },
          { value: chain.e1.id, text: 'GRIND' },
        ],
        site: [{ value: chain.s1.id, text: '1', expedition_id: chain.e1.id }],
      });
    });

    it('should not query a filter list with a malformed required value: 400', async () => {
      const model = JSON.stringify({ model: 'site', require: { as: 'expedition_id', value: 'abc' } });
      const response = await get(`/api/v1/form/filter-lists?name=hole&models[]=${encodeURIComponent(model)}`);
      expect(response.statusCode).toBe(400);
    });

    it('answers async lists: q as an escaped prefix, selected values first, capped with totalCount', async () => {
      const base = '/api/v1/global/async-lists?name=TestItem&fields=name,id&sort=name';
      const prefix = (await get(`${base}&q=item1`)).json<{ items: Rec[] }>();
      expect(prefix.items.map((i) => i.name)).toEqual(['item10', 'item11', 'item12']);
      expect((await get(`${base}&q=item_`)).json<{ items: Rec[] }>().items).toEqual([]);
      const all = (await get(`${base}&per-page=-1`)).json<{ items: Rec[]; totalCount?: number }>();
      const last = all.items.at(-1);
      const selected = (await get(`${base}&value=${String(last?.id)}`)).json<{ items: Rec[] }>();
      expect(selected.items[0]).toEqual(last);
      expect((await get('/api/v1/global/async-lists?name=TestItem&fields=name,id')).statusCode).toBe(400);
    });
  });
});
