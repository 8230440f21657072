import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './apiClient';
import { setCurrentToken } from '../session/currentToken';

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** As routePreload.ts leaves them: GETs sent before the entry ran, each with the token it carried. */
function sentEarly(...requests: { url: string; token: string | null; body: unknown }[]): void {
  globalThis.mdisEarlyRequests = {
    closed: false,
    asked: [],
    requests: requests.map(({ url, token, body }) => ({
      url,
      token,
      startedAt: performance.now(),
      response: Promise.resolve(jsonResponse(body)),
    })),
  };
}

function client(token: () => string | null) {
  const fetch = vi.fn(async () => jsonResponse({ from: 'the app' }));
  return { fetch, api: new ApiClient({ fetch, getToken: token }) };
}

afterEach(() => {
  globalThis.mdisEarlyRequests = undefined;
  setCurrentToken(null);
});

describe('the answers asked before the entry ran', () => {
  it('are used once for the same URL and token, then the app asks itself', async () => {
    sentEarly({ url: 'api/v1/app/forms', token: 'tok-a', body: { from: 'early' } });
    const { fetch, api } = client(() => 'tok-a');
    await expect(api.get('app/forms')).resolves.toEqual({ from: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    await expect(api.get('app/forms')).resolves.toEqual({ from: 'the app' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("are never used for another token's request", async () => {
    sentEarly({ url: 'api/v1/form?name=sample&page=1&per-page=5&sort=id', token: 'tok-a', body: { from: 'early' } });
    const { fetch, api } = client(() => 'tok-b');
    await expect(api.get('form', { name: 'sample', page: 1, 'per-page': 5, sort: 'id' })).resolves.toEqual({
      from: 'the app',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not used once the user has signed out, nor by the next user', async () => {
    sentEarly(
      { url: 'api/v1/app/forms', token: 'tok-a', body: { from: 'early' } },
      { url: 'api/v1/app/config', token: null, body: { from: 'early' } },
    );
    setCurrentToken('tok-a'); // the stored user at start
    setCurrentToken(null); // signed out
    const { fetch, api } = client(() => null);
    await expect(api.get('app/config')).resolves.toEqual({ from: 'the app' });
    setCurrentToken('tok-a');
    await expect(client(() => 'tok-a').api.get('app/forms')).resolves.toEqual({ from: 'the app' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are asked again when the early request failed, and never for a write', async () => {
    globalThis.mdisEarlyRequests = {
      closed: false,
      asked: [],
      requests: [
        {
          url: 'api/v1/app/forms',
          token: 'tok-a',
          startedAt: performance.now(),
          response: Promise.reject(new TypeError()),
        },
      ],
    };
    const { fetch, api } = client(() => 'tok-a');
    await expect(api.get('app/forms')).resolves.toEqual({ from: 'the app' });
    sentEarly({ url: 'api/v1/form?name=core', token: 'tok-a', body: { from: 'early' } });
    await expect(api.post('form?name=core', {})).resolves.toEqual({ from: 'the app' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
