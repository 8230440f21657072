import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import { FILTERED_REGISTRY } from '../src/modules/igsn/igsn-held';
import type { ImportRequest } from '../src/modules/import/import-run';
import { type ImportOptions, samplesCsv, sqliteWithReader } from './helpers/import-samples';

// Issue 20: a large SQLite import holds its records' IGSN registry rows in a TEMP table and moves
// them into igsn_registry many at a time (modules/igsn/igsn-held.ts); an IGSN stays issued once.
// What other requests see is read through a second connection.

const DUPLICATE = (igsn: string) => `The IGSN ${igsn} has already been issued for another record.`;

describe('a large SQLite import holds its IGSN registry rows', () => {
  /** The setup, and what another connection sees (committed state only). */
  const sqlite = sqliteWithReader();

  const count = (query: string, ...parameters: unknown[]) =>
    (sqlite.reader.prepare(query).get(...parameters) as { n: number }).n;
  const storedSamples = () => count('SELECT count(*) AS n FROM curation_sample');
  const lastSample = () => count('SELECT coalesce(max(id), 0) AS n FROM curation_sample');
  /** The app connection's held tables (TEMP tables are that connection's own). */
  const heldTables = async () =>
    (
      await sql<{ name: string }>`SELECT name FROM temp.sqlite_master WHERE name LIKE 'mdis_held_igsns_%'`.execute(
        sqlite.setup.t.database.db,
      )
    ).rows;
  const run = <T>(work: () => Promise<T>) => runAudited({ userId: 1, route: 'test' }, () => runInTemplateScope(work));
  /** A commit (or preview) in transactions of one batch each: 999 rows, then 1,000 each. */
  const importOf = (options: ImportOptions = {}) => sqlite.setup.imports(false, { transactionMs: 0, ...options });

  /** `count` samples of the first split, row `n` (from 1) with the IGSN `igsns[n]` where given. */
  const csvWith = (rows: number, igsns: Record<number, string>) => {
    const split = String(sqlite.setup.chain.splits[0]?.combined_id);
    const lines = ['Section Split ID,top,igsn'];
    for (let row = 1; row <= rows; row++) lines.push(`${split},${String(row % 100)},${igsns[row] ?? ''}`);
    return lines.join('\n');
  };

  it('moves the registry rows into the registry in runs, one per record, and leaves nothing held', async () => {
    const afterId = lastSample();
    const seen: { samples: number; registered: number }[] = [];
    const registered = () =>
      count(`SELECT count(*) AS n FROM igsn_registry WHERE data_model = 'CurationSample' AND model_id > ?`, afterId);
    const request = sqlite.setup.request('samples.csv', samplesCsv(sqlite.setup.chain, 4_500));
    const outcome = await run(() =>
      importOf({ heldRows: 1_500 }).commit(request, () =>
        seen.push({ samples: storedSamples(), registered: registered() }),
      ),
    );
    expect(outcome).toMatchObject({ ok: true, counts: { new: 4_500, errors: 0 } });
    // Kept transactions showed their records before their IGSNs reached the registry, which took
    // them in runs of at least 1,500 (and the rest before the import was kept).
    expect(seen.some(({ samples, registered: r }) => samples - afterId > r)).toBe(true);
    const runs = [...new Set(seen.map((s) => s.registered))];
    expect(runs[0]).toBe(0);
    for (const [i, r] of runs.entries()) if (i > 0) expect(r - (runs[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_500);
    // One registry row per record, naming it, with the IGSN the record has.
    const mismatched = count(
      `SELECT count(*) AS n FROM curation_sample s LEFT JOIN igsn_registry r
         ON r.igsn = s.igsn AND r.data_model = 'CurationSample' AND r.model_id = s.id
       WHERE s.id > ? AND r.id IS NULL`,
      afterId,
    );
    expect(mismatched).toBe(0);
    expect(registered()).toBe(4_500);
    expect(await heldTables()).toEqual([]);
  }, 120_000);

  it('refuses an IGSN an earlier transaction of the import holds, in the preview as in the commit', async () => {
    const issued = String(sqlite.setup.chain.splits[0]?.igsn);
    const repeated = 'ICDP5065XHELD0001';
    const csv = csvWith(2_200, { 1: repeated, 1_500: repeated, 2_000: issued });
    const expected = [
      [1_500, 'igsn', DUPLICATE(repeated)],
      [2_000, 'igsn', DUPLICATE(issued)],
    ];
    const errorsOf = (outcome: { errors: { row: number; column: string | null; message: string }[] }) =>
      outcome.errors.map((e) => [e.row, e.column, e.message]);
    // Row 1,500 is in the second transaction: the preview rolled the first back, and still refuses it.
    const preview = await run(() => importOf().preview(sqlite.setup.request('repeat.csv', csv)));
    expect(preview.counts).toMatchObject({ total: 2_200, new: 2_198, errors: 2 });
    expect(errorsOf(preview)).toEqual(expected);

    const before = storedSamples();
    const commit = await run(() => importOf().commit(sqlite.setup.request('repeat.csv', csv)));
    expect(commit.ok).toBe(false);
    expect(errorsOf(commit as unknown as Parameters<typeof errorsOf>[0])).toEqual(expected);
    expect(storedSamples()).toBe(before);
    expect(count('SELECT count(*) AS n FROM igsn_registry WHERE igsn = ?', repeated)).toBe(0);
    expect(await heldTables()).toEqual([]);
  }, 120_000);

  // Row 1 is held when the rival registers its IGSN; row 2,500's batch comes after, but the import
  // read the registry's IGSNs into its filter before: the move finds it, not the batch's lookup.
  it.each([1, 2_500])(
    'fails the import, keeping nothing, when another request registered the IGSN of row %i meanwhile',
    async (row) => {
      const rival = `ICDP5065XRIVAL${String(row)}`;
      const request: ImportRequest = sqlite.setup.request('rival.csv', csvWith(2_500, { [row]: rival }));
      const before = storedSamples();
      let registration: Promise<unknown> | undefined;
      const commit = run(() =>
        importOf().commit(request, () => {
          // Sent inside the import's first transaction: it runs when that one is committed, between two.
          registration ??= sql`INSERT INTO igsn_registry (igsn, data_model, model_id, created_at)
          VALUES (${rival}, 'CurationCore', 999999, '2026-11-28T00:00:00.000Z')`.execute(sqlite.setup.t.database.db);
        }),
      );
      await expect(commit).rejects.toMatchObject({ status: 409, message: DUPLICATE(rival) });
      await registration;
      expect(storedSamples()).toBe(before);
      expect(sqlite.reader.prepare('SELECT data_model FROM igsn_registry WHERE igsn = ?').all(rival)).toEqual([
        { data_model: 'CurationCore' },
      ]);
      expect(await heldTables()).toEqual([]);
    },
    120_000,
  );

  it('reads the whole registry into its filter, page by page: an IGSN on a later page is refused at its row', async () => {
    const db = sqlite.setup.t.database.db;
    await sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000)
      INSERT INTO igsn_registry (igsn, data_model, model_id, created_at)
      SELECT printf('ICDP5065XPAGE%05d', i), 'CurationCore', 900000 + i, '2026-11-28T00:00:00.000Z' FROM n`.execute(db);
    const last = 'ICDP5065XPAGE25000';
    const commit = await run(() =>
      importOf().commit(sqlite.setup.request('pages.csv', csvWith(2_200, { 2_000: last }))),
    );
    expect(commit).toMatchObject({ ok: false, errors: [{ row: 2_000, column: 'igsn', message: DUPLICATE(last) }] });
  }, 120_000);

  // Last: the registry's ids stay this large for the tests after it.
  it('asks the registry about every IGSN when it is too large to read into a filter: the row is refused', async () => {
    const db = sqlite.setup.t.database.db;
    await sql`INSERT INTO igsn_registry (id, igsn, data_model, model_id, created_at)
      VALUES (${FILTERED_REGISTRY + 1}, 'ICDP5065XLARGE01', 'CurationCore', 999998, '2026-11-28T00:00:00.000Z')`.execute(
      db,
    );
    const rival = 'ICDP5065XRIVALLARGE';
    const before = storedSamples();
    let registration: Promise<unknown> | undefined;
    const commit = await run(() =>
      importOf().commit(sqlite.setup.request('large.csv', csvWith(2_500, { 2_500: rival })), () => {
        registration ??= sql`INSERT INTO igsn_registry (igsn, data_model, model_id, created_at)
          VALUES (${rival}, 'CurationCore', 999997, '2026-11-28T00:00:00.000Z')`.execute(db);
      }),
    );
    await registration;
    expect(commit).toMatchObject({ ok: false, errors: [{ row: 2_500, column: 'igsn', message: DUPLICATE(rival) }] });
    expect(storedSamples()).toBe(before);
  }, 120_000);
});
