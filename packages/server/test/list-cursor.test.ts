// Keyset paging of the generic lists: `_meta.nextCursor` → `cursor=` walks the same rows as
// page/per-page, for sorts an index serves (with ties and NULLs across page boundaries).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { CURSOR_MESSAGES } from '../src/engine/records/record-keyset';
import { type DepthTestApp, createDepthApp, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';

type Rec = Record<string, unknown>;
interface Page {
  items: Rec[];
  _meta: Rec & { nextCursor?: string };
}
const SAMPLES = 101;
const PER_PAGE = 7;

describe.each(DIALECTS)('cursor paging (%s)', (dialect) => {
  let t: DepthTestApp;
  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/global?name=CurationSample&${query}`, headers: t.admin });
  const list = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  /** Every page by cursor from page 1 on: the ids in order, and the number of pages. */
  const walk = async (query: string) => {
    const ids: unknown[] = [];
    let page = await list(`per-page=${String(PER_PAGE)}&${query}`);
    let pages = 1;
    ids.push(...page.items.map((row) => row.id));
    while (page._meta.nextCursor !== undefined) {
      pages += 1;
      const cursor = encodeURIComponent(page._meta.nextCursor);
      page = await list(`per-page=${String(PER_PAGE)}&page=${String(pages)}&cursor=${cursor}&${query}`);
      expect(page._meta.currentPage).toBe(pages);
      ids.push(...page.items.map((row) => row.id));
    }
    return { ids, pages };
  };

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    const ids = await seedDepthExample(t.db);
    const splits = Object.values(ids.wr);
    // Repeated IGSNs, split ids and tops, and NULL IGSNs: ties and NULLs fall on page boundaries.
    const rows = Array.from({ length: SAMPLES }, (_, i) => ({
      section_split_id: splits[i % splits.length],
      combined_id: `S${String(i)}`,
      igsn: i % 7 === 0 ? null : `IGSN${String(i % 9).padStart(3, '0')}`,
      top: i % 13,
      sample_length: 1,
    }));
    await asDynamic(t.db).insertInto('curation_sample').values(rows).execute();
  });
  afterAll(() => t.close());

  it.each(['id', '-id', 'igsn', '-igsn', 'section_split_id,top', '-section_split_id,-top'])(
    'walking by cursor gives the rows of page/offset walking, sorted by %s',
    async (sort) => {
      for (const filter of ['', `&filter[top]=${encodeURIComponent('>3')}`]) {
        const whole = (await list(`per-page=-1&sort=${sort}${filter}`)).items.map((row) => row.id);
        expect(whole.length).toBeGreaterThan(PER_PAGE * 3);
        const { ids, pages } = await walk(`sort=${sort}${filter}`);
        expect(ids).toEqual(whole);
        expect(pages).toBe(Math.ceil(whole.length / PER_PAGE) + (whole.length % PER_PAGE === 0 ? 1 : 0));
        // Page 3 by offset is page 3 by cursor.
        const third = await list(`per-page=${String(PER_PAGE)}&page=3&sort=${sort}${filter}`);
        expect(third.items.map((row) => row.id)).toEqual(whole.slice(PER_PAGE * 2, PER_PAGE * 3));
        expect(third._meta.totalCount).toBe(whole.length);
      }
    },
  );

  it('a limited selection still pages by cursor, and shows only the columns asked for', async () => {
    const whole = (await list('per-page=-1&sort=-igsn&fields=combined_id')).items.map((row) => row.combined_id);
    const first = await list(`per-page=${String(PER_PAGE)}&sort=-igsn&fields=combined_id`);
    expect(Object.keys(first.items[0] ?? {})).toEqual(['combined_id']);
    const cursor = encodeURIComponent(first._meta.nextCursor ?? '');
    const second = await list(`per-page=${String(PER_PAGE)}&sort=-igsn&fields=combined_id&cursor=${cursor}`);
    expect(second.items.map((row) => row.combined_id)).toEqual(whole.slice(PER_PAGE, PER_PAGE * 2));
  });

  it('no cursor for a sort no index serves, nor on the last page', async () => {
    expect((await list(`per-page=${String(PER_PAGE)}&sort=sample_date`))._meta.nextCursor).toBeUndefined();
    expect((await list(`per-page=${String(PER_PAGE)}&sort=mcd_top_depth`))._meta.nextCursor).toBeUndefined();
    const total = (await list('per-page=1'))._meta.totalCount as number;
    expect((await list(`per-page=${String(total + 1)}&sort=id`))._meta.nextCursor).toBeUndefined();
    // A full last page has a cursor; the page after it is empty and has none.
    const full = await list(`per-page=${String(total)}&sort=id`);
    const after = await list(`per-page=${String(total)}&sort=id&cursor=${full._meta.nextCursor ?? ''}`);
    expect(after.items).toEqual([]);
    expect(after._meta.nextCursor).toBeUndefined();
  });

  it('a bad cursor is a 400 that says what is wrong', async () => {
    const first = await list(`per-page=${String(PER_PAGE)}&sort=igsn`);
    const cursor = first._meta.nextCursor ?? '';
    const tampered = Buffer.from(JSON.stringify(['igsn,id', [12, 'x']])).toString('base64url');
    const cases: [string, string][] = [
      ['sort=igsn&cursor=not-a-cursor', CURSOR_MESSAGES.invalid],
      [`sort=igsn&cursor=${tampered}`, CURSOR_MESSAGES.invalid],
      [`sort=-igsn&cursor=${encodeURIComponent(cursor)}`, CURSOR_MESSAGES.otherSort],
      [`sort=sample_date&cursor=${encodeURIComponent(cursor)}`, CURSOR_MESSAGES.unsupported('sample_date')],
    ];
    for (const [query, message] of cases) {
      const response = await get(`per-page=${String(PER_PAGE)}&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<Rec>().message).toBe(message);
    }
  });
});
