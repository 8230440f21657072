// Which GETs the app asks first when it lands on an address, written as the API client writes their
// URLs, for src/routePreload.ts to send before the entry has run (issue 18). Imported by
// routePreload.ts alone (so the bundler keeps it in that script's chunk) and by its tests.
// Mirrors what the app asks at start (platform/routing/landingData.ts, features/forms/prefetchFormPage.ts);
// landingRequests.test.ts holds the two equal. A URL the app does not ask is only a wasted request.

const API = 'api/v1/';
const FORM_TEMPLATE = 'cg/api/get-form-template?';
const MODEL_TEMPLATE = 'cg/api/get-model-template?';
/** A query as the API client writes it. */
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const FORM_KEY = /^\/forms\/([a-z0-9]+(?:-[a-z0-9]+)*)-form(?:\/([^/]+))?\/?$/;

/** What the landing address and the browser's storage say, read by routePreload.ts. */
export interface Landing {
  /** The hash route, e.g. `/forms/sample-form?page=2`. */
  route: string;
  /** The stored user's token, if any (`localStorage.user`). */
  token: string | null;
  /** What this browser stores of the form (`localStorage['mdis-form:{form}']`), if anything. */
  stored: (form: string) => string | null;
  /** Whether a facet search is set (a cookie): it may be the form's filter. */
  facetSearch: boolean;
  /** The data model an earlier visit's template of the form named (`localStorage[formModelKey(form)]`), if any. */
  model: (form: string) => string | null;
}

/**
 * Where routePreload.ts keeps the data model a form's template named: on a reload the model template
 * goes with the form's instead of after its answer, which waited for a main thread busy running the
 * entry (issue 18: it was the last data in, 300-700 ms after the form template under load).
 */
export const formModelKey = (form: string) => `mdis-form-model:${form}`;

/** engine/storage/formStorage.ts: the page sizes a form's storage keeps (landingRequests.test.ts holds them equal). */
const PAGE_SIZES = [5, 10, 25, 50, 100, 200];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === undefined || (isObject(value) && Object.keys(value).length === 0);

/** A sort of the address the screen reads as written (formScreenRoute.ts parseSort): `-core,id`. */
const PLAIN_SORT = /^-?[\w.]+(,-?[\w.]+)*$/;

/**
 * The page, page size and sort a form's screen opens its list with, from the address's query
 * (`page`, `sort`: what the screen writes there itself) and else the form's storage, when they
 * alone make the list (no filter-bar selection, no by-value filter): null for anything else, which
 * the app asks itself once it has read the template. Nothing stored (or unreadable): the defaults.
 */
export function openingListPage(raw: string | null, search: string): Record<string, string> | null {
  const query = new URLSearchParams(search);
  if ([...query.keys()].some((key) => key !== 'page' && key !== 'sort')) return null;
  const routePage = query.get('page');
  const routeSort = query.get('sort');
  if (routePage !== null && !(/^\d+$/.test(routePage) && Number(routePage) >= 1)) return null;
  if (routeSort !== null && !PLAIN_SORT.test(routeSort)) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    stored = null;
  }
  if (!isObject(stored)) stored = {};
  const {
    filter,
    filterModel,
    pagination = { pageIndex: 0, pageSize: 5 },
    sort = [],
  } = stored as Record<string, unknown>;
  if (!isEmpty(filter) || !isEmpty(filterModel)) return null;
  if (!isObject(pagination) || !Number.isInteger(pagination.pageIndex) || (pagination.pageIndex as number) < 0)
    return null;
  if (!PAGE_SIZES.includes(pagination.pageSize as number)) return null;
  if (
    !Array.isArray(sort) ||
    !sort.every((s) => isObject(s) && typeof s.id === 'string' && typeof s.desc === 'boolean')
  )
    return null;
  // formScreenRoute.ts encodeSort, and the list's 'id' when there is no sort
  const storedSort = (sort as { id: string; desc: boolean }[]).map((s) => `${s.desc ? '-' : ''}${s.id}`).join(',');
  return {
    page: routePage ?? String((pagination.pageIndex as number) + 1),
    'per-page': String(pagination.pageSize),
    sort: (routeSort ?? storedSort) || 'id',
  };
}

/** The stored user's token, as the session reads it; anything unreadable: none. */
export function storedToken(raw: string | null): string | null {
  try {
    const user = JSON.parse(raw ?? 'null') as { token?: unknown } | null;
    return typeof user?.token === 'string' && user.token !== '' ? user.token : null;
  } catch {
    return null;
  }
}

/**
 * The config (always); with a stored user the token's refresh (a GET that answers the same token:
 * the screen shows nothing before it has confirmed the session, useSessionStart.ts) and the forms
 * menu; on a generic form's address its template, and its first list when no filter makes it (no
 * record, no facet search; openingListPage: on a reload, whose address the screen has given a sort,
 * the list came only once the entry had run); its model's template when an earlier visit named
 * the model, else once the form's template has answered (followUp).
 */
export function landingRequestUrls({ route, token, stored, facetSearch, model }: Landing): string[] {
  const urls = [`${API}app/config`];
  if (!token) return urls;
  urls.push(`${API}auth/refresh`, `${API}app/forms`);
  const [path = '', search = ''] = route.split('?');
  const match = FORM_KEY.exec(path);
  const form = match?.[1];
  const record = match?.[2]; // the optional `/{id}` (or `/import`)
  if (!form || record === 'import') return urls;
  urls.push(`${FORM_TEMPLATE}${query({ name: form })}`);
  const page = record === undefined && !facetSearch ? openingListPage(stored(form), search) : null;
  if (page) urls.push(`${API}form?${query({ name: form, ...page })}`);
  const remembered = model(form);
  if (remembered) urls.push(`${MODEL_TEMPLATE}${query({ name: remembered })}`);
  return urls;
}

/** What follows an early GET's answer: after a form template, its model's template, and the model to remember. */
export interface FollowUp {
  url: string;
  /** The localStorage entry for the next visit (formModelKey). */
  remember: [key: string, model: string];
}

/** What the app asks once an early GET has answered: after a form template, its model's template. */
export function followUp(url: string, body: unknown): FollowUp | null {
  if (!url.startsWith(FORM_TEMPLATE)) return null;
  const form = new URLSearchParams(url.slice(FORM_TEMPLATE.length)).get('name');
  const model = typeof body === 'object' && body !== null ? (body as { dataModel?: unknown }).dataModel : null;
  if (!form || typeof model !== 'string' || model === '') return null;
  return { url: `${MODEL_TEMPLATE}${query({ name: model })}`, remember: [formModelKey(form), model] };
}
