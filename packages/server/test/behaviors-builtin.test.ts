import { nextValue, parseModelTemplate, type BehaviorInfo } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { registerBuiltinBehaviors, siblingsLimitMessage } from '../src/engine/behaviors';
import { migrateToLatest } from '../src/infra/db/migrate';
import { loadDrillingTemplates } from '../src/seed/drilling-model';
import { seedDatabase } from '../src/seed/seed';
import { CORE_NOTE, NOTES_PER_CORE } from './behaviors-fixture';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { saveAndSync } from './records-helpers';

type Row = Record<string, unknown>;
type Reply = { status: number; body: Row };

describe.each(DIALECTS)('generic behaviors on the drilling model (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let expedition: Row;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    await saveAndSync(database.db, dialect, CORE_NOTE);
    app = await buildApp(config, { database });
    admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
    expedition = await create('expedition', {
      program_id: program.id,
      expedition: '5065',
      exp_name: 'Behaviors',
      exp_acronym: 'BEHAV',
      chief_scientists: ['AM'],
      contact: 'Anna Meyer',
      start_date: '2024-05-01',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function send(method: 'POST' | 'PUT', url: string, payload: Row): Promise<Reply> {
    const response = await app.inject({ method, url, payload, headers: admin });
    return { status: response.statusCode, body: response.json<Row>() };
  }
  async function create(form: string, payload: Row): Promise<Row> {
    const { status, body } = await send('POST', `/api/v1/form?name=${form}`, payload);
    expect(status, `${form}: ${JSON.stringify(body)}`).toBe(201);
    return body;
  }
  async function update(form: string, id: unknown, payload: Row): Promise<Row> {
    const { status, body } = await send('PUT', `/api/v1/form/${String(id)}?name=${form}`, payload);
    expect(status, `${form}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  }
  const defaults = (form: string, payload: Row) => send('POST', `/api/v1/form/defaults?name=${form}`, payload);
  const newSite = () => create('site', { expedition_id: expedition.id });
  const newHole = async () => create('hole', { site_id: (await newSite()).id, start_date: '2024-05-02' });
  const newCore = (hole: Row, values: Row = {}) =>
    create('core', { hole_id: hole.id, core_ondeck: '2024-05-03T10:00:00Z', drilled_length: 1, ...values });
  const countOf = async (table: string, column: string, value: unknown) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(database.db)
      ).rows[0]?.n,
    );

  describe('UniqueCombinationAutoIncrement', () => {
    it('numbers the cores of a hole 1 … 10 and then proposes 11, not 2; another hole starts at 1', async () => {
      const hole = await newHole();
      const cores: unknown[] = [];
      // Created without a number: the behavior fills it before the insert too.
      for (let i = 0; i < 10; i++) cores.push((await newCore(hole, { drillers_top_depth: 100 + i })).core);
      expect(cores).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const next = await defaults('core', { hole_id: hole.id });
      expect(next.status).toBe(200);
      expect(next.body.core).toBe(11);
      const other = await defaults('core', { hole_id: (await newHole()).id });
      expect(other.body.core).toBe(1);
    });

    it('counts numbers in a text column as numbers: sites "1" … "10" are followed by "11"', async () => {
      const own = await create('expedition', {
        program_id: expedition.program_id,
        expedition: '5070',
        exp_name: 'Ten sites',
        exp_acronym: 'TEN',
        chief_scientists: ['AM'],
        contact: 'Anna Meyer',
        start_date: '2024-06-01',
      });
      const sites: unknown[] = [];
      for (let i = 0; i < 10; i++) sites.push((await create('site', { expedition_id: own.id })).site);
      expect(sites).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      expect((await defaults('site', { expedition_id: own.id })).body.site).toBe('11');
    });

    it('gives holes letters A, B, …; a typed name stays; after Z comes AA', async () => {
      const site = await newSite();
      expect((await defaults('hole', { site_id: site.id })).body.hole).toBe('A');
      const holes = [];
      for (let i = 0; i < 2; i++)
        holes.push((await create('hole', { site_id: site.id, start_date: '2024-05-02' })).hole);
      expect(holes).toEqual(['A', 'B']);
      expect((await defaults('hole', { site_id: site.id })).body.hole).toBe('C');
      const typed = await create('hole', { site_id: site.id, hole: 'Z', start_date: '2024-05-02' });
      expect(typed.hole).toBe('Z');
      expect((await defaults('hole', { site_id: site.id })).body.hole).toBe('AA');
    });

    it('orders letters by length, then alphabet, and ignores values of the other kind', () => {
      expect(nextValue(['A', 'Z', 'B'], true)).toBe('AA');
      expect(nextValue(['AZ', 'Z'], true)).toBe('BA');
      expect(nextValue(['9', '10', 'x'], false)).toBe(11);
      expect(nextValue(['A', '3'], true)).toBe('B');
      expect(nextValue([], true)).toBe('A');
      expect(nextValue([null], false)).toBe(1);
    });
  });

  describe('DefaultFromSibling', () => {
    it("proposes the newest core's computed bottom depth as the next core's top", async () => {
      const hole = await newHole();
      expect((await defaults('core', { hole_id: hole.id })).body).not.toHaveProperty('drillers_top_depth');
      await newCore(hole, { drillers_top_depth: 100.5, drilled_length: 3 });
      await newCore(hole, { drillers_top_depth: 103.5, drilled_length: 2.25 });
      const next = await defaults('core', { hole_id: hole.id });
      expect(next.body).toMatchObject({ core: 3, drillers_top_depth: 105.75 });
      // A value the user sent is kept.
      expect((await defaults('core', { hole_id: hole.id, drillers_top_depth: 110 })).body.drillers_top_depth).toBe(110);
    });

    it('fills a duplicate from the defaults first: the next number and top, the rest copied from the source', async () => {
      const hole = await newHole();
      const source = await newCore(hole, { drillers_top_depth: 50, drilled_length: 1.5, core_diameter: 63.5 });
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/form/duplicate?name=core&id=${String(source.id)}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      const copy = response.json<Row>();
      expect(copy).toMatchObject({ core: 2, drillers_top_depth: 51.5, drilled_length: 1.5, core_diameter: 63.5 });
      expect(copy).not.toHaveProperty('combined_id');
    });
  });

  describe('SiblingsLimitFromParent', () => {
    it("refuses more sections than the core's section_count with 409 and the original's message", async () => {
      const core = await newCore(await newHole(), { section_count: 2 });
      const first = await create('section', { core_id: core.id, section_length: 1 });
      const second = await create('section', { core_id: core.id, section_length: 1 });
      expect([first.section, second.section]).toEqual([1, 2]);
      const message = 'cannot create more than 2 with the same core_id value.';
      const refusedDraft = await defaults('section', { core_id: core.id });
      expect(refusedDraft).toMatchObject({ status: 409, body: { message } });
      const refused = await send('POST', '/api/v1/form?name=section', { core_id: core.id, section_length: 1 });
      expect(refused).toMatchObject({ status: 409, body: { message } });
      expect(await countOf('core_section', 'core_id', core.id)).toBe(2);
      // A larger section_count lets the next one in.
      await update('core', core.id, { section_count: 3 });
      expect((await defaults('section', { core_id: core.id })).body.section).toBe(3);
    });

    it('sets no limit while the core has no section_count', async () => {
      const core = await newCore(await newHole());
      for (let i = 0; i < 3; i++) await create('section', { core_id: core.id, section_length: 1 });
      expect((await defaults('section', { core_id: core.id })).status).toBe(200);
    });
  });

  describe('DefaultFromOtherColumn', () => {
    it('lets the curated length follow the section length while both were equal', async () => {
      const core = await newCore(await newHole());
      const section = await create('section', { core_id: core.id, section_length: 0.95 });
      expect(section.curated_length).toBe(0.95);
      expect((await update('section', section.id, { section_length: 1 })).curated_length).toBe(1);
      await update('section', section.id, { curated_length: 0.9 });
      const changed = await update('section', section.id, { section_length: 1.1 });
      expect(changed).toMatchObject({ section_length: 1.1, curated_length: 0.9 });
      const typed = await create('section', { core_id: core.id, section_length: 0.8, curated_length: 0.7 });
      expect(typed.curated_length).toBe(0.7);
    });
  });

  describe('on a developer-made model (DefaultFromParent, SiblingsLimit, LeadingZeros)', () => {
    const notes = '/api/v1/global?name=TestCoreNote';

    it('takes stored and computed values from the parent core on defaults', async () => {
      const core = await newCore(await newHole(), {
        core_diameter: 63.5,
        drillers_top_depth: 100.5,
        drilled_length: 3,
      });
      const draft = await send('POST', '/api/v1/global/defaults?name=TestCoreNote', { core_id: core.id });
      expect(draft).toMatchObject({ status: 200, body: { core_id: core.id, diameter: 63.5, bottom: 103.5 } });
      const kept = await send('POST', '/api/v1/global/defaults?name=TestCoreNote', { core_id: core.id, diameter: 50 });
      expect(kept.body.diameter).toBe(50);
    });

    it(`allows ${String(NOTES_PER_CORE)} notes per core, then answers 409 on defaults, create and move`, async () => {
      const hole = await newHole();
      const full = await newCore(hole);
      for (let i = 0; i < NOTES_PER_CORE; i++)
        expect((await send('POST', notes, { core_id: full.id })).status).toBe(201);
      const message = siblingsLimitMessage(NOTES_PER_CORE, 'core_id');
      expect(message).toBe('cannot create more than 2 with the same core_id value.');
      expect(await send('POST', '/api/v1/global/defaults?name=TestCoreNote', { core_id: full.id })).toMatchObject({
        status: 409,
        body: { message },
      });
      expect(await send('POST', notes, { core_id: full.id })).toMatchObject({ status: 409, body: { message } });
      const other = await newCore(hole);
      const moving = await send('POST', notes, { core_id: other.id, label: 'm' });
      const moved = await send('PUT', `/api/v1/global/${String(moving.body.id)}?name=TestCoreNote`, {
        core_id: full.id,
      });
      expect(moved).toMatchObject({ status: 409, body: { message } });
      expect(await countOf('test_core_note', 'core_id', full.id)).toBe(NOTES_PER_CORE);
      // Saving a note of a full core without moving it is fine.
      const edited = await send('PUT', `/api/v1/global/${String(moving.body.id)}?name=TestCoreNote`, { label: 'n' });
      expect(edited.status).toBe(200);
    });

    it('pads the leading digits of the label to 4 on create and update', async () => {
      const core = await newCore(await newHole());
      const padded = await send('POST', notes, { core_id: core.id, label: '23' });
      expect(padded.body.label).toBe('0023');
      const url = `/api/v1/global/${String(padded.body.id)}?name=TestCoreNote`;
      expect((await send('PUT', url, { label: '7b' })).body.label).toBe('0007b');
      expect(
        (await send('POST', notes, { core_id: (await newCore(await newHole())).id, label: 'x1' })).body.label,
      ).toBe('x1');
      expect((await send('PUT', url, { label: '12345' })).body.label).toBe('12345');
      expect((await send('PUT', url, { label: 5 })).body.label).toBe('0005');
    });
  });

  describe('cg/api/behaviors', () => {
    it('lists the selectable behaviors with their parameters to a developer, not the automatic ones', async () => {
      const developer = (await signedInUser(app, database.db, { roles: ['developer'] })).headers;
      const response = await app.inject({ method: 'GET', url: '/cg/api/behaviors', headers: developer });
      expect(response.statusCode).toBe(200);
      const list = response.json<BehaviorInfo[]>();
      const byName = new Map(list.map((b) => [b.name, b]));
      expect(byName.get('UniqueCombinationAutoIncrement')).toMatchObject({
        behaviorClass: 'app\\behaviors\\template\\UniqueCombinationAutoIncrementBehavior',
        parameters: [
          { name: 'searchFields', kind: 'columns', hint: expect.any(String) as unknown },
          { name: 'fieldToFill', kind: 'column', hint: expect.any(String) as unknown },
          { name: 'useAlphabet', kind: 'boolean', hint: expect.any(String) as unknown },
        ],
      });
      // each parameter's kind tells the model editor which input to offer (column picker, number, …)
      const kinds = (name: string) => byName.get(name)?.parameters.map((p) => p.kind);
      expect(kinds('LeadingZeros')).toEqual(['column', 'number']);
      expect(kinds('SiblingsLimit')).toEqual(['column', 'number']);
      const parameterNames = (name: string) => byName.get(name)?.parameters.map((p) => p.name);
      expect(parameterNames('SiblingsLimit')).toEqual(['parentRefColumn', 'limit']);
      expect(parameterNames('SiblingsLimitFromParent')).toEqual(['parentRefColumn', 'parentSourceColumn']);
      expect(parameterNames('DefaultFromSibling')).toEqual(['parentRefColumn', 'sourceColumn', 'destinationColumn']);
      expect(parameterNames('DefaultFromParent')).toEqual(['parentSourceColumn', 'destinationColumn']);
      expect(parameterNames('DefaultFromOtherColumn')).toEqual(['sourceColumn', 'targetColumn']);
      expect(parameterNames('LeadingZeros')).toEqual(['column', 'length']);
      expect(byName.has('CombinedId')).toBe(false);
      const names = list.map((b) => b.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    });

    it('refuses the catalog to an operator (403) and to nobody signed in (401)', async () => {
      const operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
      expect((await app.inject({ method: 'GET', url: '/cg/api/behaviors', headers: operator })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/cg/api/behaviors' })).statusCode).toBe(401);
    });
  });
});

describe('behavior parameter checks (template manager wording)', () => {
  const registry = createBehaviorRegistry();
  registerBuiltinBehaviors(registry);
  const core = parseModelTemplate(loadDrillingTemplates().models.find((m) => m.fullName === 'CoreCore'));
  const validate = (name: string, parameters: Record<string, unknown>) => {
    const check = registry.get(`${name}Behavior`)?.validate;
    if (!check) throw new Error(`${name} has no parameter check`);
    return check(parameters, core);
  };

  it('names every empty parameter and every column the model lacks', () => {
    expect(validate('UniqueCombinationAutoIncrement', {})).toEqual([
      'searchFields cannot be empty',
      'fieldToFill cannot be empty',
    ]);
    expect(
      validate('UniqueCombinationAutoIncrement', { searchFields: ['hole_id', 'nope'], fieldToFill: 'core' }),
    ).toEqual(['nope does not exist in the current model']);
    expect(
      validate('DefaultFromSibling', { parentRefColumn: 'hole_id', sourceColumn: 'x', destinationColumn: 'y' }),
    ).toEqual(['x does not exist in the current model', 'y does not exist in the current model']);
    expect(validate('DefaultFromParent', { destinationColumn: 'comment' })).toEqual([
      'parentSourceColumn cannot be empty',
    ]);
    expect(validate('DefaultFromOtherColumn', { sourceColumn: 'core', targetColumn: '' })).toEqual([
      'targetColumn cannot be empty',
    ]);
    expect(validate('SiblingsLimitFromParent', { parentRefColumn: 'hole_id' })).toEqual([
      'parentSourceColumn cannot be empty',
    ]);
  });

  it('wants a positive limit and a length above 1', () => {
    expect(validate('SiblingsLimit', { parentRefColumn: 'hole_id', limit: 0 })).toEqual([
      'limit must be a number bigger than 0',
    ]);
    expect(validate('SiblingsLimit', { parentRefColumn: 'hole_id', limit: 'x' })).toEqual([
      'limit must be a number bigger than 0',
    ]);
    expect(validate('SiblingsLimit', { parentRefColumn: 'hole_id', limit: '3' })).toEqual([]);
    expect(validate('LeadingZeros', { column: 'comment', length: 1 })).toEqual([
      "The property 'length' must be bigger than 1",
    ]);
    expect(validate('LeadingZeros', { column: 'comment', length: 3 })).toEqual([]);
  });

  it('finds nothing to complain about in the shipped drilling templates', () => {
    const complaints = loadDrillingTemplates().models.flatMap((template) => {
      const model = parseModelTemplate(template);
      return model.behaviors.flatMap((b) => {
        const name = b.behaviorClass.split('\\').pop() ?? '';
        const messages = registry.get(name)?.validate?.(b.parameters ?? {}, model) ?? [];
        return messages.map((m) => `${model.fullName} ${name}: ${m}`);
      });
    });
    expect(complaints).toEqual([]);
  });
});
