import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';
import { multipart } from './files-fixture';

type Row = Record<string, unknown>;

/** A multipart import request: the file, the form and any other field. */
export function importRequest(file: { name: string; data: string | Buffer }, fields: Record<string, string>) {
  const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: file.name, type: 'application/octet-stream', data },
  ]);
}

describe.each(DIALECTS)('import (%s)', (dialect) => {
  let t: TwoExpeditions;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  }, 120_000);
  afterAll(() => t.close());

  const post = (path: string, headers: Headers, file: { name: string; data: string | Buffer }, fields: Row = {}) => {
    const body = importRequest(file, { form: 'sample', ...(fields as Record<string, string>) });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/import/${path}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const samplesOf = async (splitId: unknown) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/form?name=sample&filter[section_split_id]==${String(splitId)}&per-page=-1&sort=id`,
        headers: t.admin,
      })
    ).json<{ items: Row[] }>().items;

  it('previews a CSV by combined id with units in the headers, and writes nothing', async () => {
    const split = t.own.split;
    const before = await samplesOf(split.id);
    const csv = `Section Split ID;Top [m];Sample Length (cm);Comment\n${String(split.combined_id)};10;5;first\n${String(split.combined_id)};20;5;second\n`;
    const response = await post('preview', t.admin, { name: 'samples.csv', data: csv });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Row>();
    expect(body).toMatchObject({
      form: 'sample',
      mode: 'insert',
      sheets: [],
      sheet: null,
      counts: { total: 2, new: 2, updated: 0, unchanged: 0, errors: 0 },
      errors: [],
    });
    expect(body.mapping).toEqual([
      { header: 'Section Split ID', column: 'section_split_id', matchedBy: 'name' },
      { header: 'Top [m]', column: 'top', matchedBy: 'name' },
      { header: 'Sample Length (cm)', column: 'sample_length', matchedBy: 'name' },
      { header: 'Comment', column: 'comment', matchedBy: 'name' },
    ]);
    const sample = body.sample as { row: number; values: Row }[];
    expect(sample[0]?.values.combined_id).toMatch(new RegExp(`^${String(split.combined_id)}_\\d+$`));
    expect(await samplesOf(split.id)).toHaveLength(before.length);
  });

  it('commits all rows in one batch, lists them by IGSN and value-list remark, and undoes them as a whole', async () => {
    const split = t.own.split;
    const before = await samplesOf(split.id);
    const csv = [
      'Section Split ID,top,Sample Length [cm],Sample Material,Sample Request',
      `${String(split.igsn ?? split.combined_id)},30,5,Sediment,${String(t.own.request.id)}`,
      `${String(split.id)},31,5,ROCK,`,
    ].join('\r\n');
    const response = await post('commit', t.admin, { name: 'samples.csv', data: `\uFEFF${csv}` });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ batchId: string; counts: Row; filter: string }>();
    expect(result.counts).toEqual({ total: 2, new: 2, updated: 0, unchanged: 0, errors: 0 });
    expect(result.batchId).toMatch(/^[0-9a-f-]{36}$/);
    const after = await samplesOf(split.id);
    expect(after).toHaveLength(before.length + 2);
    expect(after.slice(-2).map((s) => s.sample_material)).toEqual(['SED', 'ROCK']);
    expect(after.at(-2)?.sample_request_id).toBe(t.own.request.id);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit?batch=${result.batchId}`,
      headers: t.admin,
    });
    expect(history.statusCode, history.body).toBe(200);

    const mapping = await t.app.inject({ method: 'GET', url: '/api/v1/import/mappings/sample', headers: t.admin });
    expect(mapping.json()).toMatchObject({ mapping: { top: 'top', 'Sample Material': 'sample_material' } });

    const undo = await t.app.inject({ method: 'POST', url: `/api/v1/import/${result.batchId}/undo`, headers: t.admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ removed: 2 });
    expect(await samplesOf(split.id)).toHaveLength(before.length);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/import/${result.batchId}/undo`,
      headers: t.admin,
    });
    expect(again.statusCode).toBe(409);
  });

  it('names each unresolved key and invalid value, writes nothing of a file failing half-way (422)', async () => {
    const split = t.own.split;
    const before = await samplesOf(split.id);
    const rows = [`section_split_id,top,sample_length,sample_material`];
    for (let i = 0; i < 20; i++) rows.push(`${String(split.combined_id)},${String(100 + i)},1,ROCK`);
    rows.push(
      '5065_9_Z_999_9_XX,1,1,ROCK',
      `${String(split.combined_id)},abc,1,ROCK`,
      `${String(split.combined_id)},2,1,Marble`,
    );
    const file = { name: 'bad.csv', data: rows.join('\n') };
    const preview = await post('preview', t.admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Row>().counts).toEqual({ total: 23, new: 20, updated: 0, unchanged: 0, errors: 3 });
    expect(preview.json<Row>().errors).toEqual([
      {
        row: 21,
        column: 'section_split_id',
        header: 'section_split_id',
        value: '5065_9_Z_999_9_XX',
        message: "Section Split ID: no record has the key '5065_9_Z_999_9_XX'.",
      },
      { row: 22, column: 'top', header: 'top', value: 'abc', message: expect.stringMatching(/Top/) as unknown },
      {
        row: 23,
        column: 'sample_material',
        header: 'sample_material',
        value: 'Marble',
        message: "Sample Material: 'Marble' is not in the list.",
      },
    ]);
    const csv = await post('preview?format=csv', t.admin, file);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('section_split_id,top,sample_length,sample_material,error');
    expect(lines).toHaveLength(4);
    const commit = await post('commit', t.admin, file);
    expect(commit.statusCode, commit.body).toBe(422);
    expect(commit.json<Row>().counts).toMatchObject({ errors: 3 });
    expect(await samplesOf(split.id)).toHaveLength(before.length);
  }, 120_000);

  it('upserts by id, combined id and IGSN; an unchanged row is counted as such', async () => {
    const sample = t.own.sample;
    const stored = (await samplesOf(t.own.split.id)).find((s) => s.id === sample.id) as Row;
    const csv = [
      'id,combined_id,igsn,comment',
      `${String(stored.id)},,,by id`,
      `,${String(stored.combined_id)},,by combined id`,
      ...(stored.igsn ? [`,,${stored.igsn as string},by igsn`] : []),
      `,${String(stored.combined_id)},,${stored.igsn ? 'by igsn' : 'by combined id'}`,
    ].join('\n');
    const response = await post('commit', t.admin, { name: 'upsert.csv', data: csv }, { mode: 'upsert' });
    expect(response.statusCode, response.body).toBe(200);
    const updates = stored.igsn ? 3 : 2;
    expect(response.json<Row>().counts).toEqual({
      total: updates + 1,
      new: 0,
      updated: updates,
      unchanged: 1,
      errors: 0,
    });
    const after = (await samplesOf(t.own.split.id)).find((s) => s.id === sample.id);
    expect(after?.comment).toBe(stored.igsn ? 'by igsn' : 'by combined id');
  });

  it("refuses rows outside a limited editor's expedition and writes nothing", async () => {
    const csv = `section_split_id,top,sample_length\n${String(t.own.split.combined_id)},50,1\n${String(t.foreign.split.combined_id)},50,1\n`;
    const before = await samplesOf(t.own.split.id);
    const response = await post('commit', t.users.limitedEdit, { name: 'mixed.csv', data: csv });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: Row[] }>().errors).toEqual([
      expect.objectContaining({ row: 2, message: expect.stringMatching(/not allowed/) as unknown }),
    ]);
    expect(await samplesOf(t.own.split.id)).toHaveLength(before.length);
    const viewer = await post('preview', t.users.viewer, { name: 'mixed.csv', data: csv });
    expect(viewer.statusCode).toBe(403);
  });

  it('reads Latin-1, tab-separated text, and says which mapping is wrong', async () => {
    const text = `section_split_id\ttop\tsample_length\tcomment\n${String(t.own.split.combined_id)}\t60\t1\tGr\u00f6\u00dfe\n`;
    const response = await post('preview', t.admin, { name: 'latin.csv', data: Buffer.from(text, 'latin1') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ sample: { values: Row }[] }>().sample[0]?.values.comment).toBe('Gr\u00f6\u00dfe');
    const bad = await post('preview', t.admin, { name: 'latin.csv', data: text }, { mapping: '{"top":"nope"}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Row>().message).toBe("The mapping is not valid: the form has no column 'nope'.");
    const unknown = await post('preview', t.admin, { name: 'latin.csv', data: text }, { form: 'nothing' });
    expect(unknown.statusCode).toBe(404);
  });

  it('round-trips the XLSX and JSON exports as updates with no mapping', async () => {
    const filters = encodeURIComponent(JSON.stringify({ section_split_id: `==${String(t.own.split.id)}` }));
    for (const [report, name] of [
      ['ListAllXlsx', 'export.xlsx'],
      ['ListJson', 'export.json'],
    ] as const) {
      const exported = await t.app.inject({
        method: 'GET',
        url: `/report/${report}?form=sample&filters=${filters}`,
        headers: t.cookie(t.admin),
      });
      expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
      const response = await post('commit', t.admin, { name, data: exported.rawPayload }, { mode: 'upsert' });
      expect(response.statusCode, response.body).toBe(200);
      const counts = response.json<{ counts: { total: number; unchanged: number; errors: number } }>().counts;
      expect(counts.total).toBeGreaterThan(0);
      expect(counts).toMatchObject({ unchanged: counts.total, errors: 0 });
    }
  });
});
