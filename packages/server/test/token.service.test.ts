import { TOKEN_TTL_MS } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService, hashToken, TOKEN_TOUCH_INTERVAL_MS } from '../src/infra/auth/token.service';
import { createTokensRepository } from '../src/infra/auth/tokens.repository';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { buildUser } from './helpers/factories';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

describe.each(DIALECTS)('token service (%s)', (dialect) => {
  let database: TestDatabase;
  let clock = new Date('2026-01-01T00:00:00.000Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterAll(() => database.destroy());

  const service = () => createTokenService(createTokensRepository(database.db), { now: () => clock });
  const stored = (token: string) =>
    database.db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

  it('stores only the hash of a random token', async () => {
    const user = await buildUser(database.db);
    const token = await service().issue(user.id);
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = await stored(token);
    expect(row?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('expires 24 h after the last use and slides, writing at most once per 5 minutes', async () => {
    const user = await buildUser(database.db);
    const tokens = service();
    const token = await tokens.issue(user.id);
    const issuedExpiry = (await stored(token))?.expires_at;

    advance(TOKEN_TOUCH_INTERVAL_MS - 1000);
    expect((await tokens.verify(token))?.id).toBe(user.id);
    expect((await stored(token))?.expires_at).toBe(issuedExpiry);

    advance(2000);
    expect((await tokens.verify(token))?.id).toBe(user.id);
    const slid = (await stored(token))?.expires_at;
    expect(slid).toBe(new Date(clock.getTime() + TOKEN_TTL_MS).toISOString());

    advance(TOKEN_TTL_MS - 1);
    expect(await tokens.verify(token)).toBeDefined();
    advance(TOKEN_TTL_MS + 1);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('revokes one token, or all of a user', async () => {
    const user = await buildUser(database.db);
    const tokens = service();
    const [a, b, c] = await Promise.all([tokens.issue(user.id), tokens.issue(user.id), tokens.issue(user.id)]);
    await tokens.revoke(a);
    expect(await tokens.verify(a)).toBeUndefined();
    expect(await tokens.verify(b)).toBeDefined();
    await tokens.revokeAllOf(user.id);
    expect(await tokens.verify(b)).toBeUndefined();
    expect(await tokens.verify(c)).toBeUndefined();
  });

  it('should not accept the token of a deactivated user', async () => {
    const user = await buildUser(database.db);
    const tokens = service();
    const token = await tokens.issue(user.id);
    await database.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
