import { AppError } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../src/infra/db/dialects/postgres-errors';
import { translateDbError } from '../src/infra/db/translate-db-error';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// The translators are tested with the errors the real drivers throw, from real databases.
describe.each(DIALECTS)('constraint error translation (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE child (
      id INTEGER PRIMARY KEY,
      parent_id INTEGER REFERENCES parent (id),
      name VARCHAR(50) NOT NULL,
      code VARCHAR(50) UNIQUE
    )`.execute(db);
    await sql`INSERT INTO parent (id) VALUES (1)`.execute(db);
    await sql`INSERT INTO child (id, parent_id, name, code) VALUES (1, 1, 'a', 'A')`.execute(db);
  });
  afterAll(() => database.destroy());

  async function failureOf(query: ReturnType<typeof sql>): Promise<AppError | null> {
    try {
      await query.execute(database.db);
    } catch (error) {
      return translateDbError(dialect, error);
    }
    throw new Error('the statement should have failed');
  }

  it('translates a unique violation with table and column', async () => {
    const error = await failureOf(sql`INSERT INTO child (id, parent_id, name, code) VALUES (2, 1, 'b', 'A')`);
    expect(error).toBeInstanceOf(AppError);
    expect(error?.code).toBe('UNIQUE_VIOLATION');
    expect(error?.status).toBe(409);
    expect(error?.extensions).toMatchObject({ table: 'child', column: 'code' });
    expect(error?.message).toBe('code has already been taken.');
  });

  it('translates a primary key collision as a unique violation', async () => {
    const error = await failureOf(sql`INSERT INTO parent (id) VALUES (1)`);
    expect(error?.code).toBe('UNIQUE_VIOLATION');
    expect(error?.extensions).toMatchObject({ table: 'parent', column: 'id' });
  });

  it('translates a not-null violation into a 422 on the column', async () => {
    const error = await failureOf(sql`INSERT INTO child (id, parent_id, name) VALUES (3, 1, NULL)`);
    expect(error?.code).toBe('NOT_NULL_VIOLATION');
    expect(error?.status).toBe(422);
    expect(error?.extensions).toMatchObject({
      table: 'child',
      column: 'name',
      fields: [{ field: 'name', message: 'name cannot be blank.' }],
    });
  });

  it('translates a foreign key violation on insert', async () => {
    const error = await failureOf(sql`INSERT INTO child (id, parent_id, name) VALUES (4, 99, 'd')`);
    expect(error?.code).toBe('FOREIGN_KEY_VIOLATION');
    expect(error?.status).toBe(409);
    if (dialect === 'postgres') expect(error?.extensions).toMatchObject({ table: 'child', column: 'parent_id' });
    // SQLite does not say which table or column: documented in sqlite-errors.ts.
    if (dialect === 'sqlite') expect(error?.extensions.column).toBeUndefined();
  });

  it('translates deleting a parent that still has children', async () => {
    const error = await failureOf(sql`DELETE FROM parent WHERE id = 1`);
    expect(error?.code).toBe('FOREIGN_KEY_VIOLATION');
    if (dialect === 'postgres') {
      expect(error?.message).toBe('Constraint violation - record has related data');
      expect(error?.extensions.errorInfo?.[1]).toBe(1451);
    }
  });

  it('leaves other errors alone', async () => {
    const error = await failureOf(sql`SELECT * FROM no_such_table`);
    expect(error).toBeNull();
    expect(translateDbError(dialect, new Error('plain'))).toBeNull();
  });
});

// PostgreSQL cannot hold the NUL character in text (SQLite can): found by the fuzz test as a 500.
describe.each(DIALECTS)('the NUL character in input (%s)', (dialect) => {
  let fixture: DrillingApp;
  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
  });
  afterAll(() => fixture.close());

  it.each([
    ['a list filter', 'GET', '/api/v1/list-values?filter%5Blistname%5D=%00', undefined],
    ['a record filter', 'GET', '/api/v1/form?name=program&filter%5Bprogram%5D=a%00b', undefined],
    ['a record value', 'POST', '/api/v1/form?name=program', { program: 'X\u0000', name: 'NUL' }],
  ] as const)('is a clear 400 in %s on PostgreSQL, never a 500', async (_what, method, url, payload) => {
    const response = await fixture.app.inject({ method, url, headers: fixture.admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (dialect === 'postgres') {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: NUL_MESSAGE });
    }
  });
});
