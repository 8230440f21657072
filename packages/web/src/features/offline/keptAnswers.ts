import type { OfflineRequest } from '../../platform/api/offlineResponder';
import { offlineDb } from './offlineDb';

/**
 * The answers of GETs kept while online (app config, forms menu, filter lists, reports, templates,
 * selects' searches), for the app's start and the screens offline (issue 22).
 */

export type Answer = { data: unknown } | undefined;

/** GETs whose last answer is kept while online, for the shell and the screens offline. */
const KEPT_ANSWERS = [
  /^api\/v1\/(list-values|global\/async-lists)$/,
  /^api\/v1\/app\//,
  /^api\/v1\/form\/(filter-lists|reports)$/,
  /^cg\/api\/get-(form|model)-template$/,
];

export function parse(request: OfflineRequest) {
  const url = new URL(request.url, 'http://offline.invalid/');
  return { path: url.pathname.replace(/^\/+/, ''), params: url.searchParams, key: request.url };
}

export interface FilterListRequest {
  model: string;
  require: { as: string; value: number | string } | null;
}

export function filterListRequests(params: URLSearchParams): FilterListRequest[] {
  return params.getAll('models[]').flatMap((raw) => {
    try {
      return [JSON.parse(raw) as FilterListRequest];
    } catch {
      return [];
    }
  });
}

// One select's options, by its filter key and what it requires: the same in every form showing it.
export const optionsKey = (request: FilterListRequest) =>
  `filter-options:${request.model}:${JSON.stringify(request.require)}`;

/** Keeps the answer of a GET the offline screens need again later (filter lists one select each). */
export async function keepAnswer(request: OfflineRequest, data: unknown): Promise<void> {
  const { path, params, key } = parse(request);
  if (!KEPT_ANSWERS.some((pattern) => pattern.test(path))) return;
  if (!path.endsWith('/filter-lists')) {
    await offlineDb().answers.put({ url: key, data });
    return;
  }
  const lists = (data ?? {}) as Record<string, unknown>;
  await offlineDb().answers.bulkPut(
    filterListRequests(params)
      .filter((item) => Object.hasOwn(lists, item.model))
      .map((item) => ({ url: optionsKey(item), data: lists[item.model] })),
  );
}

export async function keptAnswer(key: string): Promise<Answer> {
  const row = await offlineDb().answers.get(key);
  return row ? { data: row.data } : undefined;
}
