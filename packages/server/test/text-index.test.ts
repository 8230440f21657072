import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDerivedStructures } from '../src/engine/schema-sync';
import { SQLITE_TEXT_MERGE_SETTINGS, liveTextIndex } from '../src/engine/schema-sync/text-index';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { ensureHistoryTriggersOn } from '../src/infra/db/history-triggers';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecord, createRecordsApp, insertList, saveAndSync } from './records-helpers';
import { CORE_TYPE_ITEMS, FILTER_MODEL } from './records-models';

// Issue 17 item 1: regex and list-text filters on text columns narrow with a trigram index
// (SQLite: FTS5, PostgreSQL: pg_trgm GIN) and answer exactly what the scan answers.

const MODEL_URL = '/api/v1/global?name=TestFilter';
const TEXTS = [
  'Sediment core',
  'SEDIMENT',
  'sandy sediment',
  'clay',
  'Sed',
  'basalt, sed.',
  'Said and done',
  'sod',
  'x"quote"y',
  'Rotary',
];
// substring, regex with a literal, regex without one (scan), case, quotes, anchors, alternation
const PATTERNS = ['sed', 'SEDIMENT', '^sed.*ment$', 'S[aeiou]+d', 'sa?id', 'iment c', '"quote"', 'sed|clay', 'nothing'];

type Item = { id: number; c_string: string | null; c_list: string | null };

