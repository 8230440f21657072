import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { liveTextIndex } from '../src/engine/schema-sync/text-index';
import { storageConfigOf } from '../src/config';
import { createStorage } from '../src/infra/storage/create-storage';
import { migrateMdisV3, type MigrateOptions } from '../src/migrate-mdis/migrate';
import { DIALECTS } from './helpers/dialects';
import { TAG_LINKS } from './helpers/mdis-v3-extras';
import { createMdisV3Fixture, mariaDbAvailable, type MdisV3Fixture } from './helpers/mdis-v3-fixture';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const available = await mariaDbAvailable();

describe.skipIf(!available).each(DIALECTS)('npm run migrate:mdis from MariaDB (%s)', (dialect) => {
  let fixture: MdisV3Fixture;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    fixture = await createMdisV3Fixture();
  }, 60_000);
  afterAll(() => fixture.drop());
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function target() {
    database = await createTestDatabase(dialect);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    return { database, config, storage: createStorage(storageConfigOf(config)) };
  }
  const options = (extra: Partial<MigrateOptions> = {}): MigrateOptions => ({
    from: fixture.url,
    templatesDir: fixture.templatesDir,
    filesDir: fixture.filesDir,
    ...extra,
  });

  it('moves every table, user and file over, and the verification finds no difference', async () => {
    const { database, config, storage } = await target();
    const { report } = await migrateMdisV3(database, storage, options());
    expect(report.differences).toBe(0);
    for (const [table, rows] of Object.entries(fixture.rows))
      expect(report.tables.find((t) => t.table === table)).toMatchObject({ sourceRows: rows, targetRows: rows });
    expect(report.users).toEqual({ source: 7, target: 7 });
    expect(report.files).toEqual([]);
    expect(report.warnings).toContain('project_hole.end_date: 1 zero date(s) (0000-00-00) became empty (null)');
    expect(report.warnings).toContain('message.author: not in the source table; messages.author gets its default');
    // m:n links arrive as they were, in the join table schema sync made for the tag model.
    const links = await sql<{ tag: unknown; core: unknown }>`
      SELECT curation_tag_id AS tag, core_core_id AS core FROM curation_tag_core_core ORDER BY 1, 2`.execute(
      database.db,
    );
    expect(links.rows.map((r) => [Number(r.tag), Number(r.core)])).toEqual(TAG_LINKS);
    // Blocked and unconfirmed accounts are both inactive; only the unconfirmed one is marked so.
    const states = await database.db.selectFrom('users').select(['username', 'active', 'confirmed']).execute();
    expect(states.filter((u) => u.active === 0).sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: 'gone', active: 0, confirmed: 1 },
      { username: 'newbie', active: 0, confirmed: 0 },
    ]);
    // Text indexes are dropped for the bulk copy and built again from the rows.
    if (dialect === 'sqlite' || (await liveTextIndex(database.db as never, dialect, 'curation_sample'))?.length)
      expect(await liveTextIndex(database.db as never, dialect, 'curation_sample')).toContain('igsn');

    const app = await buildApp(config, { database: { ...database, destroy: async () => undefined } });
    try {
      const login = (username: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
      // The original's bcrypt hash signs the user in, and is replaced by ours at once.
      const curator = await login('curator', 'curator-secret');
      expect(curator.statusCode, curator.body).toBe(200);
      const hash = await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'curator')
        .executeTakeFirstOrThrow();
      expect(hash.password_hash).toMatch(/^\$argon2id\$/);
      expect((await login('curator', 'curator-secret')).statusCode).toBe(200);
      expect((await login('curator', 'wrong-password')).statusCode).toBe(422);
      for (const [name, message] of [
        ['gone', AUTH_MESSAGES.inactive],
        ['newbie', AUTH_MESSAGES.unconfirmed],
      ] as const) {
        const refused = await login(name, fixture.users.find((u) => u.username === name)?.password ?? '');
        expect(refused.json()).toEqual([{ field: 'password', message }]);
      }
      const limited = await login('limited', 'limited-secret');
      expect(limited.json<{ permissions: string[]; roles: string[] }>()).toMatchObject({
        roles: [],
        permissions: ['form-core:view', 'form-sample:edit', 'records:5065:view'],
      });
      const chief = await login('chief', 'chief-secret-1');
      expect(chief.json<{ roles: string[] }>().roles).toEqual(['administrator']);
      const headers = { authorization: `Bearer ${chief.json<{ token: string }>().token}` };

      // The original's dashboard instead of the default one: widgets, posts, messages of the day.
      const widgets = await app.inject({ method: 'GET', url: '/api/v1/widgets?sort=order', headers });
      expect(widgets.json<{ items: unknown[] }>().items).toMatchObject([
        { id: 11, type: 'ProjectInformationWidget', title: 'Expedition 5065', is_dark: 1, active: 1, lg_size: 8 },
        { id: 12, type: 'PostBoxWidget', subtitle: '', color: '#336699', extraSettings: {} },
        { id: 13, type: 'MessageOfTheDayWidget', active: 0, extraSettings: { calendarWidth: 'xs4' } },
      ]);
      expect(widgets.json<{ items: { extraSettings: unknown }[] }>().items[0]?.extraSettings).toMatchObject({
        projectName: 'Lake 5065',
      });
      const posts = await app.inject({ method: 'GET', url: '/api/v1/posts?sort=id', headers });
      expect(posts.json<{ items: unknown[] }>().items).toMatchObject([
        { id: 4, author: 'Chief Person', author_id: 1, text: 'Core 1 is on deck.', created_at: 1_700_000_100 },
        { id: 5, author: 'Former Driller', author_id: null, updated_at: 1_700_000_300 },
      ]);
      const messages = await app.inject({ method: 'GET', url: '/api/v1/messages?sort=date', headers });
      expect(messages.json<{ items: unknown[] }>().items).toMatchObject([
        { id: 7, date: '2024-05-06', message: 'Safety briefing at 8:00.', created_at: 1_714_975_200 },
        { id: 8, date: '2024-05-07', message: 'Crew change — welcome aboard!', created_at: 1_715_040_000 },
      ]);

      // A migrated core with its combined id, IGSN and files, the bytes as they were.
      const core = await app.inject({ method: 'GET', url: '/api/v1/form/1?name=core', headers });
      expect(core.statusCode, core.body).toBe(200);
      expect(core.json()).toMatchObject({ id: 1, combined_id: '5065_1_A_001', core: 1 });
      const found = await app.inject({
        method: 'GET',
        url: '/api/v1/form?name=sample&filter[sample_combined_id]=5065_1_A_001_1_A:25',
        headers,
      });
      expect(found.json<{ _meta: { totalCount: number } }>()._meta.totalCount).toBe(1);
      const files = await app.inject({ method: 'GET', url: '/api/v1/file?filter[core_id]=1&per-page=-1', headers });
      const items = files.json<{ items: { id: number; original_filename: string; checksum: string }[] }>().items;
      expect(items.map((f) => f.original_filename).sort()).toEqual(['core-photo-2.jpg', 'core-photo.jpg']);
      const original = await app.inject({ method: 'GET', url: `/files/original/${String(items[0]?.id)}`, headers });
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.length).toBeGreaterThan(0);

      // New records continue after the migrated ids (PostgreSQL: sequences set past them).
      const item = await app.inject({
        method: 'POST',
        url: '/api/v1/list-values',
        headers,
        payload: { listname: 'NEW_LIST', display: 'N', remark: 'new' },
      });
      expect(item.statusCode, item.body).toBeLessThan(300);
      const { rows } = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM value_list_items`.execute(database.db);
      expect(item.json<{ id: number }>().id).toBe(Number(rows[0]?.n));
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a database that already holds records, unless forced', async () => {
    const { database, config, storage } = await target();
    await migrateMdisV3(database, storage, options());
    // a server has run on the target since: the rows written again keep no stale stored columns
    const app = await buildApp(config, { database: { ...database, destroy: async () => undefined } });
    await app.close();
    await sql`DELETE FROM mdis_v3_migration`.execute(database.db);
    await expect(migrateMdisV3(database, storage, options())).rejects.toThrow(
      'The target database already holds records (users): migrate into a new database, or pass --force to replace them.',
    );
    const forced = await migrateMdisV3(database, storage, options({ force: true }));
    expect(forced.report.differences).toBe(0);
    // lists sort and filter samples by the stored copies of their depths and combined ids
    const unset = await sql<{ n: unknown }>`SELECT count(*) AS n FROM curation_sample
      WHERE maintained__sample_combined_id IS NULL OR maintained__mcd_top_depth IS NULL`.execute(database.db);
    expect(Number(unset.rows[0]?.n)).toBe(0);
  }, 120_000);

  it('resumes an interrupted migration where it stopped, writing no row twice', async () => {
    const { database, storage } = await target();
    let batches = 0;
    const interrupted = migrateMdisV3(
      database,
      storage,
      options({
        batchSize: 10,
        onProgress: (step) => {
          if (step === 'curation_section_split' && ++batches === 3) throw new Error('killed');
        },
      }),
    );
    await expect(interrupted).rejects.toThrow('killed');
    const { rows } = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM curation_section_split`.execute(database.db);
    expect(Number(rows[0]?.n)).toBe(30);
    const resumed = await migrateMdisV3(database, storage, options({ batchSize: 10 }));
    expect(resumed.report.differences).toBe(0);
    expect(resumed.report.tables.find((t) => t.table === 'curation_section_split')).toMatchObject({
      sourceRows: 96,
      targetRows: 96,
    });
  }, 120_000);

  it('reports a missing file and bytes that differ from their checksum as differences', async () => {
    const { database, storage } = await target();
    const filesDir = mkdtempSync(join(tmpdir(), 'mig-files-'));
    try {
      cpSync(fixture.filesDir, filesDir, { recursive: true });
      rmSync(join(filesDir, 'upload', 'DA_upload_unassigned.csv'));
      writeFileSync(join(filesDir, 'documents', 'original', 'DO_5065_1_A_002_report.pdf'), 'changed');
      const { report } = await migrateMdisV3(database, storage, options({ filesDir }));
      expect(report.files.map((f) => [f.filename, f.problem])).toEqual([
        ['DO_5065_1_A_002_report.pdf', 'checksum differs'],
        ['DA_upload_unassigned.csv', 'missing in the source folder'],
      ]);
      expect(report.differences).toBe(2);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  }, 120_000);
});
