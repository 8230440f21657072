import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';

type Row = Record<string, unknown>;

// The form's Map and RDF/XML buttons (spec 1 §2) appear when a record has map_url / rdf_url. The
// drilling templates declare both as pseudo columns: the map from a hole's or site's coordinates,
// the RDF/XML from the IGSN (issue 18 §3.11).
describe.each(DIALECTS)('map and RDF/XML links of the drilling model (%s)', (dialect) => {
  let fixture: DrillingApp;
  let chain: Awaited<ReturnType<typeof createHoleChain>>;

  async function get(form: string, id: unknown): Promise<Row> {
    const url = `/api/v1/form/${String(id)}?name=${form}`;
    const response = await fixture.app.inject({ method: 'GET', url, headers: fixture.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row>();
  }

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    chain = await createHoleChain((form, payload) => fixture.create(form, payload));
  });
  afterAll(() => fixture.close());

  it('links a hole with coordinates to the map, and one without to none', async () => {
    const placed = await fixture.create('hole', {
      site_id: chain.site.id,
      hole: 'B',
      start_date: '2024-05-02',
      latitude: 52.38,
      longitude: 13.06,
    });
    expect((await get('hole', placed.id)).map_url).toBe(
      'https://www.openstreetmap.org/?mlat=52.38&mlon=13.06#map=12/52.38/13.06',
    );
    expect((await get('hole', chain.hole.id)).map_url).toBeNull();
  });

  it('links a record with an IGSN to its RDF/XML metadata', async () => {
    const core = await fixture.create('core', {
      hole_id: chain.hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 1,
      drilled_length: 1,
    });
    const stored = await get('core', core.id);
    expect(typeof stored.igsn).toBe('string');
    expect(stored.rdf_url).toBe(`https://data.crosscite.org/application/rdf+xml/10.60510/${String(stored.igsn)}`);
  });
});
