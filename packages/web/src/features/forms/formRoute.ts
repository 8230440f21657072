import { encodeRouteFilter, parseRouteFilter } from '../../engine/filter-bar/filterCascade';
import type { FormRoute, RouteUpdate } from '../../engine/form-screen/useRecordNavigation';

/** `core-form` → `core`; anything else is not a form route. */
export function formNameOfKey(formKey: string): string | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-form$/.exec(formKey);
  return match?.[1] ?? null;
}

/**
 * The form route as read from the URL: the optional record id, `filter` (the encoded filter
 * selections) and `selectFirst` (select the first record) (spec 1 §2).
 */
export function readFormRoute(id: string | undefined, search: URLSearchParams): FormRoute {
  const selectFirst = search.get('selectFirst');
  return {
    id: id && /^\d+$/.test(id) ? Number(id) : null,
    filter: search.has('filter') ? parseRouteFilter(search.get('filter')) : null,
    selectFirst: selectFirst !== null && selectFirst !== 'false' && selectFirst !== '0',
  };
}

/** The address of a form with a record and a filter; clearing the record drops the id. */
export function formRoutePath(base: string, next: RouteUpdate): string {
  const filter = encodeRouteFilter(next.filter);
  const path = next.id === null ? base : `${base}/${next.id}`;
  return filter ? `${path}?filter=${encodeURIComponent(filter)}` : path;
}
