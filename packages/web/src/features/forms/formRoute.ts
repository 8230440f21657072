import { encodeRouteFilter, parseRouteFilter } from '../../engine/filter-bar/filterCascade';
import {
  encodeSort,
  parsePage,
  parseSort,
  type FormRoute,
  type RouteUpdate,
} from '../../engine/form-screen/formScreenRoute';

/** `core-form` → `core`; anything else is not a form route. */
export function formNameOfKey(formKey: string): string | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-form$/.exec(formKey);
  return match?.[1] ?? null;
}

/**
 * The form route as read from the URL: the optional record id, `filter` (the encoded filter
 * selections), `page` and `sort` of the table, and `selectFirst` (select the first record) (spec 1 §2).
 */
export function readFormRoute(id: string | undefined, search: URLSearchParams): FormRoute {
  const selectFirst = search.get('selectFirst');
  return {
    // negative: a record created offline, until the server gives it its id (issue 22)
    id: id && /^-?\d+$/.test(id) && Number(id) !== 0 ? Number(id) : null,
    filter: search.has('filter') ? parseRouteFilter(search.get('filter')) : null,
    page: parsePage(search.get('page')),
    sort: parseSort(search.get('sort')),
    selectFirst: selectFirst !== null && selectFirst !== 'false' && selectFirst !== '0',
  };
}

/** The address of a form with a record, a filter, a page and a sort; clearing the record drops the id. */
export function formRoutePath(base: string, next: RouteUpdate): string {
  const path = next.id === null ? base : `${base}/${String(next.id)}`;
  const query = new URLSearchParams();
  const filter = encodeRouteFilter(next.filter);
  if (filter) query.set('filter', filter);
  if (next.page) query.set('page', String(next.page + 1));
  if (next.sort && next.sort.length > 0) query.set('sort', encodeSort(next.sort));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
