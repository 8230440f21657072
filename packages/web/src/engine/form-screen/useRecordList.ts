import { useEffect, useMemo, useRef, useState } from 'react';
import {
  keepPreviousData,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { isWholeList, type FormTemplate } from '@mdis/shared';
import { recordKeys, recordsApi, type ListParams, type RecordList } from '../api/records.api';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import type { FormScreenDispatch } from './useFormScreenStore';
import type { FormScreenState } from './formScreenReducer';
import { listParamsOf, listQuery } from './formScreenQueries';

/** Spec 1 §9: a filter change reaches the table after 500 ms. */
export const FILTER_DEBOUNCE_MS = 500;

/** The list call of the state: the filter bar (after the 500 ms debounce), by-value filters, page, sort. */
export function useRecordList(form: FormTemplate, state: FormScreenState, dispatch: FormScreenDispatch) {
  const committedFilter = useDebouncedValue(state.filter, FILTER_DEBOUNCE_MS);
  const params = useMemo<ListParams>(
    () =>
      listParamsOf(
        form,
        { page: state.page, perPage: state.perPage, sort: state.sort, valueFilters: state.valueFilters },
        committedFilter,
      ),
    [form, committedFilter, state.page, state.perPage, state.sort, state.valueFilters],
  );
  const query = listQuery(form.name, params);
  // asked for while the screen renders: useQuery alone asks only after the whole screen's first
  // commit, which at the first visit is the longest render of the page
  usePrefetchQuery(query);
  const list = useQuery({ ...query, placeholderData: keepPreviousData });

  // a page asked for by first/previous/next/last has arrived: its first or last row becomes current
  const { data, isPlaceholderData } = list;
  useEffect(() => {
    if (state.pick && data && !isPlaceholderData)
      dispatch({ type: 'pageArrived', ids: data.items.map((item) => Number(item.id)) });
  }, [state.pick, data, isPlaceholderData, dispatch]);

  useRevealSelected(form.name, state, list, params, dispatch);
  return { list, params };
}

/**
 * A newly chosen current record that is not on the page shown (just created, or named by the
 * URL): turn to the page that holds it, so the table highlights it and the toolbar can say
 * 'n / total'. One list call per record (the server answers the page that holds it, which then
 * shows without another call), and only when it is off the page.
 */
function useRevealSelected(
  formName: string,
  state: FormScreenState,
  list: UseQueryResult<RecordList>,
  params: ListParams,
  dispatch: FormScreenDispatch,
) {
  const { selectedId, pick, page, perPage } = state;
  const queryClient = useQueryClient();
  // once per record and list: a deep link's filter may arrive after the record
  const tried = useRef<string | null>(null);
  const attempt = JSON.stringify([selectedId, params.filter, params.sort]);
  // the ids call reads the params it is made with; a new page alone is no reason to make it
  const asked = useRef({ params, selectedId });
  useEffect(() => {
    asked.current = { params, selectedId };
  });
  const settled = list.data !== undefined && !list.isPlaceholderData && !list.isFetching;
  const onPage = list.data?.items.some((item) => Number(item.id) === selectedId) ?? false;
  useEffect(() => {
    // once per record: paging away from the current record afterwards is the user's choice
    if (selectedId === null || pick !== null || !settled || tried.current === attempt) return;
    tried.current = attempt;
    if (onPage || isWholeList(perPage)) return;
    const { params: askedWith } = asked.current;
    recordsApi
      .pageOf(formName, askedWith, selectedId)
      .then((found) => {
        // another record chosen meanwhile keeps the page the user is on
        if (!found || asked.current.selectedId !== selectedId) return;
        const target = found._meta.currentPage - 1;
        if (target === page) return;
        queryClient.setQueryData(recordKeys.list(formName, { ...askedWith, page: target + 1 }), found);
        dispatch({ type: 'page', page: target });
      })
      // not finding the page only costs the highlight
      .catch(() => undefined);
  }, [formName, selectedId, attempt, pick, settled, onPage, page, perPage, dispatch, queryClient]);
}

/** How the table looks: column order and visibility, the filter-by-value row; remembered per form. */
export interface TableView {
  columnVisibility: Record<string, boolean>;
  columnOrder: string[];
  showColumnFilters: boolean;
}

export function useTableView(formName: string) {
  const [view, setView] = useState<TableView>(() => {
    const stored = readFormStorage(formName);
    return {
      columnVisibility: stored.columnVisibility,
      columnOrder: stored.columnOrder,
      showColumnFilters: stored.filterByValue,
    };
  });
  useEffect(() => {
    writeFormStorage(formName, {
      columnVisibility: view.columnVisibility,
      columnOrder: view.columnOrder,
      filterByValue: view.showColumnFilters,
    });
  }, [formName, view]);
  return [view, setView] as const;
}
