import { describe, expect, it } from 'vitest';
import { readAhead } from '../src/modules/import/read-ahead';

// Issue 20: an import reads the file's next batch while it writes the current one (read-ahead.ts).

/** A source of `count` items (the item at `failAt` an error) that logs when each is asked for and closed. */
function source(count: number, failAt?: number) {
  const log: string[] = [];
  async function* items() {
    try {
      for (let index = 0; index < count; index += 1) {
        log.push(`read ${String(index)}`);
        await new Promise((resolve) => setImmediate(resolve));
        if (index === failAt) throw new Error(`unreadable ${String(index)}`);
        yield index;
      }
    } finally {
      log.push('closed');
    }
  }
  return { log, items: items() };
}

const turns = (count: number) =>
  Array.from({ length: count }).reduce<Promise<void>>(
    (previous) => previous.then(() => new Promise((resolve) => setImmediate(resolve))),
    Promise.resolve(),
  );

describe('readAhead', () => {
  it('hands the items on in order, the next one read while the consumer works, never more than one ahead', async () => {
    const { log, items } = source(4);
    const seen: number[] = [];
    for await (const item of readAhead(items)) {
      log.push(`use ${String(item)}`);
      // the consumer's slow work (a batch being written): the source reads the next item meanwhile, not two
      await turns(5);
      log.push(`used ${String(item)}`);
      seen.push(item);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    // item N+1 is read before item N's work is done, item N+2 only after it
    expect(log).toEqual([
      'read 0',
      'read 1',
      'use 0',
      'used 0',
      'read 2',
      'use 1',
      'used 1',
      'read 3',
      'use 2',
      'used 2',
      'closed',
      'use 3',
      'used 3',
    ]);
  });

  it("raises the source's error where its item would have come, after the items before it", async () => {
    const { log, items } = source(5, 2);
    const seen: number[] = [];
    const reading = (async () => {
      for await (const item of readAhead(items)) {
        await turns(3);
        seen.push(item);
      }
    })();
    await expect(reading).rejects.toThrow('unreadable 2');
    expect(seen).toEqual([0, 1]);
    expect(log).toEqual(['read 0', 'read 1', 'read 2', 'closed']);
  });

  it('closes the source when the consumer stops early, the item on its way dropped', async () => {
    const { log, items } = source(5, 1);
    const reading = (async () => {
      for await (const item of readAhead(items)) {
        await turns(3);
        throw new Error(`write of ${String(item)} failed`);
      }
    })();
    // the consumer's error, not the source's (item 1 failed while item 0 was being written)
    await expect(reading).rejects.toThrow('write of 0 failed');
    expect(log).toEqual(['read 0', 'read 1', 'closed']);
  });
});
