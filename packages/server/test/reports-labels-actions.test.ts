import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

describe.each(DIALECTS)('reports: labels, visual core description, actions (%s)', (dialect) => {
  let f: ReportsFixture;
  beforeAll(async () => {
    f = await reportsFixture(dialect);
    await f.create('lithology', {
      section_split_id: f.wholeRound.id,
      litho_unit: 'U1',
      rock_class: 'Basalt',
      top_depth: 0,
      unit_length: 60,
      bottom_depth: 60,
    });
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const report = (url: string, headers: Headers = f.adminCookie) =>
    f.app.inject({ method: 'GET', url: `/report/${url}`, headers });
  const runAction = (url: string, payload: object | undefined, headers: Headers = f.admin) =>
    f.app.inject({ method: 'POST', url: `/report/${url}`, headers, ...(payload ? { payload } : {}) });
  const splitsOf = async (sections: Row[]) =>
    (await Promise.all(sections.map((s) => f.list('split', `filter[section_id]==${String(s.id)}&sort=type`)))).flat();

  describe('labels with QR codes', () => {
    it('prints a sheet of sample labels: an SVG QR code and the IGSN per sample', async () => {
      const response = await report(`SampleQrCodes?form=sample&filters=${encodeURIComponent('{}')}`);
      expect(response.statusCode, response.body).toBe(200);
      const html = response.body;
      expect(html).toContain('<h1>Sample Label</h1>');
      expect(typeof f.sample.igsn).toBe('string');
      expect(html).toContain(`data-igsn="${String(f.sample.igsn)}"`);
      expect(html).toContain(String(f.sample.sample_combined_id));
      expect(html.match(/class="label"/g)).toHaveLength(1);
      expect(html).toMatch(/<div class="qr"><svg[^>]*viewBox/);
      expect(html).toContain('Material: rock');
      expect(html).toContain('@page { size: A4');
    });

    it('lays out split labels several per page in the size asked for', async () => {
      const response = await report('SectionQrCodes?model=CurationSectionSplit&size=small');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.match(/class="label"/g)?.length).toBe(6);
      expect(response.body).toContain('width: 50mm; height: 25mm');
    });

    it('prints a single core label and refuses it on a list', async () => {
      const ok = await report(`CoreQrCodes?form=core&id=${String(f.core1.core.id)}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain(`data-igsn="${String(f.core1.core.igsn)}"`);
      expect((await report('CoreQrCodes?form=core')).statusCode).toBe(400);
    });

    it('opens the print dialog of a direct-print report through a same-origin script', async () => {
      const page = await report(`CoreQrCodes?form=core&id=${String(f.core1.core.id)}&print=1`);
      expect(page.body).toContain('<script src="assets/print.js" defer></script></head>');
      const script = await f.app.inject({ method: 'GET', url: '/report/assets/print.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.body).toContain('window.print()');
    });
  });

  describe('visual core description', () => {
    it('draws a depth-scaled log per core with its sections and lithology', async () => {
      const ids = `${String(f.core1.core.id)},${String(f.core2.core.id)}`;
      const response = await report(`VisualCoreDescription?model=CoreCore&form=core&specific-ids=${ids}`);
      expect(response.statusCode, response.body).toBe(200);
      const html = response.body;
      expect(html.match(/<svg class="core-log"/g)).toHaveLength(2);
      expect(html.match(/<g class="section">/g)).toHaveLength(4);
      expect(html).toContain('Section 1');
      expect(html).toContain('1.20 m');
      expect(html).toContain('100.00–101.20 m');
      expect(html.match(/<g class="lithology">/g)).toHaveLength(1);
      expect(html).toContain('U1 · Basalt');
      expect(html).toContain('Expedition: 5065 GRIND');
    });

    it('runs on sections too, showing their cores', async () => {
      const section = f.core2.sections[0];
      const response = await report(`VisualCoreDescription?model=CoreSection&id=${String(section.id)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain(`Core ${String(f.core2.core.combined_id)}`);
    });
  });

  describe('SplitSection (action)', () => {
    const url = () => `SplitSection?form=core&id=${String(f.core2.core.id)}`;

    it('previews on GET and changes nothing', async () => {
      const before = await splitsOf(f.core2.sections);
      const preview = await report(url());
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.body).toContain('4 splits would be created');
      expect(await splitsOf(f.core2.sections)).toEqual(before);
    });

    it('changes nothing without confirmation, nor for a viewer', async () => {
      const before = await splitsOf(f.core2.sections);
      const unconfirmed = await runAction(url(), {});
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json<{ message: string }>().message).toBe('This report changes data: confirm it first.');
      expect((await runAction(url(), undefined)).statusCode).toBe(400);
      const viewer = await f.user(['viewer']);
      expect((await runAction(url(), { confirmed: true }, viewer)).statusCode).toBe(403);
      expect((await runAction(`List?form=core`, { confirmed: true })).statusCode).toBe(400);
      expect(await splitsOf(f.core2.sections)).toEqual(before);
    });

    it('creates the A and W splits of every section once confirmed, and only once', async () => {
      const done = await runAction(url(), { confirmed: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ message: '4 splits created in 2 sections.', changed: 4 });
      const splits = await splitsOf(f.core2.sections);
      expect(splits.map((s) => s.type)).toEqual(['A', 'W', 'WR', 'A', 'W', 'WR']);
      const wholeRounds = splits.filter((s) => s.type === 'WR').map((s) => s.id);
      expect(splits.filter((s) => s.type !== 'WR').every((s) => wholeRounds.includes(s.origin_split_id))).toBe(true);
      const again = await runAction(url(), { confirmed: true });
      expect(again.json()).toEqual({ message: '0 splits created in 0 sections.', changed: 0 });
    });
  });
});
