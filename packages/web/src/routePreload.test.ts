import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './platform/api/apiClient';

// routePreload.ts runs when it loads: these tests load it afresh after setting the scene (a stored
// user on a form's address), with fetch answering the form template with its data model.

const MODEL_TEMPLATE = 'cg/api/get-model-template?name=CurationSample';

function answer(url: string): Response {
  const body = url.startsWith('cg/api/get-form-template') ? { dataModel: 'CurationSample' } : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

async function runPreload(fetch: (url: string) => Promise<Response>): Promise<void> {
  vi.stubGlobal('fetch', fetch);
  vi.resetModules();
  await import('./routePreload');
  // the template's answer, then its follow-up
  await vi.waitFor(() =>
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('get-form-template'), expect.anything()),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  globalThis.mdisEarlyRequests = undefined;
  localStorage.clear();
  location.hash = '';
});

describe('the early GETs of the route preload', () => {
  it("ask for the model template once the form's template has answered", async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'tok' }));
    location.hash = '#/forms/sample-form/12';
    const fetch = vi.fn(async (url: string) => answer(url));
    await runPreload(fetch);
    expect(fetch.mock.calls.map(([url]) => url)).toContain(MODEL_TEMPLATE);
  });

  it('do not ask for the model template when the app has asked for it itself meanwhile', async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'tok' }));
    location.hash = '#/forms/sample-form/12';
    vi.spyOn(performance, 'now').mockReturnValue(1_000); // the page's first second
    let appAsks: Promise<unknown> = Promise.resolve();
    const fetch = vi.fn(async (url: string) => {
      // the app knew the data model from its forms menu and asks before the template answers
      if (url.startsWith('cg/api/get-form-template'))
        appAsks = new ApiClient({ fetch: vi.fn(async () => answer('')), getToken: () => 'tok' }).get(
          'get-model-template',
          { name: 'CurationSample' },
          { base: 'cg/api/' },
        );
      return answer(url);
    });
    await runPreload(fetch);
    await appAsks;
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain(MODEL_TEMPLATE);
  });
});

describe("the early GETs of the route preload on a form's later visit", () => {
  it("ask for the model template an earlier visit's form template named at once, and once", async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'tok' }));
    location.hash = '#/forms/sample-form';
    const models = () =>
      fetch.mock.calls.filter(([url]) => url.startsWith('cg/api/get-model-template')).map(([url]) => url);
    // the first visit: asked after the form template's answer, which leaves the model behind
    let fetch = vi.fn(async (url: string) => answer(url));
    await runPreload(fetch);
    expect(models()).toEqual([MODEL_TEMPLATE]);
    // the next: the form template has not answered yet
    globalThis.mdisEarlyRequests = undefined;
    let answerTemplate: (response: Response) => void = () => undefined;
    const template = new Promise<Response>((resolve) => (answerTemplate = resolve));
    fetch = vi.fn(async (url: string) => (url.startsWith('cg/api/get-form-template') ? template : answer(url)));
    await runPreload(fetch);
    expect(models()).toEqual([MODEL_TEMPLATE]);
    answerTemplate(answer('cg/api/get-form-template?name=sample'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(models()).toEqual([MODEL_TEMPLATE]);
  });
});

describe('the route preload, while the page waits', () => {
  it("sets up the browser's number formatting, which the form's first render would otherwise pay for", async () => {
    localStorage.setItem('user', JSON.stringify({ token: 'tok' }));
    location.hash = '#/forms/sample-form';
    const formatted = vi.spyOn(Number.prototype, 'toLocaleString');
    await runPreload(vi.fn(async (url: string) => answer(url)));
    await vi.waitFor(() => expect(formatted).toHaveBeenCalled());
  });
});
