// The warm-up at a start (src/warm-up.ts): before the server listens it reads, for itself, what a
// landing page asks first, so that the first user does not pay for the server's first touch.
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_LIST, WARM_UP_READER, warmUp, type WarmUpSteps } from '../src/warm-up';
import { DIALECTS } from './helpers/dialects';
import { createTestApp, type TestApp } from './helpers/test-app';

function recording(forms: string[], failing: string[] = []) {
  const asked: string[] = [];
  const steps: WarmUpSteps = {
    get: async (url) => asked.push(`GET ${url}`),
    forms: async () => forms,
    list: async (form) => {
      asked.push(`list ${form}`);
      if (failing.includes(form)) throw new Error(`${form} is broken`);
    },
  };
  return { asked, steps };
}

describe('the warm-up', () => {
  it("asks for the app's page, the config and then each form's first list, once each", async () => {
    const { asked, steps } = recording(['core', 'sample']);
    const result = await warmUp(steps);
    expect(asked).toEqual(['GET /', 'GET /api/v1/app/config', 'list core', 'list sample']);
    expect(result).toEqual({ warmed: ['core', 'sample'], stopped: false });
    expect(FIRST_LIST).toEqual({ page: 1, 'per-page': 5, sort: 'id' });
    expect(WARM_UP_READER.roles).toEqual(['viewer']);
  });

  it('skips a form whose list fails and goes on with the next', async () => {
    const { asked, steps } = recording(['core', 'hole', 'sample'], ['hole']);
    const result = await warmUp(steps);
    expect(asked.filter((step) => step.startsWith('list'))).toEqual(['list core', 'list hole', 'list sample']);
    expect(result.warmed).toEqual(['core', 'sample']);
  });

  it('reads nothing more once its time is up', async () => {
    const { asked, steps } = recording(['core', 'sample']);
    const result = await warmUp(steps, 0);
    expect(asked).toEqual([]);
    expect(result.stopped).toBe(true);
  });
});

describe.each(DIALECTS)('a server warming up before it listens (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('starts, and then answers as any other', async () => {
    t = await createTestApp(dialect, { warmUp: true }, { seeded: true });
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(config.statusCode).toBe(200);
  });
});
