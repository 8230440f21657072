import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { type MaintainedColumn, maintainedColumns, refreshMaintained } from '../src/engine/records/maintained-columns';
import { loadRecordModel } from '../src/engine/records/record-model';
import { backfillMaintained } from '../src/engine/schema-sync/maintained';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { registerBehaviors } from '../src/register-behaviors';
import { type DepthTestApp, createDepthApp, insertRow, queryRecorder, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';

// The backfill (a first start after maintained columns were added, a migration, the bench dataset)
// rewrites every row with each parent's values computed once per range; a record's own write
// keeps the per-row SQL. Both must store the same values.
describe.each(DIALECTS)('backfill of maintained sample columns (%s)', (dialect) => {
  let t: DepthTestApp;
  let columns: readonly MaintainedColumn[];

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    const ids = await seedDepthExample(t.db);
    // A core without a drillers top depth: the depths count it as 0, on both paths.
    await sql`UPDATE core_core SET drillers_top_depth = NULL WHERE id = ${ids.cores.b1}`.execute(t.db);
    const splits = [...Object.values(ids.wr), ...Object.values(ids.archive)];
    // Offsets with halves at the third decimal (rounding ties), lengths missing, many samples per split.
    for (let n = 0; n < 40; n += 1)
      await insertRow(t.db, 'curation_sample', {
        section_split_id: splits[n % splits.length],
        combined_id: `S${String(n)}`,
        top: (n * 7.35) % 90,
        sample_length: n % 5 === 0 ? null : (n % 9) + 0.5,
      });
    const behaviors = createBehaviorRegistry();
    registerBehaviors(behaviors);
    const model = await loadRecordModel(createTemplateStore(t.db), 'CurationSample');
    columns = maintainedColumns(behaviors, model, dialect);
  });
  afterAll(() => t.close());

  const names = () => columns.map((c) => c.column);
  async function stored(): Promise<Record<string, unknown>[]> {
    const { rows } = await sql<Record<string, unknown>>`SELECT id, ${sql.join(names().map((n) => sql.ref(n)))}
      FROM curation_sample ORDER BY id`.execute(t.db);
    return rows;
  }
  /** Values no computation gives, so that a row the rewrite skips shows. */
  async function scramble(): Promise<void> {
    const stale = columns.map((c) => sql`${sql.ref(c.column)} = ${c.kind === 'text' ? 'stale' : 999}`);
    await sql`UPDATE curation_sample SET ${sql.join(stale)}`.execute(t.db);
  }

  it('stores what the per-row computation stores, for every sample', async () => {
    expect(names()).toEqual(expect.arrayContaining(['maintained__mcd_top_depth', 'maintained__csfb_bottom_depth']));
    await scramble();
    await refreshMaintained(asDynamic(t.db), 'curation_sample', columns, sql`1 = 1`);
    const perRow = await stored();
    await scramble();
    // Small ranges: several of them, and ranges holding no sample at all.
    await backfillMaintained(t.db, dialect, 'curation_sample', columns, 7);
    expect(await stored()).toEqual(perRow);
    expect(perRow.filter((row) => row.maintained__csfb_bottom_depth !== null).length).toBe(perRow.length);
  });

  it("computes a split's section depth once per range, not per sample and column", async () => {
    const statements: CompiledQuery[] = [];
    const recorded = t.db.withPlugin(queryRecorder(t.db, [], statements));
    await backfillMaintained(recorded, dialect, 'curation_sample', columns);
    const update = statements.find((s) => /^\s*update\s+"curation_sample"/i.test(s.sql));
    // The length above a section (its SUM over the lower-numbered sections) is the costly part.
    expect(update?.sql.match(/SUM\(above\.section_length\)/g)).toHaveLength(1);
  });
});
