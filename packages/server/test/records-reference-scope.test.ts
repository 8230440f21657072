import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';

type Row = Record<string, unknown>;

// Issue 16 finding 8: a limited editor of 5065 pointed its own sample at a 7002 sample request.
// Every stored reference (a `1n` relation's id column) is checked like the parent and m:n links.
describe.each(DIALECTS)('limited access on reference columns (%s)', (dialect) => {
  let t: TwoExpeditions;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  });
  afterAll(() => t.close());

  const sampleUrl = (id: unknown) => `/api/v1/form/${String(id)}?name=sample`;
  const put = (id: unknown, payload: Row, headers: Headers) =>
    t.app.inject({ method: 'PUT', url: sampleUrl(id), headers, payload });
  const stored = async (id: unknown) =>
    (await t.app.inject({ method: 'GET', url: sampleUrl(id), headers: t.admin })).json<Row>();

  it("should not let a limited editor point its sample at another expedition's request: 403, nothing written", async () => {
    const { limitedEdit } = t.users;
    const refused = await put(t.own.sample.id, { sample_request_id: t.foreign.request.id }, limitedEdit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 403,
      message: 'You are not allowed to perform this action. Sample Request refers to a record outside your access.',
    });
    expect((await stored(t.own.sample.id)).sample_request_id).toBe(t.own.request.id);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/form?name=sample',
      headers: limitedEdit,
      payload: { section_split_id: t.own.split.id, top: 20, sample_length: 5, sample_request_id: t.foreign.request.id },
    });
    expect(create.statusCode).toBe(403);
  });

  it('lets it point at a request of its own expedition, and keep one it did not set', async () => {
    const { limitedEdit } = t.users;
    const own = await put(t.own.sample.id, { sample_request_id: t.own.request.id, comment: 'own' }, limitedEdit);
    expect(own.statusCode, own.body).toBe(200);
    // An administrator links the sample elsewhere; the limited editor still saves the whole record back.
    expect((await put(t.own.sample.id, { sample_request_id: t.foreign.request.id }, t.admin)).statusCode).toBe(200);
    const record = await stored(t.own.sample.id);
    const resend = await put(t.own.sample.id, { ...record, comment: 'kept' }, limitedEdit);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ comment: 'kept', sample_request_id: t.foreign.request.id });
    expect((await put(t.own.sample.id, { sample_request_id: t.own.request.id }, t.admin)).statusCode).toBe(200);
  });

  it('lets an unrestricted editor point anywhere', async () => {
    const response = await put(t.own.sample.id, { sample_request_id: t.foreign.request.id }, t.users.formEdit);
    expect(response.statusCode, response.body).toBe(200);
    expect((await put(t.own.sample.id, { sample_request_id: t.own.request.id }, t.admin)).statusCode).toBe(200);
  });
});
