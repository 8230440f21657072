import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { followUpUrl, landingRequestUrls, storedToken } from './landingRequests';
import { CORE_FORM } from './engine/form-screen/test/fixtures';
import { prefetchLandingData } from './platform/routing/landingData';
import { prefetchFormPage } from './features/forms/prefetchFormPage';
import { setCurrentToken } from './platform/session/currentToken';
import { appConfigQuery } from './platform/api/app.api';
import { authApi } from './platform/session/auth.api';

const nothingRemembered = (_form: string) => false;

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentToken(null);
  globalThis.mdisEarlyRequests = undefined;
});

describe('the GETs sent before the entry has run', () => {
  it('are the config alone without a stored user', () => {
    expect(landingRequestUrls({ route: '/forms/sample-form', token: null, remembers: nothingRemembered })).toEqual([
      'api/v1/app/config',
    ]);
    expect(storedToken('{"username":"x"}')).toBeNull();
    expect(storedToken('not json')).toBeNull();
    expect(storedToken('{"token":"t-1"}')).toBe('t-1');
  });

  it("hold a form's first list only when its screen opens with the defaults", () => {
    const urls = (route: string, remembers = nothingRemembered) =>
      landingRequestUrls({ route, token: 't', remembers }).filter((url) => url.startsWith('api/v1/form'));
    expect(urls('/forms/sample-form')).toEqual(['api/v1/form?name=sample&page=1&per-page=5&sort=id']);
    expect(urls('/forms/sample-form/12')).toEqual([]);
    expect(urls('/forms/sample-form?page=3')).toEqual([]);
    expect(urls('/forms/sample-form', (form) => form === 'sample')).toEqual([]);
    expect(landingRequestUrls({ route: '/forms/core-form/import', token: 't', remembers: nothingRemembered })).toEqual([
      'api/v1/app/config',
      'api/v1/auth/refresh',
      'api/v1/app/forms',
    ]);
    expect(landingRequestUrls({ route: '/forms/igsn', token: 't', remembers: nothingRemembered })).toHaveLength(3);
  });

  it('are the URLs the app asks first on landing at a form, as its API client writes them', async () => {
    const fetch = vi.fn(async (url: string) => {
      const body = url.startsWith('cg/api/get-form-template') ? CORE_FORM : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    setCurrentToken('t');
    const queryClient = new QueryClient();
    queryClient.query(appConfigQuery).catch(() => undefined); // the session's own asks
    authApi.refresh().catch(() => undefined);
    prefetchLandingData(queryClient, prefetchFormPage, { formKey: 'core-form' }, new URLSearchParams());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(6));
    const first = landingRequestUrls({ route: '/forms/core-form', token: 't', remembers: nothingRemembered });
    const next = first.map((url) => followUpUrl(url, url.includes('form-template') ? CORE_FORM : {}));
    expect(fetch.mock.calls.map(([url]) => url).toSorted()).toEqual(
      [...first, ...next.filter((url) => url !== null)].toSorted(),
    );
  });
});
