import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';
import { postCsvImport } from './helpers/drilling-app';

type Row = Record<string, unknown>;

// Issue 20: on PostgreSQL the file's next batch (1,000 rows) is read while the current one is written
// (read-ahead.ts). What a user sees stays as it was: the rows in file order, the counts, a failing
// row or an unreadable line in a later batch ending the import with nothing written.

describe.each(DIALECTS)('import reading ahead (%s)', (dialect) => {
  let t: TwoExpeditions;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  }, 120_000);
  afterAll(() => t.close());

  const post = (step: 'preview' | 'commit', csv: string) => postCsvImport(t, step, 'sample', csv, 'text/csv');
  /** `field` of the samples whose comment holds `marker`, by id. */
  const listed = async (marker: string, field = 'comment') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/form?name=sample&per-page=-1&sort=id&fields=id,${field}&filter[comment]=${encodeURIComponent(marker)}`,
      headers: t.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items.map((item) => item[field]);
  };
  /** `count` sample rows on the own split, each commented `<marker> <row>`; `line(row)` replaces a row's line. */
  const csvOf = (marker: string, count: number, line?: (row: number) => string | undefined) => {
    const split = String(t.own.split.combined_id);
    const lines = ['section_split_id,top,sample_length,sample_material,comment'];
    for (let row = 1; row <= count; row += 1)
      lines.push(line?.(row) ?? `${split},${String(row % 100)},1,ROCK,${marker} ${String(row)}`);
    return `${lines.join('\n')}\n`;
  };

  it('commits 2,500 rows read in three batches in file order, with their counts', async () => {
    const response = await post('commit', csvOf('ahead', 2_500));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Row>().counts).toEqual({ total: 2_500, new: 2_500, updated: 0, unchanged: 0, errors: 0 });
    expect(await listed('ahead ')).toEqual(Array.from({ length: 2_500 }, (_, i) => `ahead ${String(i + 1)}`));
    // each batch's IGSNs from the ancestors' codes the first batch read: the expedition's, none twice
    const igsns = (await listed('ahead ', 'igsn')).map(String);
    expect(igsns.filter((igsn) => !igsn.startsWith('ICDP5065'))).toEqual([]);
    expect(new Set(igsns).size).toBe(2_500);
  }, 120_000);

  it('writes nothing of a file whose second batch has a failing row, and names it (422)', async () => {
    const csv = csvOf('halfway', 2_500, (row) =>
      row === 1_500 ? `5065_9_Z_999_9_XX,1,1,ROCK,halfway ${String(row)}` : undefined,
    );
    const preview = await post('preview', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Row>().counts).toEqual({ total: 2_500, new: 2_499, updated: 0, unchanged: 0, errors: 1 });
    const commit = await post('commit', csv);
    expect(commit.statusCode, commit.body).toBe(422);
    expect(commit.json<Row>()).toMatchObject({
      counts: { total: 2_500, errors: 1 },
      errors: [
        {
          row: 1_500,
          column: 'section_split_id',
          message: "Section Split ID: no record has the key '5065_9_Z_999_9_XX'.",
        },
      ],
    });
    expect(await listed('halfway')).toEqual([]);
  }, 120_000);

  it('ends with the reader error of a line in the third batch, after writing nothing', async () => {
    const csv = csvOf('unreadable', 2_500, (row) => (row === 2_200 ? '"abc"x,1,1,ROCK,broken' : undefined));
    const commit = await post('commit', csv);
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json<Row>().message).toMatch(/^The file cannot be read: Parse Error/);
    expect(await listed('unreadable')).toEqual([]);
  }, 120_000);
});
