import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './files-fixture';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

describe.each(DIALECTS)('reports: lithology/section and geo sample profile (%s)', (dialect) => {
  let f: ReportsFixture;
  let archive: Row;
  let deepSample: Row;
  beforeAll(async () => {
    f = await reportsFixture(dialect);
    const section = f.core1.sections[0];
    archive = await f.create('split', {
      section_id: section.id,
      type: 'A',
      origin_split_id: f.wholeRound.id,
      percent: 50,
    });
    await f.create('lithology', {
      section_split_id: f.wholeRound.id,
      litho_unit: 'U1',
      rock_class: 'Basalt',
      top_depth: 0,
      unit_length: 60,
      bottom_depth: 60,
      description: 'fine-grained <dark> basalt',
    });
    await f.create('lithology', {
      section_split_id: archive.id,
      litho_unit: 'U2',
      rock_class: 'Gabbro',
      top_depth: 60,
      unit_length: 40,
      bottom_depth: 100,
    });
    const [secondWholeRound] = await f.list('split', `filter[section_id]==${String(f.core1.sections[1].id)}`);
    deepSample = await f.create('sample', {
      section_split_id: secondWholeRound.id,
      top: 50,
      sample_length: 10,
      sample_material: 'core',
      purpose: ['geochemistry'],
    });
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const report = (url: string, headers: Headers = f.adminCookie) =>
    f.app.inject({ method: 'GET', url: `/report/${url}`, headers });
  const titles = async (form: string) => {
    const response = await f.app.inject({ method: 'GET', url: `/api/v1/form/reports?name=${form}`, headers: f.admin });
    const lists = response.json<{ single: { name: string }[]; multiple: { name: string }[] }>();
    return { single: lists.single.map((r) => r.name), multiple: lists.multiple.map((r) => r.name) };
  };

  it('offers both reports in the menus of the models they apply to', async () => {
    for (const form of ['core', 'section']) {
      const menus = await titles(form);
      for (const name of ['LithologySection', 'GeoSampleProfile']) {
        expect(menus.single).toContain(name);
        expect(menus.multiple).toContain(name);
      }
    }
    for (const form of ['split', 'lithology']) {
      expect((await titles(form)).single).toContain('LithologySection');
      expect((await titles(form)).single).not.toContain('GeoSampleProfile');
    }
    const wrong = await report(`GeoSampleProfile?form=sample&id=${String(f.sample.id)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('report can not be used for model');
  });

  describe('LithologySection', () => {
    it('lists per core and section the units recorded on its splits, with depths', async () => {
      const response = await report(`LithologySection?form=core&id=${String(f.core1.core.id)}`);
      expect(response.statusCode, response.body).toBe(200);
      const html = response.body;
      expect(html).toContain('<h1>Lithology/Section Report</h1>');
      expect(html).toContain('Expedition: 5065 GRIND');
      expect(html).toContain(`<h2>Core ${String(f.core1.core.combined_id)}</h2>`);
      expect(html.match(/<h3>/g)).toHaveLength(2);
      expect(html).toContain('Section 1 · ');
      expect(html).toContain('100.00–101.20 m');
      expect(html).toMatch(
        /<td>WR<\/td><td>U1<\/td><td>0<\/td><td>60<\/td><td>60<\/td><td>100.00–100.60<\/td><td>Basalt<\/td>/,
      );
      expect(html).toMatch(
        /<td>A<\/td><td>U2<\/td><td>60<\/td><td>100<\/td><td>40<\/td><td>100.60–101.00<\/td><td>Gabbro<\/td>/,
      );
      expect(html).toContain('fine-grained &lt;dark&gt; basalt');
      expect(html).toContain('No lithology recorded for this section.');
    });

    it('narrows to the units of a split, or to one unit', async () => {
      const bySplit = await report(`LithologySection?form=split&id=${String(archive.id)}`);
      expect(bySplit.statusCode, bySplit.body).toBe(200);
      expect(bySplit.body).toContain('<td>U2</td>');
      expect(bySplit.body).not.toContain('<td>U1</td>');
      expect(bySplit.body.match(/<h3>/g)).toHaveLength(1);
      const units = await f.list('lithology', 'filter[litho_unit]=U1');
      const byUnit = await report(`LithologySection?model=GeologyLithology&specific-ids=${String(units[0].id)}`);
      expect(byUnit.statusCode, byUnit.body).toBe(200);
      expect(byUnit.body).toContain('<td>U1</td>');
      expect(byUnit.body).not.toContain('<td>U2</td>');
    });

    it('shows a limited user only the cores of its expedition', async () => {
      const limited = f.cookie(await f.user([], ['records:5066:view']));
      const ids = `${String(f.core1.core.id)},${String(f.otherCore.core.id)}`;
      const response = await report(`LithologySection?model=CoreCore&specific-ids=${ids}`, limited);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain(`Core ${String(f.otherCore.core.combined_id)}`);
      expect(response.body).not.toContain(`Core ${String(f.core1.core.combined_id)}`);
      const own = await report(`LithologySection?model=CoreCore&id=${String(f.core1.core.id)}`, limited);
      expect(own.statusCode).toBe(403);
    });
  });

  describe('GeoSampleProfile', () => {
    it('draws each sample interval on the depth scale of its core, with id, IGSN, material and purpose', async () => {
      const response = await report(`GeoSampleProfile?form=core&specific-ids=${String(f.core1.core.id)}`);
      expect(response.statusCode, response.body).toBe(200);
      const html = response.body;
      expect(html).toContain('<h1>Geo Sample Profile</h1>');
      expect(html.match(/<svg class="sample-profile"/g)).toHaveLength(1);
      expect(html.match(/<g class="section">/g)).toHaveLength(2);
      expect(html.match(/<g class="sample">/g)).toHaveLength(2);
      expect(html).toContain('2 sections · 2 samples');
      // 10-15 cm of section 1 (top 100 m); 50-60 cm of section 2 (top 101.2 m).
      expect(html).toContain('<td>100.10–100.15</td>');
      expect(html).toContain('<td>101.70–101.80</td>');
      expect(html).toContain(String(f.sample.sample_combined_id));
      expect(html).toContain(String(deepSample.igsn));
      expect(html).toContain('<td>geochemistry</td>');
      // 240 px per metre from 24 px at the core top: the deep sample starts at 24 + 1.7 × 240.
      expect(html).toMatch(/<rect x="\d+" y="432" width="28" height="24"/);
    });

    it('narrows to the requested section', async () => {
      const response = await report(`GeoSampleProfile?form=section&id=${String(f.core1.sections[1].id)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.match(/<g class="section">/g)).toHaveLength(1);
      expect(response.body).toContain('1 sections · 1 samples');
      expect(response.body).not.toContain(String(f.sample.sample_combined_id));
    });

    it('shows a core without samples as such', async () => {
      const response = await report(`GeoSampleProfile?form=core&id=${String(f.core2.core.id)}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('No samples taken.');
    });
  });

  describe('VisualCoreDescription with split scans', () => {
    it('draws the CS scan uploaded and assigned to a split beside its section, served by the files route', async () => {
      const client = createClient(f.app);
      const scan = await sharp({ create: { width: 120, height: 900, channels: 3, background: '#8a6d4b' } })
        .jpeg()
        .toBuffer();
      const upload = await client.uploaded('core-scan.jpg', scan, f.admin);
      const assigned = await client.json<{ items: Row[] }>('POST', '/api/v1/file/assign', f.admin, {
        ids: [upload.id],
        type: 'CS',
        section_split_id: archive.id,
      });
      const file = assigned.items[0];
      expect(file.section_id).toBe(f.core1.sections[0].id);
      const response = await report(`VisualCoreDescription?form=core&id=${String(f.core1.core.id)}`);
      expect(response.statusCode, response.body).toBe(200);
      // Section 1 spans 100.00-101.20 m: the scan fills it (y 24, 1.2 m × 240 px).
      expect(response.body).toMatch(
        new RegExp(`<image href="\\.\\./files/${String(file.id)}" x="176" y="24" width="90" height="288"`),
      );
      expect(response.body.match(/<image /g)).toHaveLength(1);
      const image = await f.app.inject({ method: 'GET', url: `/files/${String(file.id)}`, headers: f.adminCookie });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/jpeg/);
    });
  });
});
