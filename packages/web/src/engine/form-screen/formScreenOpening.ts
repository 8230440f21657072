import type { FilterSelection } from '../filter-bar/filterCascade';
import { readFormStorage, type FormStorageState } from '../storage/formStorage';
import type { FormScreenState, LocalState, ShareableState } from './formScreenReducer';
import type { FormRoute } from './formScreenRoute';

// Where a form screen starts, apart from its hooks: the store's first render and the prefetch at
// app start (formScreenQueries) both read it, so they agree on the first list call.

/**
 * Where the filter bar starts: the URL's filter; else the initial filter (the facet search) unless
 * the stored selection already agrees with it, so a return to the form keeps the deeper levels.
 */
export function startingSelection(
  routeFilter: FilterSelection | null,
  initialFilter: FilterSelection | null,
  stored: FilterSelection,
): FilterSelection {
  if (routeFilter) return routeFilter;
  if (!initialFilter) return stored;
  const agrees = Object.entries(initialFilter).every(([key, value]) => stored[key] === value);
  return agrees ? stored : initialFilter;
}

/** Where a form opened without a full URL starts: the parts the URL lacks come from the last visit. */
export function startingShareable(route: FormRoute, initialFilter: FilterSelection | null, stored: FormStorageState) {
  return {
    selectedId: route.id ?? (route.selectFirst ? null : stored.selectedItem),
    filter: startingSelection(route.filter, initialFilter, stored.filter),
    page: route.page ?? (route.filter ? 0 : stored.pagination.pageIndex),
    sort: route.sort ?? stored.sort,
  } satisfies ShareableState;
}

/**
 * The URL's part of the state. Until the user's first action a part the URL lacks is where the
 * last visit left off; from then on the screen writes every part, and the URL alone is the state.
 */
export function shareableOfRoute(route: FormRoute, start: ShareableState | null): ShareableState {
  return {
    selectedId: route.id ?? (start ? start.selectedId : null),
    filter: route.filter ?? start?.filter ?? {},
    page: route.page ?? start?.page ?? 0,
    sort: route.sort ?? start?.sort ?? [],
  };
}

/** Where the local part starts: the last visit's page size and by-value filters, nothing open. */
export function startingLocal(route: FormRoute, stored: FormStorageState): LocalState {
  return {
    perPage: stored.pagination.pageSize,
    valueFilters: stored.filterModel,
    ticked: [],
    scenario: 'view',
    editingId: null,
    draft: null,
    dirty: false,
    pick: route.selectFirst ? 'first' : null,
  };
}

/**
 * The state a form screen opens with: what the store's first render shows, so that its list can
 * be asked for before the screen renders (prefetchFormScreen).
 */
export function openingState(
  formName: string,
  route: FormRoute,
  initialFilter: FilterSelection | null,
): FormScreenState {
  const stored = readFormStorage(formName);
  const start = startingShareable(route, initialFilter, stored);
  return { ...startingLocal(route, stored), ...shareableOfRoute(route, start) };
}
