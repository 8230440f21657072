import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import type { ImportRequest } from '../src/modules/import/import-run';
import { DIALECTS } from './helpers/dialects';
import { type Setup, samplesCsv, setUp } from './helpers/import-samples';
import { multipart } from './files-fixture';

type Row = Record<string, unknown>;

// Issue 20 item 2-3: the batch path of an import (behaviors' batch hooks, multi-row inserts) gives
// the records, maintained columns, IGSNs and history the per-record pipeline gives; on SQLite a
// commit runs in one transaction per batch, so other requests are answered meanwhile.

/** Each record's state replayed from its history rows (create, then each update's new values). */
function replayed(history: readonly Row[]): Map<number, Row> {
  const states = new Map<number, Row>();
  for (const entry of history) {
    const changes = JSON.parse(String(entry.changes)) as Row;
    const id = Number(entry.record_id);
    if (entry.action === 'create') states.set(id, { ...changes });
    else if (entry.action === 'update') {
      const state = states.get(id) ?? {};
      for (const [column, pair] of Object.entries(changes)) state[column] = (pair as unknown[])[1];
      states.set(id, state);
    }
  }
  return states;
}

/** What an import wrote: the sample rows after `afterId` (all columns, maintained ones too), their IGSN registry rows and history. */
async function written(setup: Setup, afterId: number) {
  const db = asDynamic(setup.t.database.db);
  const records = await db.selectFrom(setup.sampleTable).selectAll().where('id', '>', afterId).orderBy('id').execute();
  const ids = records.map((r) => Number(r.id));
  const registry =
    await sql<Row>`SELECT igsn, data_model, model_id FROM igsn_registry WHERE model_id > ${afterId} AND data_model = 'CurationSample' ORDER BY igsn`.execute(
      db,
    );
  const history =
    await sql<Row>`SELECT action, record_id, changes, batch_id, user_id, user_name, route, client FROM record_history WHERE table_name = ${setup.sampleTable} AND record_id > ${afterId} ORDER BY id`.execute(
      db,
    );
  return { records, ids, registry: registry.rows, history: history.rows };
}

