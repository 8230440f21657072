import { vi } from 'vitest';
import type { AuthUser } from '@mdis/shared';

export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The URLs fetched so far, in order. */
export function fetchedUrls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map((call) => requestUrl(call[0] as RequestInfo | URL));
}

export type MockAnswer =
  { status: number; body?: unknown } | ((init: RequestInit) => { status: number; body?: unknown });

/**
 * Replaces fetch with a table of answers keyed by 'METHOD path' (path without the api/v1/ base
 * and the query). Unlisted calls answer 404, so a forgotten call shows up in the test.
 */
export function mockApi(answers: Record<string, MockAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url =
      requestUrl(input)
        .replace(/^api\/v1\//, '')
        .split('?')[0] ?? '';
    const key = `${init.method ?? 'GET'} ${url}`;
    const found = answers[key] as MockAnswer | undefined; // the table need not list every call
    const { status, body } =
      typeof found === 'function' ? found(init) : (found ?? { status: 404, body: { message: `no mock for ${key}` } });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ADMIN: AuthUser = {
  id: 1,
  username: 'admin',
  email: 'admin@example.org',
  token: 'admin-token',
  roles: ['administrator'],
  permissions: [],
  profile: { name: 'Ada Admin', email: 'admin@example.org' },
};

export const VIEWER: AuthUser = {
  ...ADMIN,
  id: 2,
  username: 'vera',
  token: 'viewer-token',
  roles: ['viewer'],
  profile: { name: 'Vera Viewer', email: 'vera@example.org' },
};

/** The calls every signed-in shell makes. */
export function shellAnswers(user: AuthUser): Record<string, MockAnswer> {
  return {
    'GET app/config': { status: 200, body: {} },
    'GET auth/refresh': { status: 200, body: user },
    'GET app/forms': { status: 200, body: {} },
    'GET app/user-config/favorite-forms': { status: 404, body: { message: 'not set' } },
  };
}

/** The parsed JSON bodies sent to URLs containing `fragment`, in order. */
export function sentBodies(fetchMock: { mock: { calls: unknown[][] } }, fragment: string): unknown[] {
  return fetchMock.mock.calls.flatMap((call) => {
    const init = call[1] as RequestInit | undefined;
    const body = init?.body;
    return requestUrl(call[0] as RequestInfo | URL).includes(fragment) && typeof body === 'string'
      ? [JSON.parse(body) as unknown]
      : [];
  });
}
