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
});
