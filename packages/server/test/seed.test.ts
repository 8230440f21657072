import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/infra/auth/password';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

describe.each(DIALECTS)('migrations and seed (%s)', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.destroy());

  it('migrates a new database once; a second run applies nothing', async () => {
    expect(await migrateToLatest(database.db)).toEqual([
      '20261122T0100-users-and-tokens',
      '20261122T0110-config-and-login-attempts',
      '20261122T0200-templates',
      '20261122T0210-value-lists',
      '20261123T0300-igsn-registry',
      '20261123T0400-widgets',
      '20261123T0600-posts-messages',
      '20261123T0610-password-recovery',
      '20261123T0700-sample-series',
      '20261125T2000-generated-files',
      '20261125T2010-login-counters',
      '20261125T2100-data-migrations',
      '20261125T2300-record-counts',
      '20261126T0000-record-history',
      '20261126T0200-import',
      '20261126T0300-offline-sync',
      '20261126T0400-link-history',
      '20261126T0500-mdis-v3-migration',
      '20261127T0100-deleted-search-index',
      '20261127T0400-user-confirmation',
      '20261128T0400-shipped-indexes',
      '20261128T2200-history-insert-statement',
      '20261128T2300-set-aside-indexes',
      '20261129T0100-unfinished-imports',
    ]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('creates the first administrator with a generated password, once', async () => {
    await migrateToLatest(database.db);
    const config = testConfig({ adminUsername: 'chief', adminPassword: undefined });
    const first = await seedDatabase(database, config);
    expect(first).toMatchObject({ firstStart: true, adminUsername: 'chief' });
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const row = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'chief', roles: '["administrator"]', active: 1 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, first.generatedPassword ?? '')).toBe(true);

    const second = await seedDatabase(database, config);
    expect(second).toEqual({ firstStart: false, adminUsername: 'chief' });
    expect(await database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('uses MDIS_ADMIN_PASSWORD when given and stores no app config', async () => {
    await migrateToLatest(database.db);
    const result = await seedDatabase(database, testConfig({ adminPassword: 'given-password', seed: 'demo' }));
    expect(result.generatedPassword).toBeUndefined();
    const row = await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'given-password')).toBe(true);
    expect(await database.db.selectFrom('app_config').selectAll().execute()).toEqual([]);
  });
});
