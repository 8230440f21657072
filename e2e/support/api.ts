import type { AuthUser, User, UserCreate } from '@mdis/shared';

// Seeding through the API: faster and steadier than clicking, for data a test only needs to exist.

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function apiLogin(baseUrl: string, username: string, password: string): Promise<AuthUser> {
  return call<AuthUser>(baseUrl, 'POST', '/auth/login', { username, password });
}

export function apiCreateUser(baseUrl: string, token: string, user: Partial<UserCreate>): Promise<User> {
  return call<User>(baseUrl, 'POST', '/users', user, token);
}

export type ApiRecord = Record<string, unknown> & { id: number };

/** POST api/v1/form?name={form}: one record of a generic form, as an administrator would enter it. */
export function apiCreateRecord(
  baseUrl: string,
  token: string,
  form: string,
  record: Record<string, unknown>,
): Promise<ApiRecord> {
  return call<ApiRecord>(baseUrl, 'POST', `/form?name=${encodeURIComponent(form)}`, record, token);
}

/** PUT api/v1/form/{id}?name={form}: changes a record as another user or client would. */
export function apiUpdateRecord(
  baseUrl: string,
  token: string,
  form: string,
  id: number,
  record: Record<string, unknown>,
): Promise<ApiRecord> {
  return call<ApiRecord>(baseUrl, 'PUT', `/form/${String(id)}?name=${encodeURIComponent(form)}`, record, token);
}

/** GET api/v1/form/{id}?name={form}. */
export function apiGetRecord(baseUrl: string, token: string, form: string, id: number): Promise<ApiRecord> {
  return call<ApiRecord>(baseUrl, 'GET', `/form/${String(id)}?name=${encodeURIComponent(form)}`, undefined, token);
}

/** GET api/v1/form?name={form}&filter[col]=value…: every record that matches (page -1). */
export async function apiListRecords(
  baseUrl: string,
  token: string,
  form: string,
  filter: Record<string, string | number> = {},
): Promise<ApiRecord[]> {
  const query = new URLSearchParams({ name: form, page: '-1', sort: 'id' });
  for (const [column, value] of Object.entries(filter)) query.append(`filter[${column}]`, String(value));
  return (await call<{ items: ApiRecord[] }>(baseUrl, 'GET', `/form?${query.toString()}`, undefined, token)).items;
}

export interface DrillingHole {
  expedition: ApiRecord;
  site: ApiRecord;
  hole: ApiRecord;
  cores: ApiRecord[];
}

/**
 * The drilling chain program → expedition → site → hole with `coreCount` cores of 3 m each
 * (core n starts where core n-1 ended, the first at `firstTop`), through the generic records API.
 */
export async function apiSeedHole(
  baseUrl: string,
  token: string,
  names: { program: string; expedition: string; acronym: string },
  coreCount: number,
  firstTop = 100,
): Promise<DrillingHole> {
  const create = (form: string, record: Record<string, unknown>) => apiCreateRecord(baseUrl, token, form, record);
  const program = await create('program', { program: names.program, name: `${names.program} test program` });
  const expedition = await create('expedition', {
    program_id: program.id,
    expedition: names.expedition,
    exp_name: `Expedition ${names.acronym}`,
    exp_acronym: names.acronym,
    chief_scientists: ['AM'],
    contact: 'Anna Meyer',
    start_date: '2024-05-01',
  });
  const site = await create('site', { expedition_id: expedition.id, site: '1' });
  const hole = await create('hole', {
    site_id: site.id,
    hole: 'A',
    start_date: '2024-05-02',
    drillers_reference_height: 2.5,
  });
  const cores: ApiRecord[] = [];
  for (let n = 1; n <= coreCount; n += 1)
    cores.push(
      await create('core', {
        hole_id: hole.id,
        core: n,
        core_ondeck: `2024-05-03T${String(n + 6).padStart(2, '0')}:00:00Z`,
        drillers_top_depth: firstTop + 3 * (n - 1),
        drilled_length: 3,
        core_recovery: 2.5,
      }),
    );
  return { expedition, site, hole, cores };
}

/** POST api/v1/app/config (developer and up): changes app config keys, e.g. useFacetSearch. */
export function apiSetAppConfig(baseUrl: string, token: string, config: Record<string, unknown>): Promise<unknown> {
  return call(baseUrl, 'POST', '/app/config', config, token);
}

/** GET api/v1/app/user-config/{name}: a value the signed-in user keeps on the server. */
export function apiGetUserConfig(baseUrl: string, token: string, name: string): Promise<unknown> {
  return call(baseUrl, 'GET', `/app/user-config/${encodeURIComponent(name)}`, undefined, token);
}