async function lastSampleId(setup: Setup): Promise<number> {
  const row = await asDynamic(setup.t.database.db)
    .selectFrom(setup.sampleTable)
    .select(sql<number>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(DIALECTS)('import in batches (%s)', (dialect) => {
  let batch: Setup;
  let perRecord: Setup;
  beforeAll(async () => {
    batch = await setUp(dialect);
    perRecord = await setUp(dialect);
  }, 180_000);
  afterAll(async () => {
    await batch.t.close();
    await perRecord.t.close();
  });
  /** The preview of a request through the batch path, then through the per-record pipeline. */
  const previewBoth = async (request: (setup: Setup) => ImportRequest) => {
    const previews = [];
    for (const [setup, rowByRow] of [
      [batch, false],
      [perRecord, true],
    ] as const)
      previews.push(
        // As in a request: the templates' revision read once, not inside the import's transaction.
        await runInTemplateScope(() => setup.imports(rowByRow).preview(request(setup))),
      );
    return previews as [(typeof previews)[0], (typeof previews)[0]];
  };

  it('previews the same counts, errors and sample as the per-record pipeline', async () => {
    const failing = (setup: Setup) => {
      const split = setup.chain.splits[0];
      return samplesCsv(setup.chain, 30, [
        '5065_9_Z_999_9_XX,1,1,ROCK,,,unknown split',
        `${String(split.combined_id)},abc,1,ROCK,,,bad top`,
        `${String(split.combined_id)},2,1,Marble,,,not in the list`,
      ]);
    };
    const [fromBatch, fromRows] = await previewBoth((setup) => setup.request('failing.csv', failing(setup)));
    expect(fromBatch.counts).toMatchObject({ total: 33, new: 30, errors: 3 });
    expect(fromBatch.errors.map((e) => e.row)).toEqual([31, 32, 33]);
    expect(fromBatch).toEqual(fromRows);
  }, 60_000);

  it('refuses an IGSN issued for another record and a repeat of one in the file as the per-record pipeline does', async () => {
    // The batch registers its IGSNs first and reads the registry only for those it already held.
    const taken = (setup: Setup) => {
      const split = setup.chain.splits[0];
      return [
        'Section Split ID,top,Sample Length [cm],Sample Material,Sample Request,igsn,comment',
        `${String(split.combined_id)},1,1,ROCK,,${String(split.igsn)},another record's IGSN`,
        `${String(split.combined_id)},2,1,ROCK,,ICDP5065XREPEAT1,first of a repeat`,
        `${String(split.combined_id)},3,1,ROCK,,ICDP5065XREPEAT1,second of a repeat`,
        `${String(split.combined_id)},4,1,ROCK,,,issued`,
      ].join('\n');
    };
    const [fromBatch, fromRows] = await previewBoth((setup) => setup.request('taken.csv', taken(setup)));
    expect(fromBatch.counts).toMatchObject({ total: 4, new: 2, errors: 2 });
    expect(fromBatch.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [1, 'igsn', `The IGSN ${String(batch.chain.splits[0]?.igsn)} has already been issued for another record.`],
      [3, 'igsn', 'The IGSN ICDP5065XREPEAT1 has already been issued for another record.'],
    ]);
    expect(fromBatch).toEqual(fromRows);
  }, 60_000);

  it('commits the same records, maintained columns, IGSNs and history as the per-record pipeline', async () => {
    const results = [];
    for (const [setup, rowByRow] of [
      [batch, false],
      [perRecord, true],
    ] as const) {
      const afterId = await lastSampleId(setup);
      const request = setup.request('good.csv', samplesCsv(setup.chain, 40));
      const result = await runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
        runInTemplateScope(() => setup.imports(rowByRow).commit(request)),
      );
      expect(result).toMatchObject({ ok: true, counts: { total: 40, new: 40, errors: 0 } });
      results.push({ afterId, batchId: result.ok ? result.batchId : '', ...(await written(setup, afterId)) });
    }
    const [fromBatch, fromRows] = results as [(typeof results)[0], (typeof results)[0]];
    expect(fromBatch.records).toHaveLength(40);
    expect(fromBatch.records.every((r) => typeof r.combined_id === 'string' && typeof r.igsn === 'string')).toBe(true);
    expect(fromBatch.records.some((r) => Object.keys(r).some((k) => k.startsWith('maintained__')))).toBe(true);
    expect(fromBatch.records).toEqual(fromRows.records);
    expect(fromBatch.registry).toEqual(fromRows.registry);
    expect(fromBatch.registry).toHaveLength(40);
    // The history replays to the same records (the per-record path writes a create and then the
    // updates of its after-hooks; a batch writes each record once, complete), all under the batch id.
    const states = replayed(fromBatch.history);
    expect(states).toEqual(replayed(fromRows.history));
    expect([...states.keys()]).toEqual(fromBatch.ids);
    expect(new Set(fromBatch.history.map((h) => h.batch_id))).toEqual(new Set([fromBatch.batchId]));
    // The batch path really ran: each record inserted complete, no after-hook updates.
    expect(fromBatch.history.map((h) => h.action)).toEqual(fromBatch.ids.map(() => 'create'));
    expect(fromRows.history.some((h) => h.action === 'update')).toBe(true);
    for (const record of fromBatch.records)
      expect(states.get(Number(record.id))).toMatchObject({ combined_id: record.combined_id, igsn: record.igsn });
  }, 60_000);

  // Issue 20: on SQLite a batch's INSERT leaves the per-row work of its counting, text index and
  // history triggers to one statement each (engine/records/bulk-triggers.ts); what they store is the same.
  it('keeps the row count, text index and history of an import as its triggers do row by row', async () => {
    const results = [];
    for (const [setup, rowByRow] of [
      [batch, false],
      [perRecord, true],
    ] as const) {
      const { t } = setup;
      const db = asDynamic(t.database.db);
      const counted = async () => {
        const { rows } = await sql<{ n: number | string }>`
          SELECT SUM(row_count) AS n FROM record_counts WHERE table_name = ${setup.sampleTable}`.execute(db);
        return Number(rows[0]?.n);
      };
      const stored = async () => {
        const { rows } = await sql<{
          n: number | string;
        }>`SELECT COUNT(*) AS n FROM ${sql.table(setup.sampleTable)}`.execute(db);
        return Number(rows[0]?.n);
      };
      const comments = async (pattern: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/form?name=sample&per-page=-1&fields=id,comment&filter[comment]=${encodeURIComponent(pattern)}`,
          headers: t.admin,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: Row[] }>().items.map((item) => item.comment);
      };
      const afterId = await lastSampleId(setup);
      // 1,200 rows: several INSERTs (500 rows at most each), of two column sets.
      const request = setup.request('indexed.csv', samplesCsv(setup.chain, 1_200));
      const result = await runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
        runInTemplateScope(() => setup.imports(rowByRow).commit(request)),
      );
      expect(result).toMatchObject({ ok: true, counts: { total: 1_200, new: 1_200, errors: 0 } });
      expect(await counted()).toBe(await stored());
      const matches = [await comments('SAMPLE 119'), await comments('^sample 7$'), await comments('ample 1.99')];
      // A failing import leaves the counter, index and history as they were.
      const before = { counted: await counted(), history: (await written(setup, 0)).history.length };
      const failing = setup.request(
        'failing.csv',
        samplesCsv(setup.chain, 700, ['5065_9_Z_999_9_XX,1,1,ROCK,,,xyzzy']),
      );
      const refused = await runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
        runInTemplateScope(() => setup.imports(rowByRow).commit(failing)),
      );
      expect(refused.ok).toBe(false);
      expect(await counted()).toBe(before.counted);
      expect(await counted()).toBe(await stored());
      expect((await written(setup, 0)).history).toHaveLength(before.history);
      expect(await comments('xyzzy')).toEqual([]);
      results.push({ matches, batchId: result.ok ? result.batchId : '', ...(await written(setup, afterId)) });
    }
    const [fromBatch, fromRows] = results as [(typeof results)[0], (typeof results)[0]];
    const [some, seven, pattern] = fromBatch.matches;
    expect(some).toContain('sample 1199');
    expect(seven).toContain('sample 7');
    expect(pattern).toContain('sample 1099');
    expect(fromBatch.matches).toEqual(fromRows.matches);
    expect(fromBatch.records).toEqual(fromRows.records);
    // One create per record, in the order of their ids, holding the record as stored (its
    // maintained columns aside), in the import's batch.
    expect(fromBatch.history.map((h) => [h.action, Number(h.record_id)])).toEqual(
      fromBatch.ids.map((id) => ['create', id]),
    );
    for (const [index, record] of fromBatch.records.entries()) {
      const kept = Object.fromEntries(Object.entries(record).filter(([name]) => !name.startsWith('maintained__')));
      expect(JSON.parse(String(fromBatch.history[index]?.changes))).toEqual(kept);
    }
    expect(new Set(fromBatch.history.map((h) => h.batch_id))).toEqual(new Set([fromBatch.batchId]));
    // The actor as the per-row trigger records it: the user and the route of the import.
    const actor = (h: Row) => [h.user_id, h.user_name, h.route, h.client];
    expect(new Set(fromBatch.history.map((h) => JSON.stringify(actor(h))))).toEqual(
      new Set(fromRows.history.map((h) => JSON.stringify(actor(h)))),
    );
    expect(actor(fromBatch.history[0] ?? {})).toEqual([expect.anything(), null, 'test', null]);
    expect(replayed(fromBatch.history)).toEqual(replayed(fromRows.history));
  }, 300_000);

  // 2,000 rows, read in two batches of 1,000 whose INSERTs have the same shapes (750 rows without a
  // sample request as 500 + 250, 250 with one): each statement text is compiled once, for the first
  // batch, and bound again with the second batch's values.
  it('commits the same records and maintained columns as the per-record pipeline when an INSERT shape repeats', async () => {
    const results = [];
    for (const [setup, rowByRow] of [
      [batch, false],
      [perRecord, true],
    ] as const) {
      const afterId = await lastSampleId(setup);
      const request = setup.request('many.csv', samplesCsv(setup.chain, 2_000));
      const result = await runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
        runInTemplateScope(() => setup.imports(rowByRow).commit(request)),
      );
      expect(result).toMatchObject({ ok: true, counts: { total: 2_000, new: 2_000, errors: 0 } });
      results.push(await written(setup, afterId));
    }
    const [fromBatch, fromRows] = results as [(typeof results)[0], (typeof results)[0]];
    expect(fromBatch.records).toHaveLength(2_000);
    expect(fromBatch.records.map((r) => r.comment)).toEqual(
      Array.from({ length: 2_000 }, (_, i) => `sample ${String(i)}`),
    );
    expect(fromBatch.records).toEqual(fromRows.records);
    // Written by the batch INSERTs (a failed one falls back to writing row by row, whose after-hooks update).
    expect(fromBatch.history.map((h) => h.action)).toEqual(fromBatch.ids.map(() => 'create'));
  }, 300_000);

  it('upserts by IGSN the same records, maintained columns, IGSNs and history as the per-record pipeline', async () => {
    const results = [];
    for (const [setup, rowByRow] of [
      [batch, false],
      [perRecord, true],
    ] as const) {
      const db = asDynamic(setup.t.database.db);
      const stored = await db.selectFrom(setup.sampleTable).select(['igsn', 'top', 'comment']).orderBy('id').execute();
      // Every third row as stored (unchanged); the others move (their maintained depths follow) or get a new comment.
      const lines = stored.map((r, i) =>
        i % 3 === 0
          ? `${String(r.igsn)},${String(r.top)},${String(r.comment)}`
          : `${String(r.igsn)},${String(i % 2 ? Number(r.top) + 50 : r.top)},upserted ${String(i)}`,
      );
      const request = {
        ...setup.request('upsert.csv', ['igsn,top,comment', ...lines].join('\n')),
        mode: 'upsert' as const,
      };
      const result = await runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
        runInTemplateScope(() => setup.imports(rowByRow).commit(request)),
      );
      const unchanged = Math.ceil(stored.length / 3);
      expect(result).toMatchObject({ ok: true, counts: { updated: stored.length - unchanged, unchanged, errors: 0 } });
      const batchId = result.ok ? result.batchId : '';
      const { records, registry, history } = await written(setup, 0);
      results.push({ records, registry, history, upserted: history.filter((h) => h.batch_id === batchId) });
    }
    const [fromBatch, fromRows] = results as [(typeof results)[0], (typeof results)[0]];
    expect(fromBatch.records.some((r) => String(r.comment).startsWith('upserted'))).toBe(true);
    expect(fromBatch.records).toEqual(fromRows.records);
    expect(fromBatch.registry).toEqual(fromRows.registry);
    expect(replayed(fromBatch.history)).toEqual(replayed(fromRows.history));
    // One history row per updated record (none for the unchanged ones), on either path.
    expect(fromBatch.upserted.map((h) => h.action)).toEqual(fromRows.upserted.map((h) => h.action));
    expect(fromBatch.upserted).toHaveLength(fromBatch.records.length - Math.ceil(fromBatch.records.length / 3));
    const { target } = await runInTemplateScope(() =>
      batch.importer.open({ roles: ['administrator'], permissions: [] }, 'sample'),
    );
    expect(batch.importer.updatesInBatches(target)).toBe(true);
  }, 60_000);

  it('writes archive file rows in batches too, refusing a file name that is a path as the per-record pipeline does', async () => {
    const csv = [
      'type,filename,original_filename,upload_date,comment',
      ...Array.from(
        { length: 12 },
        (_, i) => `PH,photo-${String(i)}.jpg,Photo ${String(i)}.JPG,2024-05-03 10:00:00,file ${String(i)}`,
      ),
      'PH,../etc/passwd,passwd,2024-05-03 10:00:00,a path',
    ].join('\n');
    const [fromBatch, fromRows] = await previewBoth((setup) => setup.request('files.csv', csv, 'files'));
    expect(fromBatch.counts).toMatchObject({ total: 13, new: 12, errors: 1 });
    expect(fromBatch.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 13, column: 'filename', message: "File name may not contain '/', '\\' or '..', nor start with a dot." },
    ]);
    expect(fromBatch).toEqual(fromRows);
    // Archive files have a create behavior (the file name check): it has a batch form, so no row-by-row writes.
    const { target } = await runInTemplateScope(() =>
      batch.importer.open({ roles: ['administrator'], permissions: [] }, 'files'),
    );
    expect(batch.importer.createsInBatches(target)).toBe(true);
  }, 60_000);

  it.runIf(dialect === 'sqlite')(
    'answers other requests while a large import commits, and still writes all or nothing',
    async () => {
      const { t, chain } = batch;
      const split = chain.splits[0];
      const count = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/form?name=sample&per-page=1&filter[section_split_id]==${String(split.id)}`,
            headers: t.admin,
          })
        ).json<{ _meta: { totalCount: number } }>()._meta.totalCount;
      const post = (csv: string) => {
        const body = multipart([
          { name: 'form', value: 'sample' },
          { name: 'file', filename: 'large.csv', type: 'text/csv', data: Buffer.from(csv) },
        ]);
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/import/commit',
          headers: { ...t.admin, ...body.headers },
          payload: body.payload,
        });
      };
      // Exact, where the list's count stops at a lower bound past 10,000.
      const stored = async () =>
        Number(
          (
            await asDynamic(t.database.db)
              .selectFrom(batch.sampleTable)
              .select(sql<number | string>`count(*)`.as('n'))
              .where('section_split_id', '=', split.id as number)
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Under 10,000 in all: past it the list's count is a lower bound, which could not tell.
      const rows = 9_000;
      const lines = ['section_split_id,top,sample_length'];
      for (let i = 0; i < rows; i++) lines.push(`${String(split.combined_id)},${String(i % 100)},1`);
      const before = await stored();

      let done = false as boolean;
      // Transactions of 20 ms (1 s in the app): several of them, however fast the machine.
      const commit = runInTemplateScope(() =>
        batch.imports(false, { transactionMs: 20 }).commit(batch.request('large.csv', lines.join('\n'))),
      ).finally(() => (done = true));
      // A GET that sees some of the import's rows was answered while the import still ran.
      let seen = before;
      // (A pause between the GETs: an injected request never leaves the microtask queue, and a
      // loop of them would starve the upload the import is reading.)
      while (!done && seen === before) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = await count();
      }
      expect((await commit).ok).toBe(true);
      // Held for the whole import, the connection would show none of its rows or all of them.
      expect(seen, 'no GET was answered while the import ran').toBeGreaterThan(before);
      expect(seen, 'no GET was answered while the import ran').toBeLessThan(before + rows);
      expect(await stored()).toBe(before + rows);

      // Row 2,500 of 3,000 fails: what the transactions before it kept is taken out again, however
      // many batches each ran (one, a few, all of them in one transaction).
      const failing = lines.slice(0, 3001);
      failing[2500] = `5065_9_Z_999_9_XX,1,1`;
      const refused = await post(failing.join('\n'));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ errors: Row[] }>().errors).toEqual([expect.objectContaining({ row: 2500 })]);
      expect(await stored()).toBe(before + rows);
      for (const transactionMs of [0, 30, Number.POSITIVE_INFINITY]) {
        const outcome = await runInTemplateScope(() =>
          batch.imports(false, { transactionMs }).commit(batch.request('failing.csv', failing.join('\n'))),
        );
        expect(outcome.ok, `transactions of ${String(transactionMs)} ms`).toBe(false);
        expect(await stored(), `transactions of ${String(transactionMs)} ms`).toBe(before + rows);
      }
    },
    120_000,
  );
});
