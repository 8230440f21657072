import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';

type Row = Record<string, unknown>;

// Issue 16 finding 1: async-lists and filter-lists answer only what the caller may read.
describe.each(DIALECTS)('async-lists and filter-lists access (%s)', (dialect) => {
  let t: TwoExpeditions;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const items = async (url: string, headers: Headers) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  };
  const models = (...requests: object[]) =>
    requests.map((r) => `models[]=${encodeURIComponent(JSON.stringify(r))}`).join('&');

  it("should not give a user without role anyone's e-mail: 403 as on the form", async () => {
    const { noRole } = t.users;
    expect((await get('/api/v1/form?name=sample', noRole)).statusCode).toBe(403);
    const global = await get('/api/v1/global/async-lists?name=ContactPerson&fields=email,id&sort=id', noRole);
    expect(global.statusCode).toBe(403);
    expect(global.json()).toMatchObject({ status: 403, message: 'You are not allowed to perform this action.' });
    expect((await get('/api/v1/form/async-lists?name=person&fields=email,id&sort=id', noRole)).statusCode).toBe(403);
  });

  it('answers whoever may view the model (a viewer) every column', async () => {
    const url = '/api/v1/global/async-lists?name=ContactPerson&fields=email,id&sort=id';
    expect(await items(url, t.users.viewer)).toEqual([{ email: 'anna@example.org', id: t.person.id }]);
  });

  it("should not show a limited user of 5065 expedition 7002's samples", async () => {
    const { limitedView } = t.users;
    const global = '/api/v1/global/async-lists?name=CurationSample&fields=igsn,combined_id&sort=combined_id';
    expect(await items(`${global}&filter[combined_id]=^7002`, limitedView)).toEqual([]);
    const all = await items(global, limitedView);
    expect(all.map((row) => row.combined_id)).toEqual([t.own.sample.combined_id]);
    const form = '/api/v1/form/async-lists?name=sample&fields=igsn,combined_id&sort=combined_id';
    expect(await items(`${form}&filter[combined_id]=^7002`, limitedView)).toEqual([]);
    expect((await items(form, limitedView)).map((row) => row.combined_id)).toEqual([t.own.sample.combined_id]);
    // A selected value of the other expedition does not bring it in either.
    const selected = await items(`${global}&value=${String(t.foreign.sample.combined_id)}`, limitedView);
    expect(selected.map((row) => row.combined_id)).toEqual([t.own.sample.combined_id]);
  });

  it("gives a form's viewer the options of its select fields, but only the columns they read", async () => {
    const { formView } = t.users;
    const url = '/api/v1/global/async-lists?name=CurationSampleRequest&sort=request_combined_id';
    const options = await items(`${url}&fields=request_combined_id,id`, formView);
    expect(options.map((row) => row.id).sort()).toEqual([t.own.request.id, t.foreign.request.id].sort());
    expect((await get(`${url}&fields=comment_administration,id`, formView)).statusCode).toBe(403);
    const filtered = `${url}&fields=request_combined_id,id&filter[comment_administration]=x`;
    expect((await get(filtered, formView)).statusCode).toBe(403);
    // The sample form selects no contact person.
    const persons = '/api/v1/global/async-lists?name=ContactPerson&fields=person_acronym,id&sort=id';
    expect((await get(persons, formView)).statusCode).toBe(403);
  });

  it('authorizes before it validates the query', async () => {
    const noSort = '/api/v1/global/async-lists?name=ContactPerson&fields=email,id';
    expect((await get(noSort, t.users.noRole)).statusCode).toBe(403);
    expect((await get(noSort, t.users.viewer)).statusCode).toBe(400);
  });

  it('should not give a user without role the expedition acronyms', async () => {
    const url = `/api/v1/form/filter-lists?name=sample&${models({ model: 'expedition', require: null })}`;
    expect((await get(url, t.users.noRole)).statusCode).toBe(403);
    const global = `/api/v1/global/filter-lists?name=CurationSample&${models({ model: 'expedition', require: null })}`;
    expect((await get(global, t.users.noRole)).statusCode).toBe(403);
    const viewer = await get(url, t.users.viewer);
    expect(viewer.json<Record<string, Row[]>>().expedition.map((row) => row.text)).toEqual(['GRIND', 'OTHER']);
  });

  it("should not show a limited user the other expedition's site and hole codes", async () => {
    const { limitedView } = t.users;
    const url = `/api/v1/form/filter-lists?name=sample&${models(
      { model: 'expedition', require: null },
      { model: 'site', require: { as: 'expedition_id', value: t.foreign.expedition.id } },
      { model: 'hole', require: { as: 'site_id', value: t.foreign.site.id } },
      { model: 'sampleRequest', require: { as: 'expedition_id', value: t.foreign.expedition.id } },
    )}`;
    const response = await get(url, limitedView);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      expedition: [{ value: t.own.expedition.id, text: 'GRIND' }],
      site: [],
      hole: [],
      sampleRequest: [],
    });
    const own = `/api/v1/form/filter-lists?name=sample&${models({
      model: 'site',
      require: { as: 'expedition_id', value: t.own.expedition.id },
    })}`;
    expect((await get(own, limitedView)).json()).toEqual({
      site: [{ value: t.own.site.id, text: '1', expedition_id: t.own.expedition.id }],
    });
  });
});
