import type { ModelTemplate } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { registerDrillingBehaviors } from '../src/modules/drilling';
import { DRILLING_MESSAGES } from '../src/modules/drilling/behaviors/drilling-messages';
import { loadDrillingTemplates } from '../src/seed/drilling-model';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import type { TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
}

const CUMULATIVE = 'app\\behaviors\\template\\CumulativeSectionLengthBehavior';

describe.each(DIALECTS)('drilling behaviors on the seeded drilling model (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let hole: Row;
  let fixture: DrillingApp;

  async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row): Promise<Answer> {
    const response = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json<unknown>() : undefined };
  }

  async function create(form: string, payload: Row): Promise<Row> {
    const answer = await send('POST', `/api/v1/form?name=${form}`, payload);
    expect(answer.status, `${form}: ${JSON.stringify(answer.body)}`).toBe(201);
    return answer.body as Row;
  }

  async function update(form: string, id: unknown, payload: Row): Promise<Row> {
    const answer = await send('PUT', `/api/v1/form/${String(id)}?name=${form}`, payload);
    expect(answer.status, `${form}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body as Row;
  }

  async function list(form: string, filter: Row): Promise<Row[]> {
    const query = Object.entries(filter)
      .map(([column, value]) => `filter[${column}]=${encodeURIComponent(String(value))}`)
      .join('&');
    const response = await app.inject({ method: 'GET', url: `/api/v1/form?name=${form}&${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  }

  const splitsOf = (section: Row) => list('split', { section_id: section.id });

  let cores = 0;
  /** A core of the test hole: 3 m drilled, 2.7 m recovered, 3 sections unless told. */
  const newCore = (values: Row = {}) =>
    create('core', {
      hole_id: hole.id,
      core: ++cores,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 100,
      drilled_length: 3,
      core_recovery: 2.7,
      section_count: 3,
      ...values,
    });
  const newSection = (core: Row, section: number, values: Row = {}) =>
    create('section', { core_id: core.id, section, section_length: 0.9, ...values });

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    ({ database, app, admin } = fixture);
    ({ hole } = await createHoleChain(create));
  });
  afterAll(() => fixture.close());

  describe('SplittableSection', () => {
    it('gives a new section its whole-round split, with the section curator and combined id', async () => {
      const core = await newCore();
      const section = await newSection(core, 1, { curator: 'AM' });
      const splits = await splitsOf(section);
      expect(splits).toHaveLength(1);
      expect(splits[0]).toMatchObject({ type: 'WR', percent: 100, curator: 'AM', origin_split_id: null });
      expect([true, 1]).toContain(splits[0]?.still_exists);
      expect([false, 0]).toContain(splits[0]?.sampleable);
      // CombinedId (automatic) runs on the split inserted by the behavior too.
      expect(section.combined_id).toBe(`${String(core.combined_id)}_1`);
      expect(splits[0]?.combined_id).toBe(`${String(core.combined_id)}_1_WR`);
      // Igsn (automatic) too: the template default 'S' became an issued IGSN of object type S.
      expect(splits[0]?.igsn).toEqual(expect.stringMatching(/^ICDP5065ES\d+$/));
    });

    it('creates no split when the section is refused', async () => {
      const core = await newCore({ section_count: 1 });
      const first = await newSection(core, 1);
      // SiblingsLimitFromParent: the core holds one section only.
      const refused = await send('POST', '/api/v1/form?name=section', { core_id: core.id, section: 2 });
      expect(refused.status).toBe(409);
      expect(await list('section', { core_id: core.id })).toEqual([expect.objectContaining({ id: first.id })]);
      expect(await list('split', { core_id: core.id })).toHaveLength(1);
    });
  });

  describe('ValidateSplitOriginType', () => {
    it('refuses a first split other than the whole round (422 on type), on create and on update', async () => {
      const section = await newSection(await newCore(), 1);
      const [wholeRound] = await splitsOf(section);
      const renamed = await send('PUT', `/api/v1/form/${String(wholeRound.id)}?name=split`, { type: 'A' });
      expect(renamed).toEqual({
        status: 422,
        body: [{ field: 'type', message: DRILLING_MESSAGES.firstSplitWholeRound }],
      });
      expect(await splitsOf(section)).toEqual([expect.objectContaining({ id: wholeRound.id, type: 'WR' })]);

      expect((await send('DELETE', `/api/v1/form/${String(wholeRound.id)}?name=split`)).status).toBe(204);
      const archive = await send('POST', '/api/v1/form?name=split', { section_id: section.id, type: 'A', percent: 50 });
      expect(archive).toEqual({
        status: 422,
        body: [{ field: 'type', message: DRILLING_MESSAGES.firstSplitWholeRound }],
      });
      expect(await splitsOf(section)).toEqual([]);
      // A whole round may come first again.
      await create('split', { section_id: section.id, type: 'WR', percent: 100 });
    });

    it('needs an origin split of the same section for a later split (422 on origin_split_id)', async () => {
      const core = await newCore();
      const section = await newSection(core, 1);
      const other = await newSection(core, 2);
      const [wholeRound] = await splitsOf(section);
      const [otherWholeRound] = await splitsOf(other);
      const refusedMessage = [{ field: 'origin_split_id', message: DRILLING_MESSAGES.originTypeMissing }];
      const archive = { section_id: section.id, type: 'A', percent: 50 };

      const withoutOrigin = await send('POST', '/api/v1/form?name=split', archive);
      expect(withoutOrigin).toEqual({ status: 422, body: refusedMessage });
      const foreignOrigin = await send('POST', '/api/v1/form?name=split', {
        ...archive,
        origin_split_id: otherWholeRound.id,
      });
      expect(foreignOrigin).toEqual({ status: 422, body: refusedMessage });
      expect(await splitsOf(section)).toHaveLength(1);

      const created = await create('split', { ...archive, origin_split_id: wholeRound.id });
      expect(created).toMatchObject({
        type: 'A',
        origin_split_type: 'WR',
        combined_id: `${String(section.combined_id)}_A`,
      });
      const working = await create('split', { ...archive, type: 'W', origin_split_id: created.id });
      expect(working.origin_split_type).toBe('A');

      // Moving the origin to another section's split is refused; the stored split stays as it was.
      const moved = await send('PUT', `/api/v1/form/${String(working.id)}?name=split`, {
        origin_split_id: otherWholeRound.id,
      });
      expect(moved).toEqual({ status: 422, body: refusedMessage });
      expect((await splitsOf(section)).find((s) => s.id === working.id)).toMatchObject({ origin_split_id: created.id });
      // Edits that do not touch type or origin are not re-checked.
      expect(await update('split', working.id, { weight: 1.5 })).toMatchObject({ weight: 1.5 });
    });
  });

  describe('CreateUpdateCorebox', () => {
    it('finds or creates the core box of the hole by its zero-padded name', async () => {
      const core = await newCore();
      const [first] = await splitsOf(await newSection(core, 1));
      const [second] = await splitsOf(await newSection(core, 2));

      const boxed = await update('split', first.id, { corebox_name: '7' });
      const boxes = await list('corebox', { hole_id: hole.id });
      expect(boxes).toEqual([
        expect.objectContaining({
          corebox: '007',
          corebox_combined_id: `${String(hole.combined_id)}_CB007`,
          hole_id: hole.id,
        }),
      ]);
      expect(boxed).toMatchObject({ corebox_name: '007', corebox_id: boxes[0]?.id });

      // The same name in the same hole: the same box, none created.
      expect(await update('split', second.id, { corebox_name: '007' })).toMatchObject({ corebox_id: boxes[0]?.id });
      expect(await list('corebox', { hole_id: hole.id })).toHaveLength(1);
      expect(await list('corebox', { id: boxes[0]?.id })).toEqual([
        expect.objectContaining({ contained_section_splits: [first.combined_id, second.combined_id] }),
      ]);

      // Another name moves the split to another box; an emptied name takes it out.
      const moved = await update('split', second.id, { corebox_name: '8' });
      expect(moved).toMatchObject({ corebox_name: '008' });
      expect(moved.corebox_id).not.toBe(boxes[0]?.id);
      expect(await update('split', second.id, { corebox_name: '' })).toMatchObject({ corebox_id: null });
    });

    it('shows the current box name on the split after the box is renamed', async () => {
      const core = await newCore();
      const [split] = await splitsOf(await newSection(core, 1));
      const boxed = await update('split', split.id, { corebox_name: '20' });
      const renamed = await update('corebox', boxed.corebox_id, { corebox: '21' });
      expect(renamed).toMatchObject({ corebox: '021', corebox_combined_id: `${String(hole.combined_id)}_CB021` });
      expect((await splitsOf({ id: split.section_id })).at(0)).toMatchObject({
        corebox_id: boxed.corebox_id,
        corebox_name: '021',
      });
    });

    it('keeps the boxes of each hole apart: the same name in another hole is another box', async () => {
      const otherHole = await create('hole', { site_id: hole.site_id, hole: 'B', start_date: '2024-06-01' });
      const core = await create('core', {
        hole_id: otherHole.id,
        core: 1,
        core_ondeck: '2024-06-02T10:00:00Z',
        drilled_length: 1,
        core_recovery: 1,
      });
      const [split] = await splitsOf(await newSection(core, 1));
      const [box] = await list('corebox', { hole_id: hole.id, corebox: '007' });
      const boxed = await update('split', split.id, { corebox_name: '7' });
      expect(boxed.corebox_id).not.toBe(box.id);
      expect(await list('corebox', { corebox: '007' })).toEqual([
        expect.objectContaining({ id: box.id, hole_id: hole.id }),
        expect.objectContaining({ id: boxed.corebox_id, hole_id: otherHole.id }),
      ]);
    });

    it('creates a split in a box on insert, and no box when the split is refused', async () => {
      const core = await newCore();
      const section = await newSection(core, 1);
      const [wholeRound] = await splitsOf(section);
      const refused = await send('POST', '/api/v1/form?name=split', {
        section_id: section.id,
        type: 'A',
        percent: 50,
        corebox_name: '30',
      });
      expect(refused.status).toBe(422);
      expect(await list('corebox', { corebox: '030' })).toEqual([]);

      const archive = await create('split', {
        section_id: section.id,
        type: 'A',
        percent: 50,
        origin_split_id: wholeRound.id,
        corebox_name: '30',
      });
      expect(await list('corebox', { corebox: '030' })).toEqual([expect.objectContaining({ id: archive.corebox_id })]);
    });
  });

  describe('CumulativeSectionLength (enabled on CoreSection through the template store)', () => {
    let original: ModelTemplate;

    beforeAll(async () => {
      const store = createTemplateStore(database.db);
      original = await store.requireModel('CoreSection');
      await store.saveModel({
        ...original,
        behaviors: [
          ...original.behaviors,
          { behaviorClass: CUMULATIVE, parameters: { minRelativeLength: 0.9, maxRelativeLength: 1.1 } },
        ],
      });
    });
    afterAll(async () => {
      await createTemplateStore(database.db).saveModel(original);
    });

    const conflict = (message: string) => ({
      status: 409,
      body: { name: 'Conflict', message, code: 'CONFLICT', status: 409 },
    });
    const sectionsOf = (core: Row) => list('section', { core_id: core.id });

    it('refuses sections longer in total than the recovered core (409), at any section', async () => {
      const core = await newCore();
      // 3 m of sections over 2.7 m recovered: ratio 1.11 > 1.1, refused on the first section already.
      const tooLong = await send('POST', '/api/v1/form?name=section', {
        core_id: core.id,
        section: 1,
        section_length: 3,
      });
      expect(tooLong).toEqual(conflict(DRILLING_MESSAGES.sectionsTooLong));
      expect(await sectionsOf(core)).toEqual([]);
      expect(await list('split', { core_id: core.id })).toEqual([]);

      await newSection(core, 1, { section_length: 1 });
      await newSection(core, 2, { section_length: 1 });
      const last = await send('POST', '/api/v1/form?name=section', {
        core_id: core.id,
        section: 3,
        section_length: 1.2,
      });
      expect(last).toEqual(conflict(DRILLING_MESSAGES.sectionsTooLong));
      expect(await sectionsOf(core)).toHaveLength(2);
      // 2.97 m over 2.7 m is exactly the upper ratio 1.1: accepted.
      await newSection(core, 3, { section_length: 0.97 });

      // Lengthening a section past the ratio is refused too, and the stored length stays.
      const [firstSection] = await sectionsOf(core);
      const longer = await send('PUT', `/api/v1/form/${String(firstSection.id)}?name=section`, {
        section_length: 1.5,
      });
      expect(longer).toEqual(conflict(DRILLING_MESSAGES.sectionsTooLong));
      expect((await sectionsOf(core)).map((s) => s.section_length)).toEqual([1, 1, 0.97]);
    });

    it('refuses a last section that leaves the core too short (409)', async () => {
      const core = await newCore();
      await newSection(core, 1, { section_length: 1 });
      // Not the last section (section_count 3): short so far is fine.
      await newSection(core, 2, { section_length: 1 });
      const short = await send('POST', '/api/v1/form?name=section', {
        core_id: core.id,
        section: 3,
        section_length: 0.3,
      });
      expect(short).toEqual(conflict(DRILLING_MESSAGES.sectionsTooShort));
      expect(await sectionsOf(core)).toHaveLength(2);
      await newSection(core, 3, { section_length: 0.5 });
    });

    it('refuses sections on a core without recovery (409)', async () => {
      const core = await newCore({ core_recovery: 0 });
      const refused = await send('POST', '/api/v1/form?name=section', {
        core_id: core.id,
        section: 1,
        section_length: 1,
      });
      expect(refused).toEqual(conflict(DRILLING_MESSAGES.noCoreRecovery));
      expect(await sectionsOf(core)).toEqual([]);
    });
  });
});

