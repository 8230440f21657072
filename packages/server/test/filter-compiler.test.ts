import {
  FILTER_ERROR_FIXTURES,
  FILTER_FIXTURE_LISTS,
  FILTER_FIXTURES,
  matchesFilter,
  parseFilterExpression,
} from '@mdis/shared/filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp, insertList } from './records-helpers';

// The filter language has one AST and two interpreters (SQL compiler, in-memory matcher), tested on
// one table (STYLE rule 4): every fixture row is
// stored in the column of its type, then queried through the API; the SQL answer must agree with
// the in-memory matcher and with the fixture.

const COLUMN = {
  integer: 'c_integer',
  double: 'c_double',
  string: 'c_string',
  date: 'c_date',
  dateTime: 'c_dateTime',
  time: 'c_time',
  boolean: 'c_boolean',
} as const;

function columnOf(fixture: (typeof FILTER_FIXTURES)[number]): string {
  return fixture.kind === 'list' ? 'c_list' : COLUMN[fixture.type];
}

describe.each(DIALECTS)('filter compiler (%s)', (dialect) => {
  let t: RecordsTestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    for (const [listname, items] of Object.entries(FILTER_FIXTURE_LISTS)) await insertList(t.db, listname, [...items]);
    for (const fixture of FILTER_FIXTURES) {
      const record = await createRecord(t, '/api/v1/global?name=TestFilter', { [columnOf(fixture)]: fixture.value });
      ids.push(record.id as number);
    }
  }, 120_000);
  afterAll(async () => t.close());

  it.each(FILTER_FIXTURES.map((f, index) => [index, f.kind, f.type, f.expr, f.value, f.matches, f] as const))(
    '#%i %s (%s) %s on %j → %s',
    async (index, kind, _type, expr, value, matches, fixture) => {
      const column = columnOf(fixture);
      const url = `/api/v1/global?name=TestFilter&per-page=-1&fields=id&filter[${column}]=${encodeURIComponent(expr)}&filter[id]===${String(ids[index])}`;
      const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
      expect(response.statusCode).toBe(200);
      const sqlMatches = response.json<{ items: unknown[] }>().items.length === 1;
      const node = parseFilterExpression(column, expr, kind, fixture.listName ? { listName: fixture.listName } : {});
      const memoryMatches = matchesFilter({ [column]: value }, [node], { lists: FILTER_FIXTURE_LISTS });
      expect({ sql: sqlMatches, memory: memoryMatches }).toEqual({ sql: matches, memory: matches });
    },
  );

  const ERROR_COLUMN = { list: 'c_list', number: 'c_integer', boolean: 'c_boolean', date: 'c_date', text: 'c_string' };

  it.each(FILTER_ERROR_FIXTURES.map((f) => [f.kind, f.expr] as const))(
    'should not run a malformed %s filter %j: 400 naming the column',
    async (kind, expr) => {
      const column = ERROR_COLUMN[kind];
      const url = `/api/v1/global?name=TestFilter&filter[${column}]=${encodeURIComponent(expr)}`;
      const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(column);
    },
  );

  it('should not filter on a column the template does not have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/global?name=TestFilter&filter[secret]=1',
      headers: t.admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('secret');
  });
});
