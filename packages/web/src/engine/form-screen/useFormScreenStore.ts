import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type FilterSelection, withoutBatch } from '../filter-bar/filterCascade';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import type { FormRoute, RouteUpdate } from './formScreenRoute';
import { shareableOfRoute, startingLocal, startingShareable } from './formScreenOpening';
import {
  formScreenReducer,
  localOf,
  shareableDiffers,
  shareableOf,
  type FormScreenAction,
  type FormScreenState,
  type LocalState,
  type ShareableState,
} from './formScreenReducer';

export function routeUpdateOf(shareable: ShareableState): RouteUpdate {
  return { id: shareable.selectedId, filter: shareable.filter, page: shareable.page, sort: shareable.sort };
}

export interface FormScreenStoreOptions {
  formName: string;
  route: FormRoute;
  onRouteChange: (next: RouteUpdate) => void;
  initialFilter: FilterSelection | null;
}

/**
 * The form screen's state: the URL's part read from the route on every render, the rest kept
 * here. `dispatch` runs the reducer and writes what changed: the URL (replaced) and the local part.
 * On the first render the parts the URL lacks come from local storage, and are written to the URL once.
 */
export function useFormScreenStore({ formName, route, onRouteChange, initialFilter }: FormScreenStoreOptions) {
  const [stored] = useState(() => readFormStorage(formName));
  const [start, setStart] = useState<ShareableState | null>(() => startingShareable(route, initialFilter, stored));
  const [local, setLocal] = useState<LocalState>(() => startingLocal(route, stored));
  const shareable = shareableOfRoute(route, start);
  // the shareable part is compared by value: the route object is new on every render
  const shareableKey = JSON.stringify(shareable);
  const shareableState = useMemo(() => JSON.parse(shareableKey) as ShareableState, [shareableKey]);
  const state = useMemo<FormScreenState>(() => ({ ...local, ...shareableState }), [local, shareableState]);

  // dispatch reads the latest state, also between a write and the render that shows it
  const latest = useRef({ state, onRouteChange });
  useLayoutEffect(() => {
    latest.current = { state, onRouteChange };
  });
  const dispatch = useCallback((action: FormScreenAction) => {
    const current = latest.current.state;
    const next = formScreenReducer(current, action);
    if (next === current) return;
    latest.current = { ...latest.current, state: next };
    if (shareableDiffers(shareableOf(current), shareableOf(next)))
      latest.current.onRouteChange(routeUpdateOf(shareableOf(next)));
    setLocal(localOf(next));
    setStart(null);
  }, []);
  const getState = useCallback(() => latest.current.state, []);

  // the first render's state goes to the URL, so that the address shows (and shares) what is shown;
  // an address that says it all already (a reload, a shared link) is not written again: the router
  // would render the whole screen a second time within its first commit (bench:web --trace)
  const [first] = useState(() => ({
    state,
    complete: !route.selectFirst && !shareableDiffers(shareableOfRoute(route, null), shareableOf(state)),
  }));
  useEffect(() => {
    if (!first.complete) latest.current.onRouteChange(routeUpdateOf(shareableOf(first.state)));
  }, [first]);

  // a link with selectFirst into a form already open (a reused named window)
  const hadSelectFirst = useRef(route.selectFirst);
  useEffect(() => {
    if (route.selectFirst && !hadSelectFirst.current) dispatch({ type: 'pick', pick: 'first' });
    hadSelectFirst.current = route.selectFirst;
  }, [route.selectFirst, dispatch]);

  return { state, dispatch, getState };
}

/**
 * What the next visit starts from (never the ticked rows: they belong to the list shown). Only a
 * state whose list loaded is remembered: a sort or filter the server refused (or one still loading)
 * must not come back after a reload and leave the form empty (issue 18 item 1).
 */
export function useRememberFormState(formName: string, state: FormScreenState, listLoaded: boolean): void {
  useEffect(() => {
    if (!listLoaded) return;
    writeFormStorage(formName, {
      // a batch's records are a link's list, not where the form starts next time
      filter: withoutBatch(state.filter),
      filterModel: state.valueFilters,
      pagination: { pageIndex: state.page, pageSize: state.perPage },
      sort: state.sort,
      selectedItem: state.selectedId,
      selectedRows: [],
    });
  }, [listLoaded, formName, state.filter, state.valueFilters, state.page, state.perPage, state.sort, state.selectedId]);
}

export type FormScreenDispatch = (action: FormScreenAction) => void;
