import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormTemplate } from '@mdis/shared';
import { recordKeys, recordsApi, type ListParams } from '../api/records.api';
import { selectionFilterParams, type FilterSelection } from '../filter-bar/filterCascade';
import type { RecordTableState } from '../record-table/RecordTable';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import { useDebouncedValue } from '../../ui/useDebouncedValue';

/** Spec 1 §9: a filter change reaches the table after 500 ms. */
export const FILTER_DEBOUNCE_MS = 500;

function sortParam(sorting: RecordTableState['sorting']): string {
  const terms = sorting.map((s) => `${s.desc ? '-' : ''}${s.id}`);
  return terms.length > 0 ? terms.join(',') : 'id';
}

function valueFilters(columnFilters: RecordTableState['columnFilters']): Record<string, string> {
  const model: Record<string, string> = {};
  for (const { id, value } of columnFilters) {
    if (typeof value === 'string' && value.trim() !== '') model[id] = value.trim();
    else if (typeof value === 'number') model[id] = String(value);
  }
  return model;
}

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

/**
 * The list side of a form: filter-bar selection, table state (page, sort, columns, by-value
 * filters, ticked rows), all remembered per form in local storage, and the list query they make.
 */
export function useFormListState(
  form: FormTemplate,
  routeFilter: FilterSelection | null,
  initialFilter: FilterSelection | null,
) {
  const [stored] = useState(() => readFormStorage(form.name));
  const [selection, setSelectionState] = useState<FilterSelection>(() =>
    startingSelection(routeFilter, initialFilter, stored.filter),
  );
  const [table, setTable] = useState<RecordTableState>(() => ({
    pagination: stored.pagination,
    sorting: stored.sort,
    columnVisibility: stored.columnVisibility,
    columnOrder: stored.columnOrder,
    columnFilters: Object.entries(stored.filterModel).map(([id, value]) => ({ id, value })),
    showColumnFilters: stored.filterByValue,
    rowSelection: Object.fromEntries(stored.selectedRows.map((id) => [String(id), true])),
  }));
  const committedSelection = useDebouncedValue(selection, FILTER_DEBOUNCE_MS);
  const filterModel = useMemo(() => valueFilters(table.columnFilters), [table.columnFilters]);

  const params: ListParams = {
    page: table.pagination.pageIndex + 1,
    perPage: table.pagination.pageSize,
    sort: sortParam(table.sorting),
    filter: { ...selectionFilterParams(form, committedSelection), ...filterModel },
  };
  const list = useQuery({
    queryKey: recordKeys.list(form.name, params),
    queryFn: () => recordsApi.list(form.name, params),
    placeholderData: keepPreviousData,
  });
  // Only a state whose list loaded is remembered: a sort or filter the server refused (or one still
  // loading) must not come back after a reload and leave the form empty (issue 18 item 1).
  const listed = list.isSuccess && !list.isPlaceholderData;

  useEffect(() => {
    if (!listed) return;
    writeFormStorage(form.name, {
      filter: selection,
      filterModel,
      filterByValue: table.showColumnFilters,
      pagination: table.pagination,
      sort: table.sorting,
      columnVisibility: table.columnVisibility,
      columnOrder: table.columnOrder,
      selectedRows: Object.keys(table.rowSelection)
        .filter((id) => table.rowSelection[id])
        .map(Number),
    });
  }, [listed, form.name, selection, filterModel, table]);

  const updateTable = useCallback((patch: Partial<RecordTableState>) => {
    setTable((current) => {
      const next = { ...current, ...patch };
      // another filter or page size starts again at the first page
      if (patch.columnFilters || (patch.pagination && patch.pagination.pageSize !== current.pagination.pageSize))
        next.pagination = { ...next.pagination, pageIndex: 0 };
      return next;
    });
  }, []);

  const setSelection = useCallback((next: FilterSelection) => {
    setSelectionState(next);
    setTable((current) => ({ ...current, pagination: { ...current.pagination, pageIndex: 0 } }));
  }, []);

  const setFilterModel = useCallback(
    (model: Record<string, string>) => {
      updateTable({ columnFilters: Object.entries(model).map(([id, value]) => ({ id, value })) });
    },
    [updateTable],
  );

  return {
    selection,
    /** The selection the list was asked for (after the 500 ms debounce). */
    committedSelection,
    setSelection,
    table,
    updateTable,
    filterModel,
    setFilterModel,
    params,
    list,
  };
}

export type FormListState = ReturnType<typeof useFormListState>;