describe.each(DIALECTS)('trigram text index (%s)', (dialect) => {
  let t: RecordsTestApp;
  const ids = (url: string) =>
    t.app.inject({ method: 'GET', url: `${MODEL_URL}&per-page=-1&fields=id&${url}`, headers: t.admin }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ items: Item[] }>().items.map((item) => item.id);
    });
  const filter = (column: string, pattern: string) => ids(`filter[${column}]=${encodeURIComponent(pattern)}`);
  const withIndex = (flags: Record<string, boolean>) => {
    const columns = Object.fromEntries(
      Object.entries(FILTER_MODEL.columns).map(([name, column]) => [
        name,
        name in flags ? { ...column, textIndex: flags[name] } : column,
      ]),
    );
    return saveAndSync(t.db, dialect, { ...FILTER_MODEL, columns });
  };
  /** SQLite: the FTS table's merge settings (what an import's commits pay for merging its segments). */
  const mergeSettings = async () =>
    Object.fromEntries(
      (
        await sql<{ k: string; v: number }>`SELECT k, v FROM test_filter__text_config
          WHERE k IN ('automerge', 'crisismerge') ORDER BY k`.execute(t.db)
      ).rows.map((row) => [row.k, row.v]),
    );
  async function answers(): Promise<number[][]> {
    const results: number[][] = [];
    for (const pattern of PATTERNS) results.push(await filter('c_string', pattern));
    for (const pattern of ['rot', 'piston', 'R', 'core barrel', '^B$']) results.push(await filter('c_list', pattern));
    return results;
  }

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await insertList(t.db, 'CORE_TYPE', CORE_TYPE_ITEMS);
    for (const [i, text] of TEXTS.entries())
      await createRecord(t, MODEL_URL, { c_string: text, c_list: CORE_TYPE_ITEMS[i % 3]?.display ?? null });
  }, 60_000);
  afterAll(async () => t.close());

  it('answers the same with and without the index, and the schema sync drops and creates it', async () => {
    expect((await liveTextIndex(t.db, dialect, 'test_filter'))?.sort()).toEqual(['c_list', 'c_string']);
    const indexed = await answers();
    expect(indexed[0]).toHaveLength(5); // sed: Sediment core, SEDIMENT, sandy sediment, Sed, basalt, sed.

    await withIndex({ c_string: false, c_list: false });
    expect(await liveTextIndex(t.db, dialect, 'test_filter')).toEqual([]);
    expect(await answers()).toEqual(indexed);

    await withIndex({ c_string: true });
    expect((await liveTextIndex(t.db, dialect, 'test_filter'))?.sort()).toEqual(['c_list', 'c_string']);
    expect(await answers()).toEqual(indexed);
  });

  it.runIf(dialect === 'sqlite')(
    'narrows with the FTS5 table when the pattern has a literal of 3 characters',
    async () => {
      t.queries.length = 0;
      await filter('c_string', '^sed.*ment$');
      expect(t.queries.some((q) => q.includes('"test_filter__text"."c_string" MATCH'))).toBe(true);
      t.queries.length = 0;
      await filter('c_string', 'S[aeiou]+d');
      expect(t.queries.some((q) => q.includes('MATCH'))).toBe(false);
    },
  );

  // Issue 20: a batch's INSERT leaves the work of some triggers to one statement (WHEN NOT
  // mdis_bulk()); a database whose triggers an older version made gets them at start, its text
  // index kept as it is (rebuilding it would read every row of a large table).
  it.runIf(dialect === 'sqlite')(
    'gives a database the current triggers at start without rebuilding its text index',
    async () => {
      const triggers = async () =>
        (
          await sql<{ name: string; sql: string }>`
            SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'test_filter' ORDER BY name`.execute(
            t.db,
          )
        ).rows;
      const current = await triggers();
      const bulkAware = current.filter((trigger) => trigger.sql.includes('mdis_bulk()')).map((trigger) => trigger.name);
      expect(bulkAware).toEqual(['mdis_history_test_filter_create', 'test_filter__count_ins', 'test_filter__text_ins']);
      // The triggers as the version before made them: the same work on every row.
      for (const trigger of current) {
        await sql.raw(`DROP TRIGGER "${trigger.name}"`).execute(t.db);
        await sql
          .raw(trigger.sql.replace('NOT mdis_bulk() AND ', '').replace(' WHEN NOT mdis_bulk()', ''))
          .execute(t.db);
      }
      expect((await triggers()).some((trigger) => trigger.sql.includes('mdis_bulk()'))).toBe(false);
      // And FTS5's own merge settings, as the versions before left them.
      await sql`INSERT INTO test_filter__text (test_filter__text, rank) VALUES ('automerge', 4)`.execute(t.db);
      await sql`INSERT INTO test_filter__text (test_filter__text, rank) VALUES ('crisismerge', 16)`.execute(t.db);
      expect(await mergeSettings()).toEqual({ automerge: 4, crisismerge: 16 });
      // A row the FTS table lacks: a rebuild would bring it back.
      const [sod] = await filter('c_string', '^sod$');
      await sql`DELETE FROM test_filter__text WHERE rowid = ${sod}`.execute(t.db);
      expect(await filter('c_string', '^sod$')).toEqual([]);

      const models = await createTemplateStore(t.db).listModels();
      await syncDerivedStructures(t.db, dialect, models);
      await ensureHistoryTriggersOn(t.db, dialect, ['test_filter']);
      expect(await triggers()).toEqual(current);
      expect(await mergeSettings()).toEqual(SQLITE_TEXT_MERGE_SETTINGS);
      expect(await filter('c_string', '^sod$')).toEqual([]);
      await sql`INSERT INTO test_filter__text (rowid, c_string, c_list)
        SELECT id, mdis_fold(c_string), mdis_fold(c_list) FROM test_filter WHERE id = ${sod}`.execute(t.db);
      expect(await filter('c_string', '^sod$')).toEqual([sod]);
      const created = await createRecord(t, MODEL_URL, { c_string: 'Serpentinite' });
      expect(await filter('c_string', 'serpent')).toEqual([created.id]);
      expect(
        (await t.app.inject({ method: 'GET', url: `${MODEL_URL}&per-page=1`, headers: t.admin })).json<{
          _meta: { totalCount: number };
        }>()._meta.totalCount,
      ).toBe(
        Number((await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM test_filter`.execute(t.db)).rows[0]?.n),
      );
    },
  );

  it.runIf(dialect === 'postgres')('lets PostgreSQL use the GIN index for ~*', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT id FROM test_filter AS r WHERE (CAST(r.c_string AS TEXT) ~* ${'sediment'})`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('test_filter__c_string__trgm');
  });

  it('keeps the index in step with creates, updates and deletes', async () => {
    const created = await createRecord(t, MODEL_URL, { c_string: 'Quartzite vein' });
    const id = created.id as number;
    expect(await filter('c_string', 'quartz')).toEqual([id]);
    const url = `/api/v1/global/${String(id)}?name=TestFilter`;
    const updated = await t.app.inject({ method: 'PUT', url, payload: { c_string: 'Granite' }, headers: t.admin });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await filter('c_string', 'quartz')).toEqual([]);
    expect(await filter('c_string', 'granit')).toEqual([id]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: t.admin })).statusCode).toBe(204);
    expect(await filter('c_string', 'granit')).toEqual([]);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM test_filter__text`.execute(t.db);
      const { rows: table } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM test_filter`.execute(t.db);
      expect(rows[0]?.n).toBe(table[0]?.n);
    }
  });

  // Issue 20: an import's commits each write a segment of the FTS table; merging 16 at a time (64
  // before a commit must merge) costs the import less. A text filter answers the same through the
  // many segments that leaves as the regex does on every row.
  it.runIf(dialect === 'sqlite')(
    'merges the text index 16 segments at a time and answers exactly the scan through many segments',
    async () => {
      expect(await mergeSettings()).toEqual(SQLITE_TEXT_MERGE_SETTINGS);
      // One commit per row: a segment each, past automerge and crisismerge's defaults and 64.
      for (let i = 0; i < 150; i++)
        await sql`INSERT INTO test_filter (c_string) VALUES (${`Core ${String(i)} sediment ${String(i % 7)}`})`.execute(
          t.db,
        );
      const { rows } = await sql<{ id: number; c_string: string | null }>`SELECT id, c_string FROM test_filter`.execute(
        t.db,
      );
      for (const pattern of ['sediment 3', 'core 1[0-4] ', 'ore 14', 'sed']) {
        const regex = new RegExp(pattern, 'i');
        const scanned = rows.filter((row) => row.c_string !== null && regex.test(row.c_string)).map((row) => row.id);
        expect(
          (await filter('c_string', pattern)).sort((a, b) => a - b),
          pattern,
        ).toEqual(scanned.sort((a, b) => a - b));
      }
    },
  );
});
