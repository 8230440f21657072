import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DepthTestApp, createDepthApp, seedDepthExample } from './depth-model-fixture';

// Another instance alters a table (a template sync there) while this one holds statements prepared
// against its old shape and has not yet seen the template revision move: PostgreSQL answers
// "cached plan must not change result type", which inside a transaction aborts it.
describe.runIf(process.env.TEST_DATABASE_URL)('a table altered under prepared statements (postgres)', () => {
  let t: DepthTestApp;
  beforeAll(async () => {
    t = await createDepthApp('postgres');
    await seedDepthExample(t.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.admin });
  // A text filter runs in a transaction (its statement_timeout is SET LOCAL).
  const filtered = '/api/v1/global?name=ProjectSite&filter[site]=1';
  /** Past this instance's schema sync: nothing here learns of it (another instance's DDL). */
  let width = 300;
  const alterElsewhere = async (column: string, table = 'project_site') => {
    width += 1;
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} TYPE varchar(${sql.lit(width)})`.execute(
      t.db,
    );
  };

  it('a read in a transaction is answered, not a 500', async () => {
    for (let round = 0; round < 3; round += 1) expect((await get(filtered)).statusCode).toBe(200);
    await alterElsewhere('site');
    // Every pooled connection that prepared the statement meets the new shape once.
    for (let round = 0; round < 3; round += 1) {
      const response = await get(filtered);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ items: { site: string }[] }>().items.map((item) => item.site)).toEqual(['1']);
    }
  });

  // The site's combined id is built from its expedition's, read in the write's transaction.
  it.each([
    ['combined_id', 'project_expedition'],
    ['site', 'project_site'],
  ])(
    'a write whose transaction reads through a stale statement is saved once (%s of %s altered)',
    async (column, table) => {
      const sites = (await get('/api/v1/global?name=ProjectSite&per-page=-1')).json<{
        items: Record<string, unknown>[];
      }>();
      const site = sites.items[0];
      const put = (comment: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/global/${String(site.id)}?name=ProjectSite`,
          headers: t.admin,
          payload: { comment: `${table}.${column} ${comment}` },
        });
      for (let round = 0; round < 3; round += 1) expect((await put(`before ${String(round)}`)).statusCode).toBe(200);
      await alterElsewhere(column, table);
      for (let round = 0; round < 3; round += 1) {
        const response = await put(`after ${String(round)}`);
        expect(response.statusCode, response.body).toBe(200);
      }
      const history = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM record_history
      WHERE table_name = 'project_site' AND record_id = ${site.id} AND changes LIKE ${`%${table}.${column} after 2%`}`.execute(
        t.db,
      );
      expect(Number(history.rows[0]?.n)).toBe(1);
    },
  );
});
