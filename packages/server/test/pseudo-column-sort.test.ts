import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDrillingTemplates } from '../src/seed/drilling-model';
import { type DepthTestApp, createDepthApp, insertRow, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';

type Rec = Record<string, unknown>;

// The pseudo column that holds a list (the core box's split ids): no value to sort by. The map and
// RDF/XML links of the toolbar's buttons: built with functions the SQL compiler does not translate
// (count), so app/forms marks them unsortable and the table offers no sort by them.
const LINKS = ['ProjectHole.map_url', 'ProjectSite.map_url'].concat(
  ['CoreCore', 'ProjectHole', 'CurationCuttings', 'CurationSample', 'CurationSectionSplit'].map((m) => `${m}.rdf_url`),
);
const UNSORTABLE = new Set(['CurationCorebox.contained_section_splits', ...LINKS]);

/** Every pseudo column of the drilling models, as model → column names. */
function pseudoColumns(): [string, string][] {
  return loadDrillingTemplates().models.flatMap((model) =>
    Object.values(model.columns)
      .filter((column) => column.type === 'pseudo' && !UNSORTABLE.has(`${model.fullName}.${column.name}`))
      .map((column): [string, string] => [model.fullName, column.name]),
  );
}

// The list's order as the API promises it: NULLs first ascending, last descending; numbers as numbers.
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const [x, y] = [text(a), text(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

describe.each(DIALECTS)('every pseudo column sorts and filters in SQL (%s)', (dialect) => {
  let t: DepthTestApp;
  const list = async (model: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/global?name=${model}&per-page=-1&${query}`,
      headers: t.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Rec[] }>().items;
  };

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    const ids = await seedDepthExample(t.db);
    // Samples and lithology units on several splits (offsets in cm), a core with a recovery, a hole with a water depth.
    const sample = (split: number, combined: string, top: number, length: number | null) =>
      insertRow(t.db, 'curation_sample', {
        section_split_id: split,
        combined_id: combined,
        top,
        sample_length: length,
      });
    await sample(ids.wr.a2s1, 'S1', 10, 5);
    await sample(ids.archive.a2s2, 'S2', 0, 20);
    await sample(ids.wr.a1s1, 'S3', 50, 10);
    await sample(ids.archive.b1s1, 'S4', 5, 5);
    await sample(ids.wr.a2s3, 'S5', 9.5, null);
    const unit = (split: number, top: number, length: number) =>
      insertRow(t.db, 'geology_lithology', { section_split_id: split, top_depth: top, unit_length: length });
    await unit(ids.wr.a2s1, 20, 30);
    await unit(ids.wr.a1s1, 0, 100);
    await unit(ids.archive.b1s1, 40, 10);
    await t.db
      .updateTable('core_core' as never)
      .set({ core_recovery: 2 } as never)
      .where('id' as never, '=', ids.cores.a2 as never)
      .execute();
    await t.db
      .updateTable('project_hole' as never)
      .set({ depth_water: 1.5 } as never)
      .where('id' as never, '=', ids.holes.a as never)
      .execute();
    await t.refreshMaintained();
  });
  afterAll(() => t.close());

  it.each(pseudoColumns())('%s sorted by %s ascending and descending', async (model, column) => {
    const all = await list(model, 'sort=id');
    const values = all.map((row) => row[column]);
    const ascending = await list(model, `sort=${column}`);
    expect(ascending.map((row) => row[column])).toEqual([...values].sort(compare));
    const descending = await list(model, `sort=-${column}`);
    expect(descending.map((row) => row[column])).toEqual([...values].sort(compare).reverse());
  });

  it('breaks ties by id in the direction of the sort', async () => {
    const ascending = await list('CoreSection', 'sort=section_split_exist');
    const descending = await list('CoreSection', 'sort=-section_split_exist');
    const ties = (rows: Rec[], value: string) =>
      rows.filter((row) => row.section_split_exist === value).map((r) => r.id);
    expect(ties(ascending, 'no').length).toBeGreaterThan(1);
    expect(ties(descending, 'no')).toEqual([...ties(ascending, 'no')].reverse());
  });

  it.each(pseudoColumns())('%s filtered by %s', async (model, column) => {
    const all = await list(model, 'sort=id');
    const present = all.filter((row) => row[column] !== null && row[column] !== '');
    const sorted = present.map((row) => row[column]).sort(compare);
    const pivot = sorted[Math.floor(sorted.length / 2)];
    if (pivot === undefined) return;
    if (typeof pivot === 'number') {
      const found = await list(model, `sort=id&filter[${column}]=${encodeURIComponent(`>=${String(pivot)}`)}`);
      expect(found.map((row) => row.id)).toEqual(
        present.filter((row) => Number(row[column]) >= pivot).map((r) => r.id),
      );
    } else if (typeof pivot === 'string') {
      const found = await list(model, `sort=id&filter[${column}]=${encodeURIComponent(`==${pivot}`)}`);
      expect(found.map((row) => row.id)).toEqual(present.filter((row) => row[column] === pivot).map((r) => r.id));
    }
    const empty = await list(model, `sort=id&filter[${column}]=${encodeURIComponent('==NULL')}`);
    expect(empty.map((row) => row.id)).toEqual(all.filter((row) => row[column] === null).map((r) => r.id));
  });

  it('tells in app/forms which columns each table may sort and filter by', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/forms', headers: t.admin });
    expect(response.statusCode).toBe(200);
    type Entry = { key: string; columns: Record<string, { sortable: boolean; filterable: boolean }> };
    const forms = Object.values(response.json<Record<string, Entry[]>>()).flat();
    const columns = (key: string) => forms.find((form) => form.key === key)?.columns ?? {};
    const both = { sortable: true, filterable: true };
    expect(columns('sample')).toMatchObject({
      igsn: both,
      mcd_top_depth: both,
      sample_combined_id: both,
      csfb_bottom_depth: both,
    });
    expect(columns('section')).toMatchObject({ top_depth: both, mcd_bottom_depth: both });
    expect(columns('core')).toMatchObject({ core_bottom_depth: both, core_recovery_pc: both });
    // A list of split ids per box has no single value to sort by: the table must not offer it.
    expect(columns('corebox').contained_section_splits).toEqual({ sortable: false, filterable: false });
  });

  it('finds a sample by its combined sample id and by its mcd depth', async () => {
    const byId = await list(
      'CurationSample',
      `filter[sample_combined_id]=${encodeURIComponent('==5065_1_A_002_1_WR:10-15')}`,
    );
    expect(byId.map((row) => row.combined_id)).toEqual(['S1']);
    // 5065_1_A_002 section 3: top 3 + 1.0 + 0.9 = 4.9, mcd 5.1; the sample 9.5 cm below: 5.1 + 0.095 is
    // 5.194999… in binary, shown rounded as 5.19, and SQL must round it alike on both dialects.
    const byDepth = await list('CurationSample', `filter[mcd_top_depth]=${encodeURIComponent('==5.19')}`);
    expect(byDepth.map((row) => [row.combined_id, row.mcd_top_depth])).toEqual([['S5', 5.19]]);
  });
});
