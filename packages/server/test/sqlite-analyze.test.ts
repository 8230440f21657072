import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DepthTestApp, createDepthApp, seedDepthExample } from './depth-model-fixture';
import { multipart } from './files-fixture';

const SAMPLES = 1300;

// Schema sync analyses the samples table while it is empty: no STAT4 samples, so the list cannot
// tell a broad `top` range (scan in id order) from a narrow one (the index) and leaves it to SQLite,
// which reads every range through the index (6x slower at 1M samples, range-hints.test.ts). After
// an import the statistics are refreshed off the event loop and broad ranges scan again.
describe('SQLite statistics after an import into an empty table', () => {
  let t: DepthTestApp;
  const countSql = async (filter: string) => {
    t.statements.length = 0;
    const url = `/api/v1/global?name=CurationSample&per-page=20&filter[top]=${filter}&filter[sample_material]=SED`;
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    return t.statements.find((s) => /COUNT\(\*\) AS n FROM \(SELECT 1 AS one FROM "curation_sample"/.test(s.sql))?.sql;
  };

  beforeAll(async () => {
    t = await createDepthApp('sqlite');
    const ids = await seedDepthExample(t.db);
    const split = ids.wr.a2s1;
    const lines = Array.from({ length: SAMPLES }, (_, i) => `${String(split)},${String(i % 13)},1,SED`);
    const csv = ['Section Split ID,top,Sample Length [cm],Sample Material', ...lines].join('\n');
    const body = multipart([
      { name: 'form', value: 'sample' },
      { name: 'file', filename: 'samples.csv', type: 'text/csv', data: Buffer.from(csv) },
    ]);
    await t.analyzer?.idle();
    expect(await countSql('%3E1')).not.toContain('+"r"."top"');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import/commit',
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  it('a broad range scans and a narrow one keeps the index once the import is analysed', async () => {
    await t.analyzer?.idle();
    expect(await countSql('%3E1')).toContain('+"r"."top"');
    expect(await countSql('%3E11')).not.toContain('+"r"."top"');
  });
});
