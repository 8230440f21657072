import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOnLiveTable, upgradePostgresHistoryTriggers } from '../src/infra/db/history-triggers';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, createSplitChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on template tables
type AnyDb = Kysely<any>;

const ACTOR = { u: 7, n: 'importer', b: 'batch-1', r: 'POST /api/v1/import/commit', c: 'web' };

/** The row trigger every table had before the statement-level insert trigger (migration 20261126T0000). */
async function useRowTriggerOfBefore(trx: AnyDb, table: string, exclude: readonly string[]): Promise<void> {
  await sql.raw(`DROP TRIGGER IF EXISTS mdis_history_ins ON ${table}`).execute(trx);
  await sql.raw(`DROP TRIGGER IF EXISTS mdis_history ON ${table}`).execute(trx);
  const args = exclude.map((column) => `'${column}'`).join(', ');
  await sql
    .raw(
      `CREATE TRIGGER mdis_history AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION mdis_record_history(${args})`,
    )
    .execute(trx);
}

class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back');
  }
}

/** Runs `work` in a transaction that is rolled back afterwards; its result. */
async function rolledBack<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new RolledBack(await work(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error('unreachable');
}

// PostgreSQL writes the history of inserts once per statement from its transition table
// (infra/db/history-triggers.ts); these pin that it writes what the row trigger of before wrote.
describe.runIf(DIALECTS.includes('postgres'))('record history of multi-row inserts (postgres)', () => {
  let drilling: DrillingApp;
  let db: AnyDb;
  let splitId: number;
  let maintained: string[];

  beforeAll(async () => {
    drilling = await startDrillingApp('postgres');
    db = drilling.database.db;
    const { hole } = await createHoleChain((form, payload) => drilling.create(form, payload));
    const { split } = await createSplitChain(drilling, hole.id, 10);
    splitId = Number(split.id);
    const { rows } = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'curation_sample' AND column_name LIKE 'maintained\\_\\_%'
      ORDER BY ordinal_position`.execute(db);
    maintained = rows.map((row) => row.name);
    expect(maintained.length).toBeGreaterThan(0);
  });
  afterAll(() => drilling.close());

  /** Three samples in one INSERT (maintained columns given: the history leaves them out); the history rows it wrote. */
  const insertThree = async (trx: AnyDb): Promise<Row[]> => {
    await sql`SELECT set_config('mdis.audit', ${JSON.stringify(ACTOR)}, true)`.execute(trx);
    const before = await trx
      .selectFrom('record_history')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await trx
      .insertInto('curation_sample')
      .values(
        [900001, 900003, 900002].map((id, index) => ({
          id,
          section_split_id: splitId,
          top: index * 10,
          sample_length: 5,
          comment: index === 1 ? null : `sample "${String(index)}" ü`,
          ...Object.fromEntries(maintained.map((column) => [column, column.includes('combined') ? 'x' : 1.5])),
        })),
      )
      .execute();
    const rows = await trx
      .selectFrom('record_history')
      .selectAll()
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('id')
      .execute();
    return rows.map(({ id: _id, ...row }) => row);
  };

  it('writes the rows the row trigger wrote: one creation per record, in insert order, without the maintained columns', async () => {
    const now = await rolledBack(db, insertThree);
    const before = await rolledBack(db, async (trx) => {
      await useRowTriggerOfBefore(trx, 'curation_sample', maintained);
      return insertThree(trx);
    });
    expect(now.map((row) => row.record_id)).toEqual([900001, 900003, 900002]);
    expect(now[0]).toMatchObject({ action: 'create', table_name: 'curation_sample', user_id: 7, batch_id: 'batch-1' });
    expect(JSON.parse(String(now[0].changes))).toMatchObject({ id: 900001, comment: 'sample "0" ü', top: 0 });
    for (const column of maintained) expect(String(now[0].changes)).not.toContain(column);
    const withoutTime = (rows: Row[]) => rows.map(({ at, ...row }) => ({ ...row, at: typeof at }));
    expect(withoutTime(now)).toEqual(withoutTime(before));
  });

  it('writes nothing while the history is switched off', async () => {
    const rows = await rolledBack(db, async (trx) => {
      await sql`SELECT set_config('mdis.audit', '"off"', true)`.execute(trx);
      await trx.insertInto('curation_sample').values({ id: 900010, section_split_id: splitId, top: 1 }).execute();
      return trx.selectFrom('record_history').selectAll().where('record_id', '=', 900010).execute();
    });
    expect(rows).toEqual([]);
  });

  it('a table with the row trigger of before gets the statement trigger at start and at migration, leaving out what it left out', async () => {
    const triggers = (trx: AnyDb) =>
      sql<{ name: string; statement: boolean; insert: boolean }>`
        SELECT tgname AS name, (tgtype & 1) = 0 AS statement, (tgtype & 4) <> 0 AS insert FROM pg_trigger
        WHERE tgrelid = to_regclass('curation_sample') AND tgname LIKE 'mdis_history%' ORDER BY tgname`
        .execute(trx)
        .then((result) => result.rows);
    const wanted = [
      { name: 'mdis_history', statement: false, insert: false },
      { name: 'mdis_history_ins', statement: true, insert: true },
    ];
    expect(await triggers(db)).toEqual(wanted);
    for (const upgrade of [
      (trx: AnyDb) => ensureOnLiveTable(trx, 'postgres', 'curation_sample'),
      (trx: AnyDb) => upgradePostgresHistoryTriggers(trx),
    ]) {
      const { live, rows } = await rolledBack(db, async (trx) => {
        await useRowTriggerOfBefore(trx, 'curation_sample', maintained);
        await upgrade(trx);
        return { live: await triggers(trx), rows: await insertThree(trx) };
      });
      expect(live).toEqual(wanted);
      expect(rows).toHaveLength(3);
      for (const column of maintained) expect(String(rows[0].changes)).not.toContain(column);
    }
  });
});
