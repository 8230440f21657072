// Which GETs the app asks first when it lands on an address, written as the API client writes their
// URLs, for src/routePreload.ts to send before the entry has run (issue 18). Imported by
// routePreload.ts alone (so the bundler keeps it in that script's chunk) and by its tests.
// Mirrors what the app asks at start (platform/routing/landingData.ts, features/forms/prefetchFormPage.ts);
// landingRequests.test.ts holds the two equal. A URL the app does not ask is only a wasted request.

const API = 'api/v1/';
const FORM_TEMPLATE = 'cg/api/get-form-template?';
/** A query as the API client writes it. */
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const FORM_KEY = /^\/forms\/([a-z0-9]+(?:-[a-z0-9]+)*)-form(?:\/([^/]+))?\/?$/;

/** What the landing address and the browser's storage say, read by routePreload.ts. */
export interface Landing {
  /** The hash route, e.g. `/forms/sample-form?page=2`. */
  route: string;
  /** The stored user's token, if any (`localStorage.user`). */
  token: string | null;
  /** Whether this browser remembers something of the form (`mdis-form:{form}`) or a facet search. */
  remembers: (form: string) => boolean;
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
 * menu; on a generic form's address its template, and its first list when the screen opens with
 * the defaults (no record, nothing in the address's query, nothing remembered): page 1 of 5 rows
 * sorted by id (engine/storage/formStorage.ts); once the template has answered, its model's
 * template (followUpUrl).
 */
export function landingRequestUrls({ route, token, remembers }: Landing): string[] {
  const urls = [`${API}app/config`];
  if (!token) return urls;
  urls.push(`${API}auth/refresh`, `${API}app/forms`);
  const [path = '', search = ''] = route.split('?');
  const match = FORM_KEY.exec(path);
  const form = match?.[1];
  const record = match?.[2]; // the optional `/{id}` (or `/import`)
  if (!form || record === 'import') return urls;
  urls.push(`${FORM_TEMPLATE}${query({ name: form })}`);
  if (record === undefined && search === '' && !remembers(form))
    urls.push(`${API}form?${query({ name: form, page: '1', 'per-page': '5', sort: 'id' })}`);
  return urls;
}

/** What the app asks once an early GET has answered: after a form template, its model's template. */
export function followUpUrl(url: string, body: unknown): string | null {
  if (!url.startsWith(FORM_TEMPLATE)) return null;
  const model = typeof body === 'object' && body !== null ? (body as { dataModel?: unknown }).dataModel : null;
  return typeof model === 'string' && model !== '' ? `cg/api/get-model-template?${query({ name: model })}` : null;
}
