import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { followUp, formModelKey, landingRequestUrls, openingListPage, storedToken } from './landingRequests';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './engine/storage/formStorage';
import { CORE_FORM } from './engine/form-screen/test/fixtures';
import { prefetchLandingData } from './platform/routing/landingData';
import { prefetchFormPage } from './features/forms/prefetchFormPage';
import { setCurrentToken } from './platform/session/currentToken';
import { appConfigQuery } from './platform/api/app.api';
import { authApi } from './platform/session/auth.api';

const nothingStored = (_form: string): string | null => null;

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentToken(null);
  globalThis.mdisEarlyRequests = undefined;
  localStorage.clear();
});

describe('the GETs sent before the entry has run', () => {
  it('are the config alone without a stored user', () => {
    expect(
      landingRequestUrls({
        route: '/forms/sample-form',
        token: null,
        stored: nothingStored,
        facetSearch: false,
        model: nothingStored,
      }),
    ).toEqual(['api/v1/app/config']);
    expect(storedToken('{"username":"x"}')).toBeNull();
    expect(storedToken('not json')).toBeNull();
    expect(storedToken('{"token":"t-1"}')).toBe('t-1');
  });

  it("hold a form's first list only when its screen opens with the defaults", () => {
    const urls = (route: string, stored = nothingStored, facetSearch = false) =>
      landingRequestUrls({ route, token: 't', stored, facetSearch, model: nothingStored }).filter((url) =>
        url.startsWith('api/v1/form'),
      );
    expect(urls('/forms/sample-form')).toEqual(['api/v1/form?name=sample&page=1&per-page=5&sort=id']);
    expect(urls('/forms/sample-form/12')).toEqual([]);
    expect(urls('/forms/sample-form?page=3&sort=-igsn')).toEqual([
      'api/v1/form?name=sample&page=3&per-page=5&sort=-igsn',
    ]);
    // a filter in the address, or anything else the screen reads there: the app asks itself
    expect(urls('/forms/sample-form?filter=expedition%3A1')).toEqual([]);
    expect(urls('/forms/sample-form?selectFirst')).toEqual([]);
    expect(urls('/forms/sample-form?page=0')).toEqual([]);
    expect(urls('/forms/sample-form?sort=a%20b')).toEqual([]);
    expect(urls('/forms/sample-form', nothingStored, true)).toEqual([]);
    expect(
      landingRequestUrls({
        route: '/forms/core-form/import',
        token: 't',
        stored: nothingStored,
        facetSearch: false,
        model: nothingStored,
      }),
    ).toEqual(['api/v1/app/config', 'api/v1/auth/refresh', 'api/v1/app/forms']);
    expect(
      landingRequestUrls({
        route: '/forms/igsn',
        token: 't',
        stored: nothingStored,
        facetSearch: false,
        model: nothingStored,
      }),
    ).toHaveLength(3);
  });

  it("hold a reload's list: the page, page size and sort the form stored, unless a filter needs the template", () => {
    const urls = (stored: object | string, route = '/forms/sample-form') =>
      landingRequestUrls({
        route,
        token: 't',
        stored: () => (typeof stored === 'string' ? stored : JSON.stringify(stored)),
        facetSearch: false,
        model: nothingStored,
      }).filter((url) => url.startsWith('api/v1/form'));
    const list = (query: string) => [`api/v1/form?name=sample&${query}`];
    // what a first visit leaves: the defaults
    expect(urls({ pagination: { pageIndex: 0, pageSize: 5 }, sort: [{ id: 'id', desc: false }], filter: {} })).toEqual(
      list('page=1&per-page=5&sort=id'),
    );
    expect(urls({ pagination: { pageIndex: 2, pageSize: 200 }, sort: [{ id: 'igsn', desc: true }] })).toEqual(
      list('page=3&per-page=200&sort=-igsn'),
    );
    expect(urls({ sort: [], selectedItem: 7, columnOrder: ['id'] })).toEqual(list('page=1&per-page=5&sort=id'));
    expect(urls('not json')).toEqual(list('page=1&per-page=5&sort=id'));
    // the address the screen has written (its sort) wins over the storage, the page size is stored
    const stored = { pagination: { pageIndex: 1, pageSize: 25 }, sort: [{ id: 'igsn', desc: false }] };
    expect(urls(stored, '/forms/sample-form?sort=id')).toEqual(list('page=2&per-page=25&sort=id'));
    expect(urls(stored, '/forms/sample-form?page=4')).toEqual(list('page=4&per-page=25&sort=igsn'));
    // a filter-bar selection or a by-value filter: the app asks once it has the template
    expect(urls({ filter: { expedition: 1 } })).toEqual([]);
    expect(urls({ filterModel: { top_depth: '> 4' } })).toEqual([]);
    // anything the form's storage would read otherwise: not guessed
    expect(urls({ pagination: { pageIndex: 0, pageSize: 7 } })).toEqual([]);
    expect(urls({ sort: [{ id: 'id' }] })).toEqual([]);
  });

  it("hold the model template when an earlier visit's form template named the data model", () => {
    const models = { sample: 'CurationSample' } as Record<string, string>;
    const urls = (route: string) =>
      landingRequestUrls({
        route,
        token: 't',
        stored: nothingStored,
        facetSearch: false,
        model: (f) => models[f] ?? null,
      });
    const model = 'cg/api/get-model-template?name=CurationSample';
    expect(urls('/forms/sample-form')).toContain(model);
    expect(urls('/forms/sample-form/12?filter=expedition%3A1')).toContain(model);
    expect(urls('/forms/core-form').filter((url) => url.includes('model-template'))).toEqual([]);
    expect(urls('/forms/sample-form/import')).not.toContain(model);
    // what a form template's answer leaves for the next visit
    expect(followUp('cg/api/get-form-template?name=sample', { dataModel: 'CurationSample' })).toEqual({
      url: model,
      remember: [formModelKey('sample'), 'CurationSample'],
    });
    expect(followUp('cg/api/get-form-template?name=sample', { dataModel: '' })).toBeNull();
    expect(followUp('api/v1/app/forms', { dataModel: 'CurationSample' })).toBeNull();
  });

  it.each([
    ['nothing stored', null, ''],
    [
      'a stored page, page size and sort',
      { pagination: { pageIndex: 1, pageSize: 25 }, sort: [{ id: 'core', desc: true }] },
      '',
    ],
    ['a reload: the sort in the address', { pagination: { pageIndex: 1, pageSize: 25 } }, 'page=3&sort=-core,id'],
  ])(
    'are the URLs the app asks first on landing at a form, as its API client writes them (%s)',
    async (_, stored, search) => {
      if (stored) localStorage.setItem('mdis-form:core', JSON.stringify(stored));
      const fetch = vi.fn(async (url: string) => {
        const body = url.startsWith('cg/api/get-form-template') ? CORE_FORM : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      });
      vi.stubGlobal('fetch', fetch);
      setCurrentToken('t');
      const queryClient = new QueryClient();
      queryClient.query(appConfigQuery).catch(() => undefined); // the session's own asks
      authApi.refresh().catch(() => undefined);
      prefetchLandingData(queryClient, prefetchFormPage, { formKey: 'core-form' }, new URLSearchParams(search));
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(6));
      const first = landingRequestUrls({
        route: `/forms/core-form${search ? `?${search}` : ''}`,
        token: 't',
        stored: (form) => localStorage.getItem(`mdis-form:${form}`),
        facetSearch: false,
        model: nothingStored,
      });
      const next = first.map((url) => followUp(url, url.includes('form-template') ? CORE_FORM : {})?.url);
      expect(fetch.mock.calls.map(([url]) => url).toSorted()).toEqual(
        [...first, ...next.filter((url) => url !== undefined)].toSorted(),
      );
      // an earlier visit remembered the data model: the same URLs, the model template among the first
      const remembered = landingRequestUrls({
        route: `/forms/core-form${search ? `?${search}` : ''}`,
        token: 't',
        stored: (form) => localStorage.getItem(`mdis-form:${form}`),
        facetSearch: false,
        model: (form) => (form === 'core' ? CORE_FORM.dataModel : null),
      });
      expect(remembered.toSorted()).toEqual(fetch.mock.calls.map(([url]) => url).toSorted());
    },
  );
});

// landingRequests.ts keeps its own copy of the form storage's page sizes (importing formStorage
// would give the route preload script a chunk of its own to wait for): the two must agree.
describe('the opening list page and the form storage', () => {
  const pageSize = (size: number) =>
    openingListPage(JSON.stringify({ pagination: { pageIndex: 0, pageSize: size } }), '')?.['per-page'];

  it('opens at the storage default page size when nothing is stored', () => {
    expect(openingListPage(null, '')?.['per-page']).toBe(String(DEFAULT_PAGE_SIZE));
  });

  it('accepts exactly the page sizes the storage keeps', () => {
    for (const size of PAGE_SIZES) expect(pageSize(size)).toBe(String(size));
    for (const size of [1, 7, 20, 500]) expect(pageSize(size)).toBeUndefined();
  });
});
