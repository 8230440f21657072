import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type ReportsFixture, reportsFixture } from './reports-fixture';

describe.each(DIALECTS)('reports: cores with sections, PDF, form/print (%s)', (dialect) => {
  let f: ReportsFixture;
  beforeAll(async () => {
    f = await reportsFixture(dialect);
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const get = (url: string, headers: Headers = f.admin) => f.app.inject({ method: 'GET', url, headers });

  it('prints the cores of a list with their sections, lengths and depths', async () => {
    const response = await get(
      `/report/CoreSections?form=core&sort=id&filters=${encodeURIComponent(JSON.stringify({ hole_id: `==${String(f.grind.hole.id)}` }))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Cores with Sections</h1>');
    expect(html.match(/<h2>Core /g)).toHaveLength(2);
    expect(html).toContain(`<h2>Core ${String(f.core1.core.combined_id)}</h2>`);
    expect(html).toContain('<td>100.00</td><td>101.20</td>');
    expect(html).toContain('<td>101.20</td><td>102.40</td>');
    expect(html).not.toContain(String(f.otherCore.core.combined_id));
  });

  it('names the expedition in the header of a report on expeditions', async () => {
    const response = await get(`/report/List?form=expedition&specific-ids=${String(f.grind.exp.id)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Program: International Continental Drilling Program · Expedition: 5065 GRIND');
  });

  it('renders the same as a PDF document, page by page', async () => {
    const response = await get(
      `/report/CoreSectionsPdf?model=CoreCore&specific-ids=${String(f.core1.core.id)},${String(f.core2.core.id)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('prints one record through api/v1/form/print with the bearer token, as report/{name} would', async () => {
    const id = String(f.core1.core.id);
    const printed = await get(`/api/v1/form/print?name=core&id=${id}&reportName=CoreQrCodes`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.body).toContain(`data-igsn="${String(f.core1.core.igsn)}"`);
    const global = await get(`/api/v1/global/print?name=CoreCore&id=${id}&reportName=Details`);
    expect(global.body).toContain('<h1>Details of Core record</h1>');
    const mismatch = await get(`/api/v1/form/print?name=sample&id=${String(f.sample.id)}&reportName=CoreQrCodes`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ message: string }>().message).toBe('report can not be used for model');
    expect((await get(`/api/v1/form/print?name=core&id=${id}`)).statusCode).toBe(400);
    expect((await get(`/api/v1/form/print?name=core&id=${id}&reportName=CoreQrCodes`, {})).statusCode).toBe(401);
    const limited = await f.user([], ['records:5066:view']);
    expect((await get(`/api/v1/form/print?name=core&id=${id}&reportName=CoreQrCodes`, limited)).statusCode).toBe(403);
  });
});
