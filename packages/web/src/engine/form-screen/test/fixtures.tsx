import { useState } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { formTemplateSchema, STORAGE_KEYS, type AuthUser, type FormTemplate } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { mockApi, requestUrl, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import { GenericFormScreen } from '../GenericFormScreen';
import type { FormRoute, RouteUpdate } from '../formScreenRoute';

/** A core form as the drilling templates write it: three filters, hole required. */
export const CORE_FORM: FormTemplate = formTemplateSchema.parse({
  name: 'core',
  dataModel: 'CoreCore',
  fields: [
    {
      name: 'core',
      label: 'Core',
      validators: [{ type: 'required' }],
      formInput: { type: 'text' },
      group: 'Core',
      order: 0,
    },
    {
      name: 'top_depth',
      label: 'Top Depth',
      validators: [{ type: 'number' }],
      formInput: { type: 'text' },
      group: 'Core',
      order: 1,
    },
    { name: 'comment', label: 'Comment', validators: [], formInput: { type: 'text' }, group: 'Core', order: 2 },
  ],
  subForms: {
    section: {
      buttonLabel: 'Sections',
      url: '/forms/section-form',
      filter: [{ unit: 'hole', fromField: 'hole_id' }],
    },
  },
  supForms: {},
  filterDataModels: {
    expedition: { model: 'ProjectExpedition', value: 'id', text: 'exp_acronym', ref: 'expedition_id' },
    site: {
      model: 'ProjectSite',
      value: 'id',
      text: 'site',
      ref: 'site_id',
      require: { value: 'expedition', as: 'expedition_id' },
    },
    hole: {
      model: 'ProjectHole',
      value: 'id',
      text: 'hole',
      ref: 'hole_id',
      require: { value: 'site', as: 'site_id' },
    },
  },
  requiredFilters: [{ value: 'hole', as: 'hole_id' }],
});

export const CORE_MODEL = {
  module: 'Core',
  name: 'Core',
  table: 'core_core',
  fullName: 'CoreCore',
  columns: {
    id: { name: 'id', type: 'integer' },
    hole_id: { name: 'hole_id', type: 'integer' },
    core: { name: 'core', type: 'integer' },
    top_depth: { name: 'top_depth', type: 'double' },
    comment: { name: 'comment', type: 'string' },
  },
};

export function core(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    hole_id: 7,
    core: id,
    top_depth: id * 10,
    comment: `core ${id}`,
    combined_id: `5065_1_A_00${id}`,
    ...extra,
  };
}

export function listBody(items: unknown[], totalCount = items.length, perPage = 5, currentPage = 1) {
  return {
    items,
    _meta: { totalCount, pageCount: Math.max(1, Math.ceil(totalCount / perPage)), currentPage, perPage },
  };
}

export const FILTER_LISTS = {
  expedition: [
    { value: 1, text: '5065' },
    { value: 2, text: '5066' },
  ],
  site: [{ value: 3, text: '1', expedition_id: 1 }],
  hole: [{ value: 7, text: 'A', site_id: 3 }],
};

/** The calls every form screen makes besides the list. */
export function formAnswers(user: AuthUser): Record<string, MockAnswer> {
  return {
    ...shellAnswers(user),
    'GET cg/api/get-model-template': { status: 200, body: CORE_MODEL },
    'GET form/reports': { status: 200, body: { single: [], multiple: [] } },
    'GET form/filter-lists': { status: 200, body: FILTER_LISTS },
    'GET file': { status: 404, body: { message: 'not found' } },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderScreenOptions {
  user: AuthUser;
  route?: Partial<FormRoute>;
  form?: FormTemplate;
  onRouteChange?: (next: RouteUpdate) => void;
}

/** The screen bound to a route held in state, as the form page binds it to the URL. */
function RoutedScreen({
  form,
  start,
  onRouteChange,
}: {
  form: FormTemplate;
  start: FormRoute;
  onRouteChange: (next: RouteUpdate) => void;
}) {
  const [route, setRoute] = useState(start);
  return (
    <GenericFormScreen
      form={form}
      route={route}
      onRouteChange={(next) => {
        setRoute({
          id: next.id,
          filter: next.filter,
          page: next.page ?? null,
          sort: next.sort ?? null,
          selectFirst: false,
        });
        onRouteChange(next);
      }}
    />
  );
}

/** The generic form screen inside the app's providers, signed in as `user`. */
export function renderScreen({ user, route = {}, form = CORE_FORM, onRouteChange = () => {} }: RenderScreenOptions) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <MemoryRouter initialEntries={['/forms/core-form']}>
      <AppProviders queryClient={queryClient}>
        <RoutedScreen
          form={form}
          start={{ id: null, filter: null, page: null, sort: null, selectFirst: false, ...route }}
          onRouteChange={onRouteChange}
        />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}

export type ListAnswer = (query: URLSearchParams) => { status: number; body?: unknown };

/**
 * fetch for a form screen: `GET form` answered by `list` (which sees the query), everything else
 * by the mockApi table. Returns the fetch mock to inspect the calls.
 */
export function mockFormApi(user: AuthUser, list: ListAnswer, answers: Record<string, MockAnswer> = {}) {
  const table = mockApi({ ...formAnswers(user), ...answers });
  const tableImpl = table.getMockImplementation();
  table.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost/');
    if ((init.method ?? 'GET') === 'GET' && url.pathname === '/api/v1/form') {
      const { status, body } = list(url.searchParams);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    if (!tableImpl) throw new Error('mockApi has no implementation');
    return tableImpl(input, init);
  });
  return table;
}

/** The calls made, as `METHOD path?query` without the API base, for assertions. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const method = (init as RequestInit | undefined)?.method ?? 'GET';
    return `${method} ${decodeURIComponent(requestUrl(input as RequestInfo | URL).replace(/^api\/v1\//, ''))}`;
  });
}

export function bodyOf(fetchMock: { mock: { calls: unknown[][] } }, prefix: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) =>
    `${(init as RequestInit | undefined)?.method ?? 'GET'} ${requestUrl(input as RequestInfo | URL).replace(/^api\/v1\//, '')}`.startsWith(
      prefix,
    ),
  );
  const body = (call?.[1] as RequestInit | undefined)?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** A core form's disabled Combined Id field (what the offline tests show provisional ids in). */
export const COMBINED_ID_FIELD = {
  name: 'combined_id',
  label: 'Combined Id',
  validators: [],
  formInput: { type: 'text', disabled: true },
  group: 'Core',
  order: 3,
};
