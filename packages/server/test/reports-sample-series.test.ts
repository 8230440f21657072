import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

describe.each(DIALECTS)('reports: sample series (%s)', (dialect) => {
  let f: ReportsFixture;
  let split: Row;
  beforeAll(async () => {
    f = await reportsFixture(dialect);
    // The whole round of core 2, section 1: 1.2 m curated, no samples yet.
    [split] = await f.list('split', `filter[section_id]==${String(f.core2.sections[0].id)}`);
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const report = (url: string, headers: Headers = f.adminCookie) =>
    f.app.inject({ method: 'GET', url: `/report/${url}`, headers });
  const runAction = (url: string, payload: object | undefined, headers: Headers = f.admin) =>
    f.app.inject({ method: 'POST', url: `/report/${url}`, headers, ...(payload ? { payload } : {}) });
  const createUrl = () => `CreateSampleSeries?form=split&id=${String(split.id)}`;
  const samplesOfSplit = () => f.list('sample', `filter[section_split_id]==${String(split.id)}&sort=top`);
  const message = (response: Awaited<ReturnType<typeof report>>) => response.json<{ message: string }>().message;
  const series = { top: 5, length: 5, interval: 10, count: 3, material: 'core' };

  it('offers CreateSampleSeries on a split and UndoSampleSeries on a sample, for single records', async () => {
    const menus = async (form: string) =>
      (await f.app.inject({ method: 'GET', url: `/api/v1/form/reports?name=${form}`, headers: f.admin })).json<{
        single: { name: string; type: string; confirmationMessage: string }[];
        multiple: { name: string }[];
      }>();
    const splitMenus = await menus('split');
    const create = splitMenus.single.find((r) => r.name === 'CreateSampleSeries');
    expect(create).toMatchObject({ type: 'action', opensPage: true });
    expect(create?.confirmationMessage).toBeTruthy();
    expect(splitMenus.multiple.map((r) => r.name)).not.toContain('CreateSampleSeries');
    const sampleMenus = await menus('sample');
    expect(sampleMenus.single.find((r) => r.name === 'UndoSampleSeries')).toMatchObject({
      title: 'Undo samples series',
      type: 'action',
    });
  });

  describe('CreateSampleSeries', () => {
    it('shows the parameter form, and previews the series without creating anything', async () => {
      const page = await report(createUrl());
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('<form class="series no-print" method="get">');
      expect(page.body).toContain('name="length"');
      expect(page.body).toContain('<script src="assets/report-action.js" defer></script>');
      const preview = await report(`${createUrl()}&top=5&length=5&interval=10&count=3&material=core`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.body).toContain('3 samples would be created on split');
      expect(preview.body).toContain('<tr><td>3</td><td>25</td><td>30</td><td>5</td><td>core</td></tr>');
      expect(await samplesOfSplit()).toEqual([]);
      const script = await f.app.inject({ method: 'GET', url: '/report/assets/report-action.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain("method: 'POST'");
    });

    it('refuses bad parameters with a clear 400 and creates nothing', async () => {
      const cases: [object, string][] = [
        [{ top: 0 }, 'Enter the sample length and the number of samples (the start top and interval are optional).'],
        [
          { ...series, interval: 4 },
          "'interval' must be at least the sample length (cm from one sample's top to the next): samples may not overlap.",
        ],
        [{ ...series, count: 0 }, "'count' must be a whole number from 1 to 100."],
        [{ ...series, count: 'many' }, "'count' must be a whole number from 1 to 100."],
        [{ ...series, length: -1 }, "'length' must be a number greater than 0 (cm)."],
      ];
      for (const [body, expected] of cases) {
        const response = await runAction(createUrl(), { confirmed: true, ...body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(message(response)).toBe(expected);
      }
      const beyond = await runAction(createUrl(), { confirmed: true, ...series, count: 13 });
      expect(beyond.statusCode).toBe(400);
      expect(message(beyond)).toBe("The series would end at 130 cm, beyond the split's curated length of 120 cm.");
      const preview = await report(`${createUrl()}&length=5&count=200`);
      expect(preview.statusCode).toBe(400);
      expect(await samplesOfSplit()).toEqual([]);
    });

    it('changes nothing without confirmation, nor for a user who may not edit samples', async () => {
      expect((await runAction(createUrl(), series)).statusCode).toBe(400);
      const viewer = await f.user([], ['form-split:view', 'form-sample:view']);
      expect((await runAction(createUrl(), { confirmed: true, ...series }, viewer)).statusCode).toBe(403);
      const otherExpedition = await f.user([], ['records:5066:edit']);
      expect([403, 404]).toContain(
        (await runAction(createUrl(), { confirmed: true, ...series }, otherExpedition)).statusCode,
      );
      expect(await samplesOfSplit()).toEqual([]);
    });

    it('creates the samples through the records engine once confirmed: combined ids and IGSNs', async () => {
      const response = await runAction(createUrl(), { confirmed: true, ...series });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: `3 samples created on split ${String(split.combined_id)}.`,
        changed: 3,
      });
      const samples = await samplesOfSplit();
      expect(samples.map((s) => [s.top, s.sample_length, s.sample_material])).toEqual([
        [5, 5, 'core'],
        [15, 5, 'core'],
        [25, 5, 'core'],
      ]);
      expect(samples.map((s) => s.sample_combined_id)).toEqual([
        `${String(split.combined_id)}:5-10`,
        `${String(split.combined_id)}:15-20`,
        `${String(split.combined_id)}:25-30`,
      ]);
      expect(samples.every((s) => typeof s.igsn === 'string' && s.igsn !== '')).toBe(true);
    });
  });

  describe('UndoSampleSeries', () => {
    const undoUrl = (sample: Row) => `UndoSampleSeries?form=sample&id=${String(sample.id)}`;

    it('says so for a sample that is not part of a series', async () => {
      const page = await report(undoUrl(f.sample));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This sample is not part of a sample series.');
      const run = await runAction(undoUrl(f.sample), { confirmed: true });
      expect(run.statusCode).toBe(400);
      expect(message(run)).toBe('This sample is not part of a sample series.');
    });

    it('previews the samples of the series on GET and deletes nothing', async () => {
      const [, middle] = await samplesOfSplit();
      const page = await report(undoUrl(middle));
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('3 samples of this series would be deleted.');
      expect(page.body).toContain(`${String(split.combined_id)}:25-30`);
      expect(await samplesOfSplit()).toHaveLength(3);
    });

    it('refuses the whole undo while one sample has a file, and deletes nothing', async () => {
      const [first, , last] = await samplesOfSplit();
      const file = await f.database.db
        .insertInto('archive_file' as never)
        .values({
          type: 'UN',
          filename: 'x.txt',
          original_filename: 'x.txt',
          upload_date: '2024-05-03 10:00:00',
          analyst: 'test',
          sample_id: last.id,
        } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow();
      const refused = await runAction(undoUrl(first), { confirmed: true });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(message(refused)).toBe(
        'The sample series cannot be undone: archive_file still has records of its samples. Nothing was deleted.',
      );
      expect(await samplesOfSplit()).toHaveLength(3);
      await f.database.db
        .deleteFrom('archive_file' as never)
        .where('id' as never, '=', (file as { id: number }).id as never)
        .execute();
    });

    it('is refused to a user who may only view samples, or only edit another expedition', async () => {
      const [first] = await samplesOfSplit();
      const viewer = await f.user(['viewer']);
      expect((await runAction(undoUrl(first), { confirmed: true }, viewer)).statusCode).toBe(403);
      expect((await runAction(undoUrl(first), {})).statusCode).toBe(400);
      const otherExpedition = await f.user([], ['records:5066:edit']);
      expect([403, 404]).toContain((await runAction(undoUrl(first), { confirmed: true }, otherExpedition)).statusCode);
      expect([403, 404]).toContain((await report(undoUrl(first), f.cookie(otherExpedition))).statusCode);
      expect(await samplesOfSplit()).toHaveLength(3);
    });

    it('deletes every sample of the series once confirmed, then forgets the series', async () => {
      const [first] = await samplesOfSplit();
      const done = await runAction(undoUrl(first), { confirmed: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({
        message: `3 samples of the series of ${String(split.combined_id)}:5-10 deleted.`,
        changed: 3,
      });
      expect(await samplesOfSplit()).toEqual([]);
      // The sample of the fixture, on another split, is untouched.
      expect(await f.list('sample', `filter[id]==${String(f.sample.id)}`)).toHaveLength(1);
    });
  });
});
