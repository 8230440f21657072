import { describe, expect, it } from 'vitest';
import { isWholeList } from './list-rules';
import { listQuerySchema, parseSortTerms } from './list.schemas';

describe('listQuerySchema', () => {
  it('gathers filter[col]=expr keys into the filter map, repeated keys as a list', () => {
    const query = listQuerySchema.parse({ 'filter[depth]': '>5', 'filter[hole]': ['A', '!=B'], page: '2' });
    expect(query).toMatchObject({ page: 2, 'per-page': 20, filter: { depth: '>5', hole: ['A', '!=B'] } });
  });

  it('keeps a parameter named __proto__ a plain key, never the prototype of the query', () => {
    // As the prototype, an array would lend the query its `sort` method.
    expect(listQuerySchema.safeParse(JSON.parse('{"__proto__": ["a", "b"], "filter[x]": "1"}')).success).toBe(true);
  });

  it('refuses a plain filter= next to the map', () => {
    expect(listQuerySchema.safeParse({ filter: 'x', 'filter[a]': '1' }).success).toBe(false);
  });

  it('reads fields as a list and an empty one as none', () => {
    expect(listQuerySchema.parse({ fields: 'id, name,' }).fields).toEqual(['id', 'name']);
    expect(listQuerySchema.parse({ fields: '' }).fields).toBeUndefined();
  });
});

describe('isWholeList and parseSortTerms', () => {
  it('takes page -1 or a page size of 0 or less as every row', () => {
    expect([isWholeList(-1), isWholeList(0), isWholeList(20, -1), isWholeList(20), isWholeList(20, 0)]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads sort=a,-b', () => {
    expect(parseSortTerms(' a,-b ,')).toEqual([
      { column: 'a', direction: 'asc' },
      { column: 'b', direction: 'desc' },
    ]);
  });
});