describe('drilling behaviors in the template manager catalog', () => {
  const registry = createBehaviorRegistry();
  registerDrillingBehaviors(registry);
  const { models } = loadDrillingTemplates();
  const model = (name: string) => models.find((m) => m.fullName === name) as ModelTemplate;
  const validate = (behavior: string, parameters: Row, fullName: string) =>
    registry.get(`${behavior}Behavior`)?.validate?.(parameters, model(fullName));

  it('lists the drilling behaviors with their parameters, the automatic one hidden', () => {
    expect(registry.list().map((b) => [b.name, b.parameters.map((p) => p.name)])).toEqual([
      ['CreateUpdateCorebox', ['coreboxNameColumn', 'coreboxIdColumn']],
      ['CumulativeSectionLength', ['minRelativeLength', 'maxRelativeLength']],
      ['SplittableSection', ['splitsModel']],
      ['ValidateSplitOriginType', []],
    ]);
  });

  it('accepts the shipped templates and explains wrong parameters', () => {
    for (const template of models) {
      for (const behavior of template.behaviors) {
        const name = behavior.behaviorClass.split('\\').at(-1) ?? '';
        expect(registry.get(name)?.validate?.(behavior.parameters ?? {}, template) ?? [], name).toEqual([]);
      }
    }
    expect(validate('SplittableSection', { splitsModel: 'CurationSectionSplit' }, 'CoreCore')).toEqual([
      DRILLING_MESSAGES.onlyCoreSection,
    ]);
    expect(validate('SplittableSection', {}, 'CoreSection')).toEqual(['splitsModel cannot be empty']);
    expect(validate('CumulativeSectionLength', { minRelativeLength: 0.5 }, 'CoreSection')).toEqual([
      DRILLING_MESSAGES.minRelativeLength,
      'maxRelativeLength cannot be empty',
    ]);
    expect(
      validate('CumulativeSectionLength', { minRelativeLength: 0.9, maxRelativeLength: 1.1 }, 'CoreSection'),
    ).toEqual([]);
    expect(
      validate(
        'CreateUpdateCorebox',
        { coreboxNameColumn: 'box', coreboxIdColumn: 'corebox_id' },
        'CurationSectionSplit',
      ),
    ).toEqual(['box does not exist in the current model']);
    expect(validate('ValidateSplitOriginType', {}, 'CoreSection')).toEqual([
      'type does not exist in the current model',
      'origin_split_id does not exist in the current model',
    ]);
  });
});
