import { parseString } from '@fast-csv/parse';
import { describe, expect, it } from 'vitest';
import { CsvParseError, CsvRows, MAX_ROW_CHARS } from '../src/modules/import/readers/csv-rows';

// Issue 20: the import's CSV parser (modules/import/readers/csv-rows.ts) reads what @fast-csv/parse read
// with the import's options, whichever way the text is cut into chunks, and says where a file is not CSV.

function ours(text: string, delimiter: string, cuts: number[] = []): string[][] {
  const parser = new CsvRows(delimiter);
  const rows: string[][] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    parser.push(text.slice(from, cut), rows);
    from = cut;
  }
  parser.end(rows);
  return rows;
}

function theirs(text: string, delimiter: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text, {
      delimiter,
      ignoreEmpty: true,
      trim: false,
      discardUnmappedColumns: false,
      strictColumnHandling: false,
    })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

const SAMPLES: [name: string, text: string, delimiter: string][] = [
  ['plain', 'a,b,c\n1,2,3\n4,5,6\n', ','],
  ['no final line break', 'a,b\n1,2', ','],
  ['CRLF and lone CR', 'a;b\r\n1;2\r3;4\r\n', ';'],
  ['quoted delimiters, line breaks and doubled quotes', 'a,b\n"x, y","line 1\nline 2"\n"say ""hi""",z\n', ','],
  ['empty fields and a trailing delimiter', 'a,b,c\n,,\n1,,3,\n', ','],
  ['blank and whitespace-only lines are skipped', 'a\tb\n\n  \t \n1\t2\n\n', '\t'],
  ['spaces kept, dropped only before a quote', 'a|b\n  x  |  "y"  \n', '|'],
  ['rows of different lengths', 'a,b,c\n1\n1,2,3,4,5\n', ','],
  ['a quote inside an unquoted field', 'a,b\nab"c,d\n', ','],
  ['an empty quoted field', 'a,b\n"",x\n', ','],
  ['unicode', 'name,ort\nGröße,Zürich 😀\n', ','],
];

describe('CsvRows', () => {
  it.each(SAMPLES)('reads %s as @fast-csv/parse did', async (_name, text, delimiter) => {
    const expected = await theirs(text, delimiter);
    expect(ours(text, delimiter)).toEqual(expected);
    // cut anywhere: every place a chunk could end
    for (let cut = 1; cut < text.length; cut += 1)
      expect(ours(text, delimiter, [cut]), `cut at ${String(cut)}`).toEqual(expected);
    expect(
      ours(
        text,
        delimiter,
        Array.from({ length: text.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(expected);
  });

  it('reads 20,000 generated rows with quotes and line breaks as @fast-csv/parse did', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pieces = ['a', 'b', ' ', ',', '"', '\n', '\r\n', 'é', '1.5', ''];
    const field = () => {
      const text = Array.from(
        { length: Math.floor(random() * 5) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      return /[",\r\n]/.test(text) || /^\s/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    const text = Array.from({ length: 20_000 }, () => Array.from({ length: 4 }, field).join(',')).join('\n');
    const expected = await theirs(text, ',');
    expect(ours(text, ',', [1000, 1001, 65_536, 65_537, 131_072])).toEqual(expected);
  });

  it('names the row of a quote that is not closed, or of text after a closing quote', () => {
    expect(() => ours('a,b\n1,2\n"abc,3\n', ',')).toThrow(
      new CsvParseError(`Parse Error: missing closing '"' in row 3`),
    );
    expect(() => ours('a,b\n"abc"x,1\n', ',')).toThrow(
      new CsvParseError(`Parse Error: expected ',' or a new line after a closing quote, got 'x' in row 2`),
    );
  });

  it('does not keep an unclosed quote in memory to the end of a large file', () => {
    const parser = new CsvRows(',');
    const rows: string[][] = [];
    parser.push('a,b\n"never closed', rows);
    const line = `${'x'.repeat(1023)}\n`;
    expect(() => {
      for (let pushed = 0; pushed <= MAX_ROW_CHARS; pushed += line.length * 64) parser.push(line.repeat(64), rows);
    }).toThrow(/row 2 is longer than/);
    expect(rows).toEqual([['a', 'b']]);
  });
});
