import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Dialect } from '../src/infra/db/dialect';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { createHoleChain } from './helpers/drilling-app';
import { DIALECTS } from './helpers/dialects';
import { buildUser, login } from './helpers/factories';
import { readAppFacts } from './helpers/fuzz/app-hints';
import { changesBetween, createChangeWatch } from './helpers/fuzz/change-watch';
import {
  type ActorName,
  emptyStats,
  type FuzzContext,
  fuzzOrder,
  fuzzRoute,
  type FuzzStats,
} from './helpers/fuzz/fuzz-runner';
import { routeEntries } from './helpers/route-table';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// Property-based fuzzing of every route from its zod schemas (issue 16, "Make it stay fixed"):
// no request may get a 5xx, and a rejected one (4xx) must leave the database and the storage as
// they were. MDIS_FUZZ_RUNS=<cases per route> runs longer (random seed unless MDIS_FUZZ_SEED is set).
const LONG_RUN = process.env.MDIS_FUZZ_RUNS !== undefined;
// Sized for about 20 s on SQLite and 45 s on PostgreSQL in CI (a request costs twice as much there).
const DEFAULT_RUNS: Record<Dialect, number> = { sqlite: 48, postgres: 24 };
const SEED = Number(process.env.MDIS_FUZZ_SEED ?? (LONG_RUN ? Date.now() % 2 ** 31 : 20261125));

describe.each(DIALECTS)('fuzzing every route (%s)', (dialect) => {
  let database: TestDatabase;
  let ctx: FuzzContext;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    const app = await buildApp(config, { database });
    // Ids 1..6 are the fuzz's "existing" ids: other users to edit and delete. The actors get ids no
    // generated id reaches, so no fuzzed request deactivates or demotes the fuzzing administrator.
    for (let i = 0; i < 5; i += 1) await buildUser(database.db, { username: `fuzz-target-${i + 2}` });
    const actor = async (roles: ('administrator' | 'viewer')[], id: number) => {
      const built = await buildUser(database.db, { roles });
      await database.db.updateTable('users').set({ id }).where('id', '=', built.id).execute();
      const user = { ...built, id };
      return { user, headers: { authorization: `Bearer ${(await login(app, user.username, user.password)).token}` } };
    };
    const admin = await actor(['administrator'], 900_001);
    const viewer = await actor(['viewer'], 900_002);
    const actors: Record<ActorName, Record<string, string>> = {
      administrator: admin.headers,
      viewer: viewer.headers,
      anonymous: {},
      'bad-token': { authorization: 'Bearer not-a-token' },
    };
    await createHoleChain(async (form, payload) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/form?name=${form}`,
        payload,
        headers: admin.headers,
      });
      return response.json();
    });
    ctx = {
      app,
      watch: createChangeWatch(database.db, dialect, join(database.dataDir, 'files')),
      facts: await readAppFacts(app, database.db, admin.headers),
      actors,
      async relogin(name) {
        const user = name === 'administrator' ? admin.user : viewer.user;
        actors[name] = { authorization: `Bearer ${(await login(app, user.username, user.password)).token}` };
      },
    };
  }, 120_000);

  afterAll(async () => {
    await ctx.app.close();
    await database.destroy();
  });

  // The fuzz's second assertion is only as good as its change detection: prove it sees what it must.
  it('sees a committed write, a stored file and a schema change, but not a rolled-back write or a sliding expiry', async () => {
    const { db } = database;
    await ctx.watch.prepare();
    const start = await ctx.watch.snapshot();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ name: 'rolled back' }).where('id', '=', 2).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.updateTable('auth_tokens').set({ last_used_at: new Date().toISOString() }).execute();
    expect(changesBetween(start, await ctx.watch.snapshot())).toEqual([]);
    await db.updateTable('users').set({ name: 'changed' }).where('id', '=', 2).execute();
    await sql`CREATE TABLE fuzz_probe (id integer)`.execute(db);
    await mkdir(join(database.dataDir, 'files'), { recursive: true });
    await writeFile(join(database.dataDir, 'files', 'probe.txt'), 'x');
    expect(changesBetween(start, await ctx.watch.snapshot())).toEqual([
      '1 row write(s)',
      'the schema',
      'the stored files',
    ]);
    await sql`DROP TABLE fuzz_probe`.execute(db);
    await rm(join(database.dataDir, 'files', 'probe.txt'));
  });

  it(
    'answers every generated request without a 5xx and changes nothing when it refuses',
    { timeout: LONG_RUN ? 0 : 240_000 },
    async () => {
      const stats: FuzzStats = emptyStats();
      const runs = Number(process.env.MDIS_FUZZ_RUNS ?? DEFAULT_RUNS[dialect]);
      const started = Date.now();
      const routes = fuzzOrder(routeEntries(ctx.app));
      for (const [index, route] of routes.entries()) await fuzzRoute(ctx, route, runs, SEED + index, stats);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz (${dialect}, seed ${SEED}): ${stats.cases} cases over ${routes.length} routes in ${seconds} s; ` +
          `status classes ${JSON.stringify(stats.byClass)}; 5xx ${stats.fiveXx}; findings ${stats.findings.length}`,
      );
      if (process.env.MDIS_FUZZ_VERBOSE)
        for (const [route, counts] of Object.entries(stats.perRoute)) console.log(route, counts);
      for (const finding of stats.findings.slice(0, 40)) console.log(finding);
      expect(stats.findings).toEqual([]);
    },
  );
});
