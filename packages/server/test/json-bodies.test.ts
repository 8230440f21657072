import type { ErrorBody } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Issue 16 findings 7 and 8: JSON bodies a client can send that must be a clear 4xx, never a 500. */
describe.each(DIALECTS)('JSON bodies (%s)', (dialect) => {
  let t: TestApp;
  let developer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ headers: developer } = await signedInUser(t.app, t.db, { roles: ['developer'] }));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...developer, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it.each(['/api/v1/app/user-config', '/api/v1/app/config', '/api/v1/auth/login', '/api/v1/form?name=nothing'])(
    'answers JSON nested 20,000 deep to %s with 400 and says why',
    async (url) => {
      for (const body of [deep(20_000), deepArray(20_000), `{"favorite-forms":${deepArray(20_000)}}`]) {
        const response = await post(url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>()).toEqual({
          name: 'Bad Request',
          message: 'The JSON body is nested too deeply (more than 64 levels).',
          code: 'BAD_REQUEST',
          status: 400,
        });
      }
    },
  );

  it('takes JSON nested 64 deep, and brackets inside strings do not count', async () => {
    const nested = JSON.parse(deepArray(63)) as unknown;
    const response = await post('/api/v1/app/user-config', {
      'favorite-forms': nested,
      'some-text': '[[[[{{{{'.repeat(50),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  describe('user config bounds', () => {
    const stored = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/user-config', headers: developer });
      return Object.keys(response.json<Record<string, unknown>>());
    };

    it('refuses a value over 64 KiB and stores nothing of that request', async () => {
      const before = await stored();
      const response = await post('/api/v1/app/user-config', { 'small-key': 1, 'big-key': 'x'.repeat(512 * 1024) });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toBe(
        "The config value of 'big-key' is too large: at most 65536 bytes (as JSON).",
      );
      expect(await stored()).toEqual(before);
      const facets = await post('/api/v1/app/set-facet-values', { facetSearch: 'x'.repeat(70_000) });
      expect(facets.statusCode).toBe(400);
      expect(facets.json<ErrorBody>().message).toBe(
        "The config value of 'facetSearch' is too large: at most 65536 bytes (as JSON).",
      );
    });

    it('keeps at most 50 keys per user; deleting one makes room again', async () => {
      const { headers } = await signedInUser(t.app, t.db, { roles: ['viewer'] });
      const save = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/v1/app/user-config', headers, payload });
      // Config keys are letters and dashes: 12 → 'key-bc'.
      const name = (n: number) => `key-${String(n).replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
      const keys = (from: number, count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, i) => [name(from + i), i]));
      expect((await save(keys(0, 50))).statusCode).toBe(200);
      const response = await save(keys(50, 1));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toBe('A user config holds at most 50 keys.');
      const held = await t.app.inject({ method: 'GET', url: `/api/v1/app/user-config/${name(50)}`, headers });
      expect(held.statusCode).toBe(404);
      expect((await save({ [name(0)]: null, ...keys(50, 1) })).statusCode).toBe(200);
    });
  });
});
