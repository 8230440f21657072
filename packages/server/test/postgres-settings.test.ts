import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DepthTestApp,
  createDepthApp,
  explainStatement,
  insertRow,
  seedDepthExample,
} from './depth-model-fixture';

// PostgreSQL 15 put a Memoize node on each parent join of the samples list and sized its hash table
// for the estimated million keys at every execution: 15-40 ms for a page that runs in 0.3 ms (bench
// S1 at 1M samples). The app's connections run without it.
describe.runIf(process.env.TEST_DATABASE_URL)('the list on PostgreSQL (connection settings)', () => {
  let t: DepthTestApp;
  beforeAll(async () => {
    t = await createDepthApp('postgres');
    const ids = await seedDepthExample(t.db);
    for (let i = 0; i < 5; i += 1)
      await insertRow(t.db, 'curation_sample', { section_split_id: ids.wr.a2s1, combined_id: `S${String(i)}`, top: i });
  });
  afterAll(() => t.close());

  it('plans the page of samples without Memoize on the app’s connections', async () => {
    const { rows } = await sql<{ enable_memoize: string }>`SHOW enable_memoize`.execute(t.db);
    expect(rows[0]?.enable_memoize).toBe('off');
    t.statements.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/global?name=CurationSample', headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    const page = t.statements.find((s) => /FROM "curation_sample" AS r LEFT JOIN/.test(s.sql));
    expect(page).toBeDefined();
    if (page) expect(await explainStatement(t.db, 'postgres', page)).not.toMatch(/Memoize/);
  });
});
