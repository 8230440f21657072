import { LIST_VALUE_MESSAGES, type ListValue } from '@mdis/shared';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { API, expect422, type Item, useListValuesApp } from './list-values-fixture';

// The original's test fixture (reference §4): ANALYST has equal sorts, so order ties fall to the id.
const ANALYST: Item[] = [
  ['CK', 'Cindy Kunkel', 1],
  ['KH', 'Katja Heeschen', 1],
  ['KB', 'Knut Behrends', 1],
  ['TG', 'Thomas Gibson', 0],
  ['SPH', 'Steve Hesselbo', 0],
];

describe.each(DIALECTS)('list values API (%s)', (dialect) => {
  const { ctx, makeList, as, itemsOf, displays, listNames } = useListValuesApp(dialect);

  describe('reading', () => {
    it('answers every item of one list, sorted by sort then id, without paging', async () => {
      await makeList('ANALYST', ANALYST);
      const long = await makeList(
        'LONG_LIST',
        Array.from({ length: 200 }, (_, i): Item => [`LL${i + 1}`, `long ${i + 1}`, 200 - i]),
      );
      expect(await displays('ANALYST')).toEqual(['TG', 'SPH', 'CK', 'KH', 'KB']);
      const byName = await as('viewer', 'GET', `${API}?listname=ANALYST`);
      expect(byName.json<{ items: ListValue[] }>().items.map((item) => item.display)).toEqual([
        'TG',
        'SPH',
        'CK',
        'KH',
        'KB',
      ]);

      const response = await as('viewer', 'GET', `${API}?filter[listname]=LONG_LIST&per-page=5&page=2`);
      const body = response.json<{ items: ListValue[]; _meta: object }>();
      expect(body.items).toHaveLength(200);
      expect(body.items[0]).toEqual({
        id: long.items[199],
        list_id: long.id,
        listname: 'LONG_LIST',
        display: 'LL200',
        remark: 'long 200',
        uri: null,
        sort: 1,
      });
      expect(body._meta).toEqual({ totalCount: 200, pageCount: 1, currentPage: 1, perPage: 200 });
    });

    it('answers an unknown list as empty, and creates nothing by reading', async () => {
      const before = await listNames();
      const response = await as('viewer', 'GET', `${API}?filter[listname]=NO_SUCH_LIST`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [],
        _meta: { totalCount: 0, pageCount: 1, currentPage: 1, perPage: 0 },
      });
      const empty = await as('viewer', 'GET', `${API}?filter[listname]=`);
      expect(empty.json()).toMatchObject({ items: [] });
      expect(await listNames()).toEqual(before);
    });

    it('answers one item by id, 404 for an unknown id and 400 for a malformed one', async () => {
      const list = await makeList('BY_ID', [['A', 'Alpha', 3]]);
      const found = await as('readOnly', 'GET', `${API}/${list.items[0]}`);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({
        id: list.items[0],
        list_id: list.id,
        listname: 'BY_ID',
        display: 'A',
        remark: 'Alpha',
        uri: null,
        sort: 3,
      });
      const missing = await as('viewer', 'GET', `${API}/999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: LIST_VALUE_MESSAGES.itemNotFound, status: 404 });
      expect((await as('viewer', 'GET', `${API}/abc`)).statusCode).toBe(400);
    });

    it('answers the list names alphabetically, regardless of case', async () => {
      await makeList('zeta_list', []);
      await makeList('Beta_List', []);
      await makeList('alpha_list', []);
      const names = await listNames();
      const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const expected = [...names].sort((a, b) => byCodePoint(a.toLowerCase(), b.toLowerCase()) || byCodePoint(a, b));
      expect(names).toEqual(expected);
      expect(names.indexOf('alpha_list')).toBeLessThan(names.indexOf('Beta_List'));
      expect(names.indexOf('Beta_List')).toBeLessThan(names.indexOf('zeta_list'));
      expect(names.at(-1)).toBe('zeta_list');
    });

    it('answers the list info, or 404 with the exact message', async () => {
      const list = await makeList('INFO_LIST', [], true);
      const info = await as('viewer', 'GET', `${API}/list?listname=INFO_LIST`);
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({ id: list.id, listname: 'INFO_LIST', is_locked: true, list_uri: null });

      const missing = await as('viewer', 'GET', `${API}/list?listname=NOPE`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Unable to find list with name NOPE', status: 404 });
      expect((await as('viewer', 'GET', `${API}/list`)).statusCode).toBe(400);
    });
  });

  describe('writing items', () => {
    it('creates an item by listname or list_id, with the default sort 0', async () => {
      const list = await makeList('CREATE_LIST', [['B', 'Bravo', 5]]);
      const byName = await as('operator', 'POST', API, { listname: 'CREATE_LIST', display: 'A', remark: 'Alpha' });
      expect(byName.statusCode, byName.body).toBe(201);
      expect(byName.json()).toMatchObject({ list_id: list.id, listname: 'CREATE_LIST', display: 'A', sort: 0 });

      const byId = await as('operator', 'POST', API, { list_id: list.id, display: 'C', remark: 'Charlie', sort: '9' });
      expect(byId.statusCode, byId.body).toBe(201);
      expect(byId.json()).toMatchObject({ listname: 'CREATE_LIST', display: 'C', sort: 9 });
      expect(await displays('CREATE_LIST')).toEqual(['A', 'B', 'C']);
    });

    it('creates a new list when an item names a list that does not exist yet', async () => {
      const created = await as('operator', 'POST', API, { listname: 'BRAND_NEW', display: 'X', remark: 'x-ray' });
      expect(created.statusCode, created.body).toBe(201);
      expect(await listNames()).toContain('BRAND_NEW');
      expect((await as('viewer', 'GET', `${API}/list?listname=BRAND_NEW`)).json()).toMatchObject({
        is_locked: false,
      });
    });

    it('refuses an item without a usable list, and changes nothing', async () => {
      const list = await makeList('OTHER_LIST', []);
      await makeList('MISMATCH_LIST', []);
      const namesBefore = await listNames();
      expect422(await as('operator', 'POST', API, { display: 'A' }), 'listname', LIST_VALUE_MESSAGES.listRequired);
      expect422(
        await as('operator', 'POST', API, { list_id: 999999, display: 'A' }),
        'list_id',
        'Unable to find list with id 999999',
      );
      expect422(
        await as('operator', 'POST', API, { list_id: list.id, listname: 'MISMATCH_LIST', display: 'A' }),
        'listname',
        LIST_VALUE_MESSAGES.listMismatch,
      );
      expect422(
        await as('operator', 'POST', API, { listname: 'bad name!', display: 'A' }),
        'listname',
        LIST_VALUE_MESSAGES.listnameFormat,
      );
      expect(await listNames()).toEqual(namesBefore);
      expect(await displays('OTHER_LIST')).toEqual([]);
      expect(await displays('MISMATCH_LIST')).toEqual([]);
    });

    it('answers a body that is no item object with a 4xx, never a 500', async () => {
      await makeList('BODY_LIST', []);
      const bodies = ['[1]', '"text"', '{"display": ', 'null'];
      for (const payload of bodies) {
        for (const [method, url] of [
          ['POST', API],
          ['PUT', `${API}/1`],
          ['PUT', `${API}/list?listname=BODY_LIST`],
        ] as const) {
          const response = await ctx.t.app.inject({
            method,
            url,
            payload,
            headers: { ...ctx.headers.administrator, 'content-type': 'application/json' },
          });
          expect(response.statusCode, `${method} ${url} ${payload}: ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        }
      }
      expect(await displays('BODY_LIST')).toEqual([]);
    });

    it('requires a display, unique within the list', async () => {
      await makeList('DISPLAY_LIST', [['A', 'Alpha', 0]]);
      expect422(
        await as('operator', 'POST', API, { listname: 'DISPLAY_LIST', remark: 'no display' }),
        'display',
        LIST_VALUE_MESSAGES.displayRequired,
      );
      expect422(
        await as('operator', 'POST', API, { listname: 'DISPLAY_LIST', display: '   ' }),
        'display',
        LIST_VALUE_MESSAGES.displayRequired,
      );
      expect422(
        await as('operator', 'POST', API, { listname: 'DISPLAY_LIST', display: 'x'.repeat(256) }),
        'display',
        LIST_VALUE_MESSAGES.displayTooLong,
      );
      expect422(
        await as('operator', 'POST', API, { listname: 'DISPLAY_LIST', display: 'A', remark: 'again' }),
        'display',
        'Display "A" has already been taken.',
      );
      // Outside UPLOAD_FILE_TYPE any text is a display, spaces included.
      expect((await as('operator', 'POST', API, { listname: 'DISPLAY_LIST', display: 'a b' })).statusCode).toBe(201);
      expect(await displays('DISPLAY_LIST')).toEqual(['A', 'a b']);
    });

    it('says "Sort must be a number" and changes nothing', async () => {
      const list = await makeList('SORT_LIST', [['A', 'Alpha', 4]]);
      for (const sort of ['abc', '1e3', true, [1], '']) {
        const response = await as('operator', 'POST', API, { listname: 'SORT_LIST', display: 'B', sort });
        if (sort === '') {
          // An emptied input means the default sort.
          expect(response.json()).toMatchObject({ sort: 0 });
          await as('operator', 'DELETE', `${API}/${response.json<ListValue>().id}`);
          continue;
        }
        expect422(response, 'sort', LIST_VALUE_MESSAGES.sortNumber);
      }
      expect422(await as('operator', 'PUT', `${API}/${list.items[0]}`, { sort: 'x' }), 'sort', 'Sort must be a number');
      expect422(
        await as('operator', 'PUT', `${API}/${list.items[0]}`, { sort: 1.5 }),
        'sort',
        'Sort must be an integer',
      );
      expect(await itemsOf('SORT_LIST')).toEqual([expect.objectContaining({ display: 'A', sort: 4 })]);
    });

    it('updates an item and the list order follows its sort', async () => {
      const list = await makeList('UPDATE_LIST', [
        ['A', 'Alpha', 1],
        ['B', 'Bravo', 2],
      ]);
      const response = await as('operator', 'PUT', `${API}/${list.items[0]}`, {
        listname: 'UPDATE_LIST',
        display: 'A2',
        remark: 'Alpha two',
        uri: 'https://example.org/a2',
        sort: 3,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        id: list.items[0],
        list_id: list.id,
        listname: 'UPDATE_LIST',
        display: 'A2',
        remark: 'Alpha two',
        uri: 'https://example.org/a2',
        sort: 3,
      });
      expect(await displays('UPDATE_LIST')).toEqual(['B', 'A2']);
      expect((await as('operator', 'PUT', `${API}/999999`, { remark: 'x' })).statusCode).toBe(404);
      expect((await as('operator', 'PUT', `${API}/0`, { remark: 'x' })).statusCode).toBe(400);
    });

    it('never moves an item to another list, nor takes a sibling display', async () => {
      const list = await makeList('STAY_LIST', [
        ['A', 'Alpha', 0],
        ['B', 'Bravo', 1],
      ]);
      const other = await makeList('ELSEWHERE', []);
      const id = list.items[0];
      expect422(
        await as('operator', 'PUT', `${API}/${id}`, { listname: 'ELSEWHERE' }),
        'listname',
        LIST_VALUE_MESSAGES.moveNotAllowed,
      );
      expect422(
        await as('operator', 'PUT', `${API}/${id}`, { list_id: other.id }),
        'list_id',
        LIST_VALUE_MESSAGES.moveNotAllowed,
      );
      expect422(
        await as('operator', 'PUT', `${API}/${id}`, { display: 'B' }),
        'display',
        'Display "B" has already been taken.',
      );
      expect(await displays('STAY_LIST')).toEqual(['A', 'B']);
      expect(await displays('ELSEWHERE')).toEqual([]);
    });

    it('deletes an item (204), then answers 404 for it', async () => {
      const list = await makeList('DELETE_LIST', [
        ['A', 'Alpha', 0],
        ['B', 'Bravo', 1],
      ]);
      const response = await as('operator', 'DELETE', `${API}/${list.items[0]}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await as('viewer', 'GET', `${API}/${list.items[0]}`)).statusCode).toBe(404);
      expect((await as('operator', 'DELETE', `${API}/${list.items[0]}`)).statusCode).toBe(404);
      expect(await displays('DELETE_LIST')).toEqual(['B']);
    });
  });

  describe('UPLOAD_FILE_TYPE', () => {
    it('accepts only a-z, A-Z, _ and - as abbreviation, unique regardless of case', async () => {
      const list = await makeList('UPLOAD_FILE_TYPE', [
        ['CS', 'core-scans', 0],
        ['PH', 'photos', 1],
      ]);
      for (const display of ['core scans', 'C/S', '../etc', 'CS1', 'Bohrkern-ä', 'a.b']) {
        expect422(
          await as('operator', 'POST', API, { listname: 'UPLOAD_FILE_TYPE', display, remark: 'x' }),
          'display',
          LIST_VALUE_MESSAGES.uploadFileTypeDisplay,
        );
      }
      for (const display of ['CS', 'cs']) {
        expect422(
          await as('operator', 'POST', API, { listname: 'UPLOAD_FILE_TYPE', display, remark: 'x' }),
          'display',
          `Display "${display}" has already been taken.`,
        );
      }
      expect422(
        await as('operator', 'PUT', `${API}/${list.items[1]}`, { display: 'P H' }),
        'display',
        LIST_VALUE_MESSAGES.uploadFileTypeDisplay,
      );
      expect422(
        await as('operator', 'PUT', `${API}/${list.items[1]}`, { display: 'Cs' }),
        'display',
        'Display "Cs" has already been taken.',
      );
      expect(await displays('UPLOAD_FILE_TYPE')).toEqual(['CS', 'PH']);

      const created = await as('operator', 'POST', API, {
        listname: 'UPLOAD_FILE_TYPE',
        display: 'Thin_sections-x',
        remark: 'thin sections',
        sort: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await displays('UPLOAD_FILE_TYPE')).toEqual(['CS', 'PH', 'Thin_sections-x']);
    });
  });
});
