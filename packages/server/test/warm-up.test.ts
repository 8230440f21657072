// The warm-up after a start (src/warm-up.ts): once the server listens it reads, for itself, what a
// landing page asks first, so that the first user does not pay for the server's first touch.
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_LIST, WARM_UP_READER, warmUp, type WarmUpSteps } from '../src/warm-up';
import { DIALECTS } from './helpers/dialects';
import { createTestApp, type TestApp } from './helpers/test-app';

function recording(forms: string[], failing: string[] = []) {
  const asked: string[] = [];
  const steps: WarmUpSteps = {
    busy: () => false,
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
    const result = await warmUp(steps, new AbortController().signal);
    expect(asked).toEqual(['GET /', 'GET /api/v1/app/config', 'list core', 'list sample']);
    expect(result).toEqual({ warmed: ['core', 'sample'], stopped: false });
    expect(FIRST_LIST).toEqual({ page: 1, 'per-page': 5, sort: 'id' });
    expect(WARM_UP_READER.roles).toEqual(['viewer']);
  });

  it('skips a form whose list fails and goes on with the next', async () => {
    const { asked, steps } = recording(['core', 'hole', 'sample'], ['hole']);
    const result = await warmUp(steps, new AbortController().signal);
    expect(asked.filter((step) => step.startsWith('list'))).toEqual(['list core', 'list hole', 'list sample']);
    expect(result.warmed).toEqual(['core', 'sample']);
  });

  it('stops before its next step once the server closes', async () => {
    const stop = new AbortController();
    const { asked, steps } = recording(['core', 'hole', 'sample']);
    const list = steps.list;
    steps.list = async (form) => {
      await list(form);
      if (form === 'core') stop.abort();
    };
    const result = await warmUp(steps, stop.signal);
    expect(asked.filter((step) => step.startsWith('list'))).toEqual(['list core']);
    expect(result).toEqual({ warmed: ['core'], stopped: true });
  });

  it('waits while the server answers others, and reads nothing while they never stop', async () => {
    const { asked, steps } = recording(['core']);
    let others = 3;
    steps.busy = () => others-- > 0;
    expect(await warmUp(steps, new AbortController().signal)).toEqual({ warmed: ['core'], stopped: false });
    expect(others).toBeLessThan(0);
    steps.busy = () => true;
    asked.length = 0;
    expect(await warmUp(steps, new AbortController().signal, 100)).toEqual({ warmed: [], stopped: true });
    expect(asked).toEqual([]);
  });

  it('reads nothing more once its time is up', async () => {
    const { asked, steps } = recording(['core', 'sample']);
    const result = await warmUp(steps, new AbortController().signal, 0);
    expect(asked).toEqual([]);
    expect(result.stopped).toBe(true);
  });
});

describe.each(DIALECTS)('a listening server warming up (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers meanwhile, and closes at once without an error', async () => {
    t = await createTestApp(dialect, {}, { seeded: true });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const config = await fetch(`${address}/api/v1/app/config`);
    expect(config.status).toBe(200);
    await expect(t.app.close()).resolves.toBeUndefined();
  });
});
