import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@mdis/shared';
import { createQueryClient } from '../providers/AppProviders';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { CORE_FORM, core, listBody, mockFormApi } from '../../engine/form-screen/test/fixtures';

// Issue 18: at a reload the requests before the form's first rows went one after another (config →
// refresh → forms and template → list and model template). These tests hold one answer back and look
// at what was asked for meanwhile: a request that waits for another starts only after it.

/** An answer that comes when the test says so. */
function held() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

const pathOf = (input: unknown) => requestUrl(input as RequestInfo).split('?')[0];

/** The form screen's answers, with `gate` holding back the calls to the paths it names. */
function formApi(gates: Record<string, Promise<void>>, answers = {}) {
  const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)], 2) }), {
    'GET cg/api/get-form-template': { status: 200, body: CORE_FORM },
    ...answers,
  });
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    await gates[pathOf(input)];
    if (!answer) throw new Error('no fetch answer');
    return answer(input, init);
  });
  const asked = (path: string) => fetchMock.mock.calls.filter(([input]) => pathOf(input) === path).length;
  return { fetchMock, asked };
}

/** The app's cache as in production (a prefetched answer stays fresh for the screen), without retries. */
function appQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

const rowShown = (id: number) => document.querySelector(`tr[data-record-id="${String(id)}"]`) !== null;

// a whole app start per test: slower than the default 5 s on a loaded machine
const SLOW = { timeout: 20_000 };

describe('app start: the requests before the first rows go together (issue 18)', () => {
  it("asks for the stored user's refresh at once, beside the app config rather than after it", SLOW, async () => {
    const config = held();
    const { asked } = formApi({ 'api/v1/app/config': config.released });
    renderApp('/settings', { user: ADMIN, queryClient: appQueryClient() });
    await waitFor(() => expect(asked('api/v1/auth/refresh')).toBe(1));
    expect(asked('api/v1/app/config')).toBe(1); // still unanswered
    config.release();
    expect(await screen.findByRole('heading', { name: 'Settings' }, { timeout: 10_000 })).toBeTruthy();
  });

  it(
    "asks for the form page's template, list, model template and forms while the refresh is out, each once",
    SLOW,
    async () => {
      // the last visit's page size and a sort in the URL: the list asked early is the one the screen shows
      localStorage.setItem(
        'mdis-form:core',
        JSON.stringify({ pagination: { pageIndex: 0, pageSize: 10 }, sort: [{ id: 'id', desc: false }] }),
      );
      const refresh = held();
      const { fetchMock, asked } = formApi({ 'api/v1/auth/refresh': refresh.released });
      renderApp('/forms/core-form?sort=-top_depth', { user: ADMIN, queryClient: appQueryClient() });

      await waitFor(() => expect(asked('api/v1/form')).toBe(1));
      expect(asked('cg/api/get-form-template')).toBe(1);
      expect(asked('cg/api/get-model-template')).toBe(1);
      expect(asked('api/v1/app/forms')).toBe(1);
      // nothing of the form shows before the session is confirmed
      expect(screen.queryByRole('region', { name: 'core form' })).toBeNull();

      refresh.release();
      await waitFor(() => expect(rowShown(2)).toBe(true), { timeout: 10_000 });
      const list = fetchMock.mock.calls
        .map(([input]) => requestUrl(input))
        .filter((url) => url.startsWith('api/v1/form?'));
      expect(list).toHaveLength(1);
      expect(list[0]).toContain('per-page=10');
      expect(list[0]).toContain('sort=-top_depth');
      expect(asked('cg/api/get-form-template')).toBe(1);
      expect(asked('cg/api/get-model-template')).toBe(1);
      expect(asked('api/v1/app/forms')).toBe(1);
    },
  );

  it(
    'asks for a list with a stored filter-bar selection once the template has read it, still before the refresh answers',
    SLOW,
    async () => {
      localStorage.setItem('mdis-form:core', JSON.stringify({ filter: { expedition: 1, site: 3, hole: 7 } }));
      const refresh = held();
      const { fetchMock, asked } = formApi({ 'api/v1/auth/refresh': refresh.released });
      renderApp('/forms/core-form', { user: ADMIN, queryClient: appQueryClient() });
      await waitFor(() => expect(asked('api/v1/form')).toBe(1));
      refresh.release();
      await waitFor(() => expect(rowShown(2)).toBe(true), { timeout: 10_000 });
      const list = fetchMock.mock.calls
        .map(([input]) => decodeURIComponent(requestUrl(input)))
        .filter((url) => url.startsWith('api/v1/form?'));
      expect(list).toHaveLength(1);
      expect(list[0]).toContain('filter[hole_id]=7');
    },
  );

  it(
    'signs out silently when the refresh refuses the stored token, and keeps nothing asked for with it',
    SLOW,
    async () => {
      const listAnswered = held();
      const queryClient = appQueryClient();
      const { asked } = formApi(
        { 'api/v1/auth/refresh': listAnswered.released },
        { 'GET auth/refresh': { status: 401, body: { message: 'expired' } } },
      );
      renderApp('/forms/core-form', { user: ADMIN, queryClient });
      await waitFor(() => expect(asked('api/v1/form')).toBe(1));
      await waitFor(() =>
        expect(queryClient.getQueryCache().findAll({ queryKey: ['records'] })[0]?.state.status).toBe('success'),
      );
      listAnswered.release();

      expect(await screen.findByRole('button', { name: 'Log In' }, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByText('Please login')).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
      // what the signed-out pages ask for stays; of the rest, a query a mounted shell part keeps may
      // stay, but empty
      const kept = queryClient
        .getQueryCache()
        .findAll()
        .filter((query) => query.state.data !== undefined)
        .map((query) => query.queryKey[0]);
      expect(kept.filter((root) => root !== 'auth' && root !== 'app')).toEqual([]);
    },
  );
});
