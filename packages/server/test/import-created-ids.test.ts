import { describe, expect, it } from 'vitest';
import { CreatedIds } from '../src/modules/import/import-state';

// Issue 20 item 4: what an import remembers of the records it created (for the compensation of an
// import committed in parts) stays a few numbers per batch, not one per row.

describe('the ids an import created', () => {
  it('keeps 100,000 ids given batch by batch as one run, and gives them back newest first', () => {
    const created = new CreatedIds();
    for (let id = 1; id <= 100_000; id += 1) created.push(id);
    expect(created.length).toBe(100_000);
    expect(created.runs).toBe(1);
    const slices = [...created.newestFirst(30_000)];
    expect(slices.map((slice) => slice.length)).toEqual([30_000, 30_000, 30_000, 10_000]);
    expect(slices.flat()).toEqual(Array.from({ length: 100_000 }, (_, index) => 100_000 - index));
  });

  it('forgets the ids of a batch rolled back, and keeps ids that are not consecutive apart', () => {
    const created = new CreatedIds();
    for (const id of [5, 6, 7, 20]) created.push(id);
    const mark = created.mark();
    for (const id of [21, 22, 40]) created.push(id);
    expect([...created.newestFirst(10)]).toEqual([[40, 22, 21, 20, 7, 6, 5]]);
    created.reset(mark);
    expect(created.length).toBe(4);
    expect([...created.newestFirst(10)]).toEqual([[20, 7, 6, 5]]);
    created.push(30);
    expect(created.runs).toBe(3);
    expect([...created.newestFirst(2)]).toEqual([[30, 20], [7, 6], [5]]);
  });
});
