import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTextIndexInserted } from '../src/engine/schema-sync/text-index';
import { runAudited, runWithoutHistory } from '../src/infra/db/audit-context';
import { type Database, createDatabase } from '../src/infra/db/database';
import {
  sqliteHistoryCreateTrigger,
  sqliteHistoryInserted,
  sqliteHistoryTriggers,
} from '../src/infra/db/history-triggers';
import { bulkInsertWork } from '../src/engine/records/bulk-triggers';
import type { DynamicTrx } from '../src/engine/records/dynamic-db';

// Issue 20: after a batch INSERT on SQLite, one statement writes the history of its rows and one
// their text index rows (engine/records/bulk-triggers.ts). Whether history is on is asked once per
// statement, and empty columns go to the index without a call into JS: what they write is unchanged.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on a test table
type AnyDb = Kysely<any>;

describe('set-based history and text index of a batch insert (sqlite)', () => {
  let database: Database;
  let db: AnyDb;
  const ids = [3, 1, 2];

  beforeAll(async () => {
    database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    db = database.db;
    await sql`CREATE TABLE record_history (at TEXT, action TEXT, table_name TEXT, record_id INTEGER, changes TEXT,
      user_id INTEGER, user_name TEXT, batch_id TEXT, route TEXT, client TEXT)`.execute(db);
    await sql`CREATE TABLE rock (id INTEGER PRIMARY KEY, name TEXT, note TEXT)`.execute(db);
    await sql`CREATE VIRTUAL TABLE rock__text USING fts5(name, note, content='', contentless_delete=1,
      tokenize='trigram case_sensitive 1')`.execute(db);
    await sql`INSERT INTO rock (id, name, note) VALUES (1, 'Basalt', NULL), (2, NULL, 'ÄHNLICH Sediment'), (3, 'Clay', 'fine')`.execute(
      db,
    );
  });
  afterAll(async () => database.destroy());

  const history = async () =>
    (
      await sql<{
        record_id: number;
        changes: string;
        user_name: string | null;
      }>`SELECT record_id, changes, user_name FROM record_history ORDER BY rowid`.execute(db)
    ).rows;
  const writeHistory = () =>
    db.executeQuery(CompiledQuery.raw(sqliteHistoryInserted('rock', ['id', 'name', 'note']), [JSON.stringify(ids)]));

  it('writes the rows of the batch in its order with the actor, and nothing while history is off', async () => {
    await runWithoutHistory(writeHistory);
    expect(await history()).toEqual([]);
    await runAudited({ userId: 7, userName: 'importer', route: 'test' }, writeHistory);
    expect(await history()).toEqual([
      { record_id: 3, changes: '{"id":3,"name":"Clay","note":"fine"}', user_name: 'importer' },
      { record_id: 1, changes: '{"id":1,"name":"Basalt","note":null}', user_name: 'importer' },
      { record_id: 2, changes: '{"id":2,"name":null,"note":"ÄHNLICH Sediment"}', user_name: 'importer' },
    ]);
  });

  it('indexes the folded text and leaves empty columns out', async () => {
    await db.executeQuery(CompiledQuery.raw(sqliteTextIndexInserted('rock', ['name', 'note']), [JSON.stringify(ids)]));
    const match = async (column: string, phrase: string) =>
      (
        await sql<{
          rowid: number;
        }>`SELECT rowid FROM rock__text WHERE ${sql.ref(`rock__text.${column}`)} MATCH ${phrase}
          ORDER BY rowid`.execute(db)
      ).rows.map((row) => row.rowid);
    expect(await match('name', '"basalt"')).toEqual([1]);
    expect(await match('note', '"ähnlich"')).toEqual([2]);
    expect(await match('note', '"fine"')).toEqual([3]);
    expect(await match('name', '"sediment"')).toEqual([]);
  });

  it("reads the table's bulk work again after its triggers changed, within one import's memo", async () => {
    const memo = new Map<string, unknown>();
    for (const statement of sqliteHistoryTriggers('rock', ['id', 'name', 'note']).values())
      await sql.raw(statement).execute(db);
    const trx = db as unknown as DynamicTrx;
    expect((await bulkInsertWork(trx, 'rock', memo))?.history).toBe(
      sqliteHistoryInserted('rock', ['id', 'name', 'note']),
    );
    await sql.raw(`DROP TRIGGER ${sqliteHistoryCreateTrigger('rock')}`).execute(db);
    expect(await bulkInsertWork(trx, 'rock', memo)).toBeUndefined();
  });
});
