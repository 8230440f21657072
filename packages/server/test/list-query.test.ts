import type { ErrorBody } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp } from './records-helpers';

interface List {
  items: Record<string, unknown>[];
  _meta: { totalCount: number; pageCount: number; currentPage: number; perPage: number };
}

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: string };
}
type Operation = { parameters?: Parameter[] } | undefined;

// The list query of every list route (page 1-based, per-page 20 by default, -1 for all, sort=a,-b,
// fields, filter): one schema, so the same answers everywhere (DESIGN §5).
describe.each(DIALECTS)('list query parameters (%s)', (dialect) => {
  let t: RecordsTestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.admin });

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    for (let i = 1; i <= 3; i += 1) {
      await createRecord(t, '/api/v1/global?name=TestItem', { name: `item${i}`, amount: i });
      await createRecord(t, '/api/v1/form?name=expedition', { expedition: `50${i}` });
    }
  });
  afterAll(async () => t.close());

  const huge = '99999999999999999999';
  const lists = [
    '/api/v1/global?name=TestItem',
    '/api/v1/form?name=expedition',
    '/api/v1/users?x=1',
    '/api/v1/posts?x=1',
  ];

  describe.each(lists)('%s', (base) => {
    it.each([
      ['per-page', `per-page=${huge}`],
      ['per-page', 'per-page=1000000000000'],
      ['per-page', 'per-page=-2'],
      ['per-page', 'per-page=lots'],
      ['page', `page=${huge}`],
      ['page', 'page=-2'],
    ])('answers a bad %s (%s) with a 400 naming it', async (name, query) => {
      const response = await get(`${base}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toBe(
        name === 'page'
          ? "Invalid querystring parameter 'page': must be a whole number from -1 (every record) to 9007199254740991."
          : "Invalid querystring parameter 'per-page': must be a whole number from -1 (every record) to 999999999999.",
      );
    });

    it.each(['per-page=-1', 'page=-1&per-page=2', 'per-page=0', 'per-page=999999999999', 'page=&per-page='])(
      'lists everything with %s',
      async (query) => {
        const response = await get(`${base}&${query}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<List>();
        expect(body.items.length).toBe(body._meta.totalCount);
        expect(body._meta.currentPage).toBe(1);
      },
    );

    it('answers a page far past the end with no items', async () => {
      const response = await get(`${base}&page=9007199254740991&per-page=999999999999`);
      expect(response.statusCode).toBe(200);
      expect(response.json<List>().items).toEqual([]);
    });
  });

  it('reads filter[col]=expr as the filter of that column, a repeated key as one more condition', async () => {
    const one = await get('/api/v1/global?name=TestItem&filter[amount]=>1&per-page=-1&sort=-amount');
    expect(one.json<List>().items.map((item) => item.name)).toEqual(['item3', 'item2']);
    const two = await get('/api/v1/global?name=TestItem&filter[amount]=>1&filter[amount]=<3');
    expect(two.statusCode).toBe(200);
    expect(two.json<List>().items.map((item) => item.name)).toEqual(['item2']);
  });

  it.each([
    ['filter', 'filter=amount'],
    ['selected-record-id', 'selected-record-id=first'],
  ])('answers a malformed %s with a 400 naming it', async (name, query) => {
    const response = await get(`/api/v1/global?name=TestItem&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toMatch(new RegExp(`^Invalid querystring parameter '${name}'`));
  });

  it('documents the list parameters in /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Partial<Record<string, Record<string, Operation>>>;
    }>();
    const names = (path: string) => (doc.paths[path]?.get?.parameters ?? []).map((p) => p.name).sort();
    const records = ['batch', 'cursor', 'fields', 'filter', 'name', 'page', 'per-page', 'selected-record-id', 'sort'];
    expect(names('/api/v1/form/')).toEqual(records);
    expect(names('/api/v1/global/')).toEqual(records);
    expect(names('/api/v1/file/')).toEqual(records.filter((name) => name !== 'name'));
    expect(names('/api/v1/form/async-lists')).toEqual(['fields', 'filter', 'name', 'q', 'sort', 'value']);
    expect(names('/api/v1/form/filter-lists')).toEqual(['models', 'models[]', 'name']);
    expect(names('/api/v1/users/')).toEqual(['page', 'per-page', 'sort']);
    // `filter[col]=expr` is OpenAPI's deepObject style of an object parameter.
    const filter = doc.paths['/api/v1/form/']?.get?.parameters?.find((p) => p.name === 'filter');
    expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' } });
  });
});
