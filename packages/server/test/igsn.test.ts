import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { signedInUser } from './helpers/factories';
import type { TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;

/**
 * IGSNs (reference §2.6) on the seeded drilling model: generated from the ancestors after
 * insert, kept on every later save, registered in igsn_registry, and found by `app/find-igsn`.
 */
describe.each(DIALECTS)('IGSN on the drilling model (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let developer: Record<string, string>;
  let fixture: DrillingApp;
  const chain: Record<'program' | 'expedition' | 'site' | 'hole' | 'core' | 'section' | 'split' | 'sample', Row> =
    {} as never;

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    ({ database, app, admin } = fixture);
    developer = (await signedInUser(app, database.db, { roles: ['developer'] })).headers;
    Object.assign(chain, await createHoleChain(create));
    chain.core = await create('core', {
      hole_id: chain.hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 100,
      drilled_length: 3,
      core_recovery: 2.7,
    });
    chain.section = await create('section', { core_id: chain.core.id, section: 1, section_length: 0.95 });
    // SplittableSection creates the WR split of a new section.
    const splits = (await get(`/api/v1/form?name=split&filter[section_id]=${String(chain.section.id)}`)) as {
      items: Row[];
    };
    chain.split = splits.items.find((s) => s.type === 'WR') ?? {};
    chain.sample = await create('sample', { section_split_id: chain.split.id, top: 10, sample_length: 5 });
  });

  afterAll(() => fixture.close());

  function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row, headers = admin) {
    return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  async function get(url: string, headers = admin): Promise<unknown> {
    const response = await request('GET', url, undefined, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await request('POST', `/api/v1/form?name=${form}`, payload);
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }

  const update = (form: string, id: unknown, payload: Row) =>
    request('PUT', `/api/v1/form/${String(id)}?name=${form}`, payload);

  const newCore = (core: number, extra: Row = {}) =>
    request('POST', '/api/v1/form?name=core', {
      hole_id: chain.hole.id,
      core,
      core_ondeck: '2024-05-04T10:00:00Z',
      drilled_length: 1,
      ...extra,
    });

  async function registry(): Promise<Row[]> {
    const rows = await sql<Row>`SELECT igsn, data_model, model_id FROM igsn_registry ORDER BY igsn`.execute(
      database.db,
    );
    return rows.rows.map((row) => ({ ...row, model_id: Number(row.model_id) }));
  }

  async function setConfig(values: Row) {
    const response = await request('POST', '/api/v1/app/config', values, developer);
    expect(response.statusCode, response.body).toBe(200);
  }

  it('issues ICDP5065EC10001 to core 1 of expedition 5065, and IGSNs to its hole, split and sample', async () => {
    expect(chain.core).toMatchObject({ id: 1, igsn: 'ICDP5065EC10001' });
    expect(chain.hole).toMatchObject({ id: 1, igsn: 'ICDP5065EH10001' });
    expect(chain.split).toMatchObject({ id: 1, type: 'WR', igsn: 'ICDP5065ES10001' });
    expect(chain.sample).toMatchObject({ id: 1, igsn: 'ICDP5065EX10001' });
    // Stored, not only answered.
    expect(await get('/api/v1/form/1?name=core')).toMatchObject({ igsn: 'ICDP5065EC10001' });
    expect(await registry()).toEqual([
      { igsn: 'ICDP5065EC10001', data_model: 'CoreCore', model_id: 1 },
      { igsn: 'ICDP5065EH10001', data_model: 'ProjectHole', model_id: 1 },
      { igsn: 'ICDP5065ES10001', data_model: 'CurationSectionSplit', model_id: 1 },
      { igsn: 'ICDP5065EX10001', data_model: 'CurationSample', model_id: 1 },
    ]);
  });

  it('numbers the next core by its id: core id 2 → ICDP5065EC20001', async () => {
    const response = await newCore(2);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ id: 2, igsn: 'ICDP5065EC20001' });
  });

  it('keeps the IGSN on re-save: another field changed, the field emptied, or only the tag letter sent', async () => {
    for (const igsn of [undefined, '', null, 'C', 'icdp5065ec10001']) {
      const payload = { comment: `saved with ${String(igsn)}`, ...(igsn === undefined ? {} : { igsn }) };
      const response = await update('core', chain.core.id, payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ igsn: 'ICDP5065EC10001', comment: payload.comment });
    }
    expect((await registry()).filter((row) => row.data_model === 'CoreCore')).toHaveLength(2);
  });

  it('refuses to change an issued IGSN (IGSN_CHANGED) and changes nothing', async () => {
    const response = await update('core', chain.core.id, { igsn: 'ICDP5065EC99999', comment: 'not saved' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      {
        field: 'igsn',
        message: 'The IGSN ICDP5065EC10001 has already been issued for this record and cannot be changed.',
      },
    ]);
    expect(await get('/api/v1/form/1?name=core')).toMatchObject({ igsn: 'ICDP5065EC10001' });
    expect(await get('/api/v1/form/1?name=core')).not.toMatchObject({ comment: 'not saved' });
  });

  it('refuses an IGSN issued for another record (DUPLICATE_IGSN) and creates nothing', async () => {
    const before = (await get('/api/v1/form?name=core')) as { _meta: { totalCount: number } };
    const response = await newCore(3, { igsn: 'ICDP5065EH10001' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      { field: 'igsn', message: 'The IGSN ICDP5065EH10001 has already been issued for another record.' },
    ]);
    const after = (await get('/api/v1/form?name=core')) as { _meta: { totalCount: number } };
    expect(after._meta.totalCount).toBe(before._meta.totalCount);
    // Another record's IGSN on an update: the record has its own already, so that is a change.
    const split = await update('split', chain.split.id, { igsn: 'ICDP5065EX10001' });
    expect(split.statusCode).toBe(422);
    expect(split.json()).toEqual([
      {
        field: 'igsn',
        message: 'The IGSN ICDP5065ES10001 has already been issued for this record and cannot be changed.',
      },
    ]);
  });

  it('registers an explicitly entered IGSN (upper case) instead of generating one', async () => {
    const response = await newCore(4, { igsn: ' gfz-core.0004 ' });
    expect(response.statusCode, response.body).toBe(201);
    const core = response.json<Row>();
    expect(core.igsn).toBe('GFZ-CORE.0004');
    expect(await registry()).toContainEqual({ igsn: 'GFZ-CORE.0004', data_model: 'CoreCore', model_id: core.id });
    const again = await newCore(5, { igsn: 'GFZ-core.0004' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual([
      { field: 'igsn', message: 'The IGSN GFZ-CORE.0004 has already been issued for another record.' },
    ]);
  });

  it('refuses an entered IGSN that is not one (NOT_VALID)', async () => {
    const response = await newCore(6, { igsn: 'ab cd' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      {
        field: 'igsn',
        message: `"ab cd" is not a valid IGSN: use 2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit.`,
      },
    ]);
  });

  it('issues AW00001, AW00002 … with igsn.method fixed_prefix from the app config', async () => {
    await setConfig({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'AW', 'igsn.variable-part-length': 5 });
    try {
      const first = await newCore(7);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ igsn: 'AW00001' });
      const second = await create('cuttings', { hole_id: chain.hole.id, top_depth: 1, bottom_depth: 2 });
      expect(second.igsn).toBe('AW00002');
      // Concurrent creates (real parallel transactions on PostgreSQL) each get their own number.
      const parallel = await Promise.all([20, 21, 22, 23, 24].map((core) => newCore(core)));
      expect(parallel.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(parallel.map((response) => response.json<Row>().igsn).sort()).toEqual([
        'AW00003',
        'AW00004',
        'AW00005',
        'AW00006',
        'AW00007',
      ]);
      // A record issued under the classic method keeps its IGSN.
      const resaved = await update('core', chain.core.id, { comment: 'after the switch' });
      expect(resaved.json()).toMatchObject({ igsn: 'ICDP5065EC10001' });
    } finally {
      await setConfig({ 'igsn.method': null, 'igsn.prefix': null, 'igsn.variable-part-length': null });
    }
    const classic = await newCore(8);
    expect(classic.json<Row>().igsn).toMatch(/^ICDP5065EC[0-9A-Z]{5}$/);
  });

  it('adds site and hole with igsn.method ICDP_2021 (program unpadded)', async () => {
    await setConfig({ 'igsn.method': 'ICDP_2021' });
    try {
      const response = await newCore(12);
      expect(response.statusCode, response.body).toBe(201);
      const core = response.json<Row>();
      // Reversed base 36 of id + 36⁴, as in ICDP_classic.
      const number = (Number(core.id) + 36 ** 4).toString(36).toUpperCase().split('').reverse().join('');
      expect(core.igsn).toBe(`ICDP5065E01AC${number}`);
    } finally {
      await setConfig({ 'igsn.method': null });
    }
  });

  it('generates but does not register IGSNs with igsn.save-to-database off', async () => {
    const before = await registry();
    await setConfig({ 'igsn.save-to-database': false });
    try {
      const response = await newCore(13);
      expect(response.statusCode, response.body).toBe(201);
      const core = response.json<Row>();
      expect(core.igsn).toMatch(/^ICDP5065EC[0-9A-Z]{5}$/);
      expect(await registry()).toEqual(before);
      expect(await get(`/api/v1/app/find-igsn/${String(core.igsn)}`)).toEqual([]);
      // Still stable on re-save: the stored value is the record's IGSN.
      const resaved = await update('core', core.id, { igsn: 'C', comment: 'again' });
      expect(resaved.json()).toMatchObject({ igsn: core.igsn });
    } finally {
      await setConfig({ 'igsn.save-to-database': null });
    }
  });

  it('refuses to issue with a broken method setting (ALGORITHM_ERROR) and creates nothing', async () => {
    // Stored behind the settings' back (POST app/config refuses fixed_prefix without a prefix).
    await sql`INSERT INTO app_config (key, value) VALUES ('igsn.method', '"fixed_prefix"')`.execute(database.db);
    try {
      const response = await newCore(9);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([
        {
          field: 'igsn',
          message: 'The IGSN could not be generated: the prefix "" (igsn.prefix) must be letters and digits.',
        },
      ]);
      const cores = (await get('/api/v1/form?name=core&filter[core]=9')) as { items: Row[] };
      expect(cores.items).toEqual([]);
    } finally {
      await setConfig({ 'igsn.method': null });
    }
  });

  describe('GET app/find-igsn/{igsn}', () => {
    it('finds core 1 with its info and the filter of the core form', async () => {
      expect(await get('/api/v1/app/find-igsn/ICDP5065EC10001')).toEqual([
        {
          id: 1,
          data_model: 'CoreCore',
          info: '5065_1_A_001',
          filter: { expedition: chain.expedition.id, site: chain.site.id, hole: chain.hole.id },
        },
      ]);
    });

    it('lists every record whose IGSN starts with a text that is no whole IGSN, in IGSN order', async () => {
      const cores = (await get('/api/v1/app/find-igsn/icdp5065ec')) as Row[];
      expect(cores.length).toBeGreaterThan(1);
      expect(cores[0]).toEqual({
        id: 1,
        data_model: 'CoreCore',
        info: '5065_1_A_001',
        filter: { expedition: chain.expedition.id, site: chain.site.id, hole: chain.hole.id },
      });
      expect(cores.map((core) => core.data_model)).toEqual(cores.map(() => 'CoreCore'));
      const models = ((await get('/api/v1/app/find-igsn/ICDP5065E')) as Row[]).map((found) => found.data_model);
      expect(new Set(models)).toEqual(new Set(['ProjectHole', 'CoreCore', 'CurationSectionSplit', 'CurationSample']));
    });

    it('finds a split and a sample with the longer filter of their forms, whatever the case', async () => {
      expect(await get('/api/v1/app/find-igsn/icdp5065es10001')).toEqual([
        {
          id: chain.split.id,
          data_model: 'CurationSectionSplit',
          info: '5065_1_A_001_1_WR',
          filter: {
            expedition: chain.expedition.id,
            site: chain.site.id,
            hole: chain.hole.id,
            core: chain.core.id,
            section: chain.section.id,
          },
        },
      ]);
      const [sample] = (await get('/api/v1/app/find-igsn/ICDP5065EX10001')) as Row[];
      expect(sample).toMatchObject({
        id: chain.sample.id,
        data_model: 'CurationSample',
        filter: { sectionSplit: chain.split.id, section: chain.section.id, sampleRequest: null },
      });
    });

    it('answers [] for an IGSN nobody was issued, and 400 for a text that is no IGSN', async () => {
      expect(await get('/api/v1/app/find-igsn/ICDP5065EC00000')).toEqual([]);
      const response = await request('GET', '/api/v1/app/find-igsn/a%20b');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: `"a b" is not a valid IGSN: use 2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit.`,
      });
    });

    it('answers [] after the record was deleted, and never issues its IGSN again', async () => {
      const core = (await newCore(10)).json<Row>();
      const igsn = String(core.igsn);
      expect(await get(`/api/v1/app/find-igsn/${igsn}`)).toHaveLength(1);
      expect((await request('DELETE', `/api/v1/form/${String(core.id)}?name=core`)).statusCode).toBe(204);
      expect(await get(`/api/v1/app/find-igsn/${igsn}`)).toEqual([]);
      const reuse = await newCore(11, { igsn });
      expect(reuse.statusCode).toBe(422);
      expect(reuse.json()).toEqual([
        { field: 'igsn', message: `The IGSN ${igsn} has already been issued for another record.` },
      ]);
    });

    it('shows only records of models the user may view', async () => {
      const sampler = await signedInUser(app, database.db, { roles: [], permissions: ['form-sample:view'] });
      expect(await get('/api/v1/app/find-igsn/ICDP5065EX10001', sampler.headers)).toMatchObject([
        { data_model: 'CurationSample' },
      ]);
      expect(await get('/api/v1/app/find-igsn/ICDP5065EC10001', sampler.headers)).toEqual([]);
    });

    it('needs a signed-in user: 401 without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/app/find-igsn/ICDP5065EC10001' });
      expect(response.statusCode).toBe(401);
    });
  });
});
