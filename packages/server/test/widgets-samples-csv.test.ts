import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;

/** The fields of one CSV line, quotes removed (enough here: no line breaks inside fields). */
function csvFields(line: string): string[] {
  const matches = [...line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)];
  return matches.map((m) => (m[1] as string | undefined)?.replace(/""/g, '"') ?? m[2]).slice(0, -1);
}

// The Samples CSV widget's call, on the seeded drilling model: requests and samples are written
// through the form API, as an operator would.
describe.each(DIALECTS)('widgets/download-samples-as-csv (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  const samples: Row[] = [];

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }

  const download = (query: string, signedIn = true) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/widgets/download-samples-as-csv?${query}`,
      headers: signedIn ? viewer : {},
    });

  /** Program → expedition → site → hole → core → section → its WR split. */
  async function split(): Promise<{ expeditionId: unknown; splitId: unknown }> {
    const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
    const expedition = await create('expedition', {
      program_id: program.id,
      expedition: '5065',
      exp_name: 'Test Expedition',
      exp_acronym: 'GRIND',
      chief_scientists: ['AM'],
      contact: 'Anna Meyer',
      start_date: '2024-05-01',
      combined_id: '5065',
    });
    const site = await create('site', { expedition_id: expedition.id, site: '1', combined_id: '5065_1' });
    const hole = await create('hole', {
      site_id: site.id,
      hole: 'A',
      start_date: '2024-05-02',
      combined_id: '5065_1_A',
    });
    const core = await create('core', {
      hole_id: hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 100,
      drilled_length: 3,
      core_recovery: 3,
      combined_id: '5065_1_A_001',
    });
    const section = await create('section', {
      core_id: core.id,
      section: 1,
      section_length: 1,
      curated_length: 1,
      combined_id: '5065_1_A_001_1',
    });
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/form?name=split&filter[section_id]=${String(section.id)}`,
      headers: admin,
    });
    const found = listed.json<{ items: Row[] }>().items.find((s) => s.type === 'WR');
    const wr = found ?? (await create('split', { section_id: section.id, type: 'WR', percent: 100 }));
    return { expeditionId: expedition.id, splitId: wr.id };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    viewer = (await signedInUser(app, database.db, { roles: ['viewer'] })).headers;

    const { expeditionId, splitId } = await split();
    const request = await create('sample-request', { expedition_id: expeditionId, request_no: 7, request_part: 'A' });
    const other = await create('sample-request', { expedition_id: expeditionId, request_no: 7, request_part: 'B' });
    const sample = (top: number, requestId: unknown, comment: string) =>
      create('sample', { section_split_id: splitId, sample_request_id: requestId, top, sample_length: 5, comment });
    samples.push(await sample(10, request.id, 'first, with "quotes"'));
    samples.push(await sample(20, request.id, '=SUM(A1:A9)'));
    await sample(30, other.id, 'belongs to part B');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it("answers the request's samples as CSV, one line each, under the widget's file name", async () => {
    const response = await download('requestNo=7&requestPart=A');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="samples_7_A.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 4)).toEqual(['id', 'section_split_id', 'sample_request_id', 'combined_id']);
    expect(header).toEqual(expect.arrayContaining(['top', 'sample_length', 'bottom', 'comment']));
    expect(lines).toHaveLength(3);
    const column = (line: string | undefined, name: string) => csvFields(line ?? '')[header.indexOf(name)];
    expect(lines.slice(1).map((line) => column(line, 'id'))).toEqual(samples.map((s) => String(s.id)));
    expect(column(lines[1], 'top')).toBe('10');
    expect(column(lines[1], 'bottom')).toBe('15');
    // RFC 4180 quoting, and a formula is written as text.
    expect(lines[1]).toContain('"first, with ""quotes"""');
    expect(column(lines[1], 'comment')).toBe('first, with "quotes"');
    expect(column(lines[2], 'comment')).toBe("'=SUM(A1:A9)");
    expect(response.body).not.toContain('belongs to part B');
  });

  it('answers 422 with a message for a request that does not exist', async () => {
    const response = await download('requestNo=99&requestPart=A');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([{ field: 'requestNo', message: 'Sample request 99 part A does not exist.' }]);
    expect((await download('requestNo=7&requestPart=C')).statusCode).toBe(422);
  });

  it('applies the form permissions of the sample request: a user without them gets 403', async () => {
    const nobody = (await signedInUser(app, database.db, { roles: [] })).headers;
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/widgets/download-samples-as-csv?requestNo=7&requestPart=A',
      headers: nobody,
    });
    expect(response.statusCode).toBe(403);
  });

  it('needs a login, a request number and a part', async () => {
    expect((await download('requestNo=7&requestPart=A', false)).statusCode).toBe(401);
    const missing = await download('requestNo=7');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('Request Part is required');
    const notNumber = await download('requestNo=seven&requestPart=A');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json<{ message: string }>().message).toContain('Request Number must be a whole number');
  });
});
