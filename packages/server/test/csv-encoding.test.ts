import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodingOf, wholeCharacters } from '../src/modules/import/readers/csv-reader';

// Issue 20: a CSV's encoding is found by checking the whole file as UTF-8, a megabyte at a time,
// without leaving the file's size in memory behind (a 1M-row import's peak).

const MB = 1024 * 1024;
const folder = mkdtempSync(path.join(os.tmpdir(), 'mdis-csv-encoding-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function fileOf(name: string, bytes: Buffer): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

/** ASCII lines of CSV, `size` bytes. */
const ascii = (size: number) => Buffer.alloc(size, 'a,b\n');

describe('encodingOf', () => {
  it('reads UTF-8 whose characters straddle the megabyte reads as UTF-8', async () => {
    for (const character of ['é', '€', '😀']) {
      const encoded = Buffer.from(character, 'utf8');
      for (let split = 1; split < encoded.length; split += 1) {
        const bytes = Buffer.concat([ascii(MB - split), encoded, ascii(100)]);
        expect(await encodingOf(fileOf(`straddle-${String(split)}.csv`, bytes))).toBe('utf8');
      }
    }
  });

  it('reads a file with one Latin-1 byte anywhere, even the last, as Latin-1', async () => {
    const e = Buffer.from('é', 'latin1');
    for (const at of [0, MB - 1, MB, 3 * MB + 17]) {
      const bytes = Buffer.concat([ascii(at), e, ascii(3 * MB + 20 - at)]);
      expect(await encodingOf(fileOf(`latin-${String(at)}.csv`, bytes))).toBe('latin1');
    }
    expect(await encodingOf(fileOf('latin-last.csv', Buffer.concat([ascii(2 * MB), e])))).toBe('latin1');
    expect(await encodingOf(fileOf('empty.csv', Buffer.alloc(0)))).toBe('utf8');
  });

  it('keeps no copy of the file in memory while it checks it', async () => {
    const file = fileOf('large.csv', Buffer.concat([ascii(32 * MB), Buffer.from('Bohrkern ü\n', 'utf8')]));
    const outside = () => process.memoryUsage().external;
    const before = outside();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, outside())), 1);
    try {
      expect(await encodingOf(file)).toBe('utf8');
    } finally {
      clearInterval(sampler);
    }
    // Decoding it a megabyte at a time left most of the file's size outside V8's heap until a collection.
    expect(Math.max(peak, outside()) - before).toBeLessThan(8 * MB);
  });
});

describe('wholeCharacters', () => {
  it('ends before a character whose bytes run past the end', () => {
    const euro = [...Buffer.from('€', 'utf8')];
    expect(wholeCharacters(Uint8Array.from([0x61, ...euro]))).toBe(4);
    expect(wholeCharacters(Uint8Array.from([0x61, ...euro.slice(0, 2)]))).toBe(1);
    expect(wholeCharacters(Uint8Array.from([0x61, ...euro.slice(0, 1)]))).toBe(1);
    expect(wholeCharacters(Uint8Array.from([0x61, 0x62]))).toBe(2);
    expect(wholeCharacters(new Uint8Array(0))).toBe(0);
  });
});
