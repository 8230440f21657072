import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './apiClient';
import type { ApiError } from './ApiError';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('ApiClient', () => {
  it('tells onWrite of each successful write, not of reads, computed answers or refused writes', async () => {
    const onWrite = vi.fn();
    let status = 200;
    const client = new ApiClient({ fetch: async () => jsonResponse(status, {}), onWrite });
    await client.get('form', { name: 'core' });
    await client.post('form/defaults?name=core', {}, { changesNothing: true });
    await client.put('form/1?name=core', { core: 2 });
    await client.delete('form/1', { query: { name: 'core' } });
    status = 422;
    await expect(client.post('form?name=core', {})).rejects.toBeTruthy();
    expect(onWrite.mock.calls).toEqual([['form/1?name=core'], ['form/1']]);
  });

  it('sends X-Requested-With, the bearer token and same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    const client = new ApiClient({ fetch: fetchMock, getToken: () => 'tok-1' });
    await expect(client.get('users', { 'per-page': -1, sort: undefined })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('api/v1/users?per-page=-1');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer tok-1' });
  });

  it('sends no Authorization header without a token and JSON-encodes bodies', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    const client = new ApiClient({ fetch: fetchMock });
    await client.post('auth/login', { username: 'a', password: 'b' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it('calls the unauthorized handler on a 401, but not when the call is silent', async () => {
    const onUnauthorized = vi.fn();
    const client = new ApiClient({ fetch: async () => jsonResponse(401, { message: 'x' }), onUnauthorized });
    await expect(client.get('auth/refresh')).rejects.toMatchObject({ message: 'Please login', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.get('auth/refresh', undefined, { silentUnauthorized: true })).rejects.toBeTruthy();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a failed fetch into the network error', async () => {
    const client = new ApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await client.get('app/config').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
  });

  it('resolves 204 answers to undefined', async () => {
    const client = new ApiClient({ fetch: async () => new Response(null, { status: 204 }) });
    await expect(client.delete('users/3')).resolves.toBeUndefined();
  });
});
