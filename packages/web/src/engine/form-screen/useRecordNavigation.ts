import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterSelection } from '../filter-bar/filterCascade';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import { useRevealSelected } from './useRevealSelected';
import type { NavigationTarget } from '../toolbar/FormToolbar';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import type { FormListState } from './useFormListState';

/** Spec 1 §4: the route watch is debounced by 300 ms. */
export const ROUTE_DEBOUNCE_MS = 300;

/** What the URL says: `/forms/{form}-form[/{id}]?filter=…&selectFirst`. */
export interface FormRoute {
  id: number | null;
  /** Null when the URL has no filter query. */
  filter: FilterSelection | null;
  selectFirst: boolean;
}

export interface RouteUpdate {
  id: number | null;
  filter: FilterSelection;
}

function routeKey(route: { id: number | null; filter: FilterSelection | null; selectFirst?: boolean }): string {
  const filter = Object.entries(route.filter ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([route.id, filter, Boolean(route.selectFirst)]);
}

export type NavigationStep = { kind: 'select'; index: number } | { kind: 'page'; page: number; then: 'first' | 'last' };

interface NavigationPlace {
  /** The current record's row on the page, -1 when it is not on it. */
  indexOnPage: number;
  /** Rows on the page. */
  count: number;
  pageIndex: number;
  lastPage: number;
}

/** What first/previous/next/last does: pick a row of this page, or turn to a page and pick there. */
export function navigationStep(target: NavigationTarget, place: NavigationPlace): NavigationStep | null {
  const { indexOnPage, count, pageIndex, lastPage } = place;
  const select = (index: number): NavigationStep => ({ kind: 'select', index });
  if (target === 'first') return pageIndex === 0 ? select(0) : { kind: 'page', page: 0, then: 'first' };
  if (target === 'last')
    return pageIndex === lastPage ? select(count - 1) : { kind: 'page', page: lastPage, then: 'last' };
  if (target === 'next') {
    if (indexOnPage === -1) return select(0);
    if (indexOnPage < count - 1) return select(indexOnPage + 1);
    return pageIndex < lastPage ? { kind: 'page', page: pageIndex + 1, then: 'first' } : null;
  }
  if (indexOnPage === -1) return select(count - 1);
  if (indexOnPage > 0) return select(indexOnPage - 1);
  return pageIndex > 0 ? { kind: 'page', page: pageIndex - 1, then: 'last' } : null;
}

/** How long a route we set counts as ours: far longer than the router takes to show it. */
const OWN_ROUTE_MS = 3000;

/** The routes this form set lately, so that their late echoes are not taken for outside changes. */
class OwnRoutes {
  private readonly added = new Map<string, number>();

  add(key: string): void {
    const now = Date.now();
    for (const [known, at] of this.added) if (now - at > OWN_ROUTE_MS) this.added.delete(known);
    this.added.set(key, now);
  }

  has(key: string): boolean {
    const at = this.added.get(key);
    return at !== undefined && Date.now() - at <= OWN_ROUTE_MS;
  }
}

interface NavigationOptions {
  formName: string;
  listState: FormListState;
  route: FormRoute;
  onRouteChange: (next: RouteUpdate) => void;
  /** Editing or creating: the current record stays. */
  locked: boolean;
}

/**
 * The current record: chosen in the table, by first/previous/next/last across pages, or by the
 * URL. Our own changes replace the URL; changes of the URL from outside are watched (300 ms).
 */
export function useRecordNavigation({ formName, listState, route, onRouteChange, locked }: NavigationOptions) {
  const { list, table, updateTable, committedSelection, setSelection } = listState;
  const [selectedId, setSelectedId] = useState<number | null>(
    () => route.id ?? (route.selectFirst ? null : readFormStorage(formName).selectedItem),
  );
  const [pending, setPending] = useState<'first' | 'last' | null>(route.selectFirst ? 'first' : null);
  const items = list.data?.items ?? [];
  const meta = list.data?._meta;
  const { pageIndex, pageSize } = table.pagination;
  const pageCount = Math.max(1, meta?.pageCount ?? 1);
  const indexOnPage = items.findIndex((item) => item.id === selectedId);

  // A page asked for by previous/next/first/last has arrived: select its first or last record
  // (state adjusted while rendering, React's pattern for state that follows other state).
  if (pending && list.data && !list.isPlaceholderData) {
    const target = pending === 'first' ? list.data.items[0] : list.data.items.at(-1);
    setPending(null);
    if (target) setSelectedId(Number(target.id));
  }

  // Our state → the URL (replaced, not pushed: the page decides).
  // Only a change of our state is written: the router's navigate function changes with every
  // path, and re-running then would overwrite a route just set from outside.
  const ownRoutes = useRef(new OwnRoutes());
  const routeChange = useRef(onRouteChange);
  useEffect(() => {
    routeChange.current = onRouteChange;
  });
  useEffect(() => {
    const next = { id: selectedId, filter: committedSelection };
    const key = routeKey(next);
    ownRoutes.current.add(key);
    if (key !== routeKey({ id: route.id, filter: route.filter ?? {} })) routeChange.current(next);
    // the route is read, not watched, here: watching it is the job of the debounced effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, committedSelection]);

  // The URL → our state, for changes made elsewhere (links, history, a reused named window).
  const routeRef = useRef(route);
  useEffect(() => {
    routeRef.current = route;
  });
  const watchedKey = useDebouncedValue(routeKey(route), ROUTE_DEBOUNCE_MS);
  const firstWatch = useRef(true);
  useEffect(() => {
    if (firstWatch.current) {
      firstWatch.current = false;
      return;
    }
    const current = routeRef.current;
    // The router applies our own replacements as transitions: a render may still show one of
    // them, or the one before. Either is an echo of our state, not a change made elsewhere.
    if (locked || ownRoutes.current.has(routeKey({ id: current.id, filter: current.filter ?? committedSelection })))
      return;
    if (
      current.filter &&
      routeKey({ id: null, filter: current.filter }) !== routeKey({ id: null, filter: committedSelection })
    )
      setSelection(current.filter);
    setSelectedId(current.id);
    if (current.selectFirst) setPending('first');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watchedKey]);

  useEffect(() => {
    writeFormStorage(formName, { selectedItem: selectedId });
  }, [formName, selectedId]);

  useRevealSelected({ formName, listState, selectedId, waiting: pending !== null });

  const select = useCallback(
    (id: number | null) => {
      if (!locked) setSelectedId(id);
    },
    [locked],
  );

  const goToPage = (page: number, then: 'first' | 'last') => {
    updateTable({ pagination: { pageIndex: page, pageSize } });
    setPending(then);
  };

  const navigate = (target: NavigationTarget) => {
    if (locked) return;
    const step = navigationStep(target, { indexOnPage, count: items.length, pageIndex, lastPage: pageCount - 1 });
    if (step?.kind === 'page') goToPage(step.page, step.then);
    const item = step?.kind === 'select' ? items[step.index] : undefined;
    if (item) setSelectedId(Number(item.id));
  };

  const total = meta?.totalCount ?? items.length;
  const position = indexOnPage === -1 ? null : pageIndex * Math.max(pageSize, 0) + indexOnPage + 1;
  return {
    selectedId,
    select,
    /** Sets the current record even while locked: after a save or a delete. */
    setCurrent: setSelectedId,
    navigate,
    position,
    total,
    canGoBack: total > 0 && position !== 1,
    canGoForward: total > 0 && position !== total,
  };
}
