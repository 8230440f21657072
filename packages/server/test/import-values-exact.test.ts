import { type Kysely, sql } from 'kysely';
import { insertRows } from '../src/engine/records/insert-rows';
import type { DynamicSchema } from '../src/engine/records/dynamic-db';
import type { MaintainedColumn } from '../src/engine/records/maintained-columns';
import type { RecordModel } from '../src/engine/records/record-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import {
  commitCsvImport,
  createHoleChain,
  createSplitChain,
  type DrillingApp,
  startDrillingApp,
} from './helpers/drilling-app';

type Row = Record<string, unknown>;
type AnyDb = Kysely<DynamicSchema>;

/** Texts a bulk insert must store as they are (PostgreSQL sends an import's rows as one array per column). */
const AWKWARD = [
  'plain',
  'a "quoted" word, and a comma',
  'braces {1,2} and \\ backslash \\\\ twice',
  'NULL',
  'two  spaces inside',
  'ümlaut – dash ✓ 𝄞',
  "it's",
  '{}',
];

class RolledBack extends Error {
  constructor(readonly rows: Row[]) {
    super('rolled back');
  }
}

const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

describe.each(DIALECTS)('import stores every value as given (%s)', (dialect) => {
  let drilling: DrillingApp;
  let split: Row;

  beforeAll(async () => {
    drilling = await startDrillingApp(dialect);
    const { hole } = await createHoleChain((form, payload) => drilling.create(form, payload));
    ({ split } = await createSplitChain(drilling, hole.id, 12.5));
  });
  afterAll(() => drilling.close());

  it('texts with quotes, braces, backslashes and "NULL", empty cells and decimals, with the maintained values a form create gives', async () => {
    const lines = ['Section Split ID,Top [cm],Sample Length [cm],Comment'];
    AWKWARD.forEach((text, index) =>
      lines.push(`${String(split.combined_id)},${String(index * 7.25)},0.5,${csvCell(text)}`),
    );
    lines.push(`${String(split.combined_id)},1e-3,,`);
    await commitCsvImport(drilling, 'sample', lines.join('\n'));
    const byForm = await drilling.create('sample', { section_split_id: split.id, top: 14.5, sample_length: 0.5 });

    const db = drilling.database.db as unknown as AnyDb;
    const stored = await db
      .selectFrom('curation_sample')
      .select(['id', 'top', 'sample_length', 'comment', 'maintained__mcd_top_depth', 'maintained__sample_combined_id'])
      .where('section_split_id', '=', split.id)
      .orderBy('id')
      .execute();
    const imported = stored.filter((row) => row.id !== byForm.id);
    expect(imported.map((row) => row.comment)).toEqual([...AWKWARD, null]);
    expect(imported.map((row) => Number(row.top))).toEqual([...AWKWARD.map((_, index) => index * 7.25), 0.001]);
    expect(imported.map((row) => row.sample_length)).toEqual([...AWKWARD.map(() => 0.5), null]);
    // The third imported row has the form's values: the INSERT computed the same maintained values.
    const formRow = stored.find((row) => row.id === byForm.id);
    expect(formRow?.maintained__mcd_top_depth).not.toBeNull();
    expect(imported[2]).toMatchObject({
      maintained__mcd_top_depth: formRow?.maintained__mcd_top_depth,
      maintained__sample_combined_id: formRow?.maintained__sample_combined_id,
    });
  });

  it('a multi-row INSERT with maintained columns stores each value as given, NULLs and the columns no row gives included', async () => {
    const texts = [...AWKWARD, '', '  padded  ', null];
    const rows = texts.map((comment, index) => ({
      id: 800001 + index,
      section_split_id: split.id,
      top: [0.001, -1.5e10, 7.25][index % 3],
      comment,
    }));
    // Maintained columns over the row (`r`): one reads a given column, one a column no row gives.
    const columns = [
      { column: 'maintained__sample_combined_id', sql: sql`"r"."comment"` },
      { column: 'maintained__mcd_top_depth', sql: sql`COALESCE("r"."split_fraction_taken", -1)` },
    ] as unknown as MaintainedColumn[];
    const model = { table: 'curation_sample' } as unknown as RecordModel;
    const db = drilling.database.db as unknown as AnyDb;
    const stored = await db
      .transaction()
      .execute(async (trx) => {
        await insertRows(trx, model, rows, { dialect, columns, memo: new Map() });
        const written = await trx
          .selectFrom('curation_sample')
          .select(['id', 'top', 'comment', 'maintained__sample_combined_id', 'maintained__mcd_top_depth'])
          .where('id', '>', 800000)
          .orderBy('id')
          .execute();
        throw new RolledBack(written);
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return error.rows;
        throw error;
      });
    expect(stored.map((row) => row.comment)).toEqual(texts);
    expect(stored.map((row) => row.maintained__sample_combined_id)).toEqual(texts);
    expect(stored.map((row) => Number(row.top))).toEqual(rows.map((row) => row.top));
    expect(stored.map((row) => Number(row.maintained__mcd_top_depth))).toEqual(texts.map(() => -1));
  });
});
