import { useCallback, useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import type { FormRecord } from '../api/records.api';
import { totalCountWords } from '../record-table/totalCountWords';
import { RecordTable, VIRTUAL_ROWS_FROM, type RecordTableState } from '../record-table/RecordTable';
import { useFormScreen } from './FormScreenContext';
import { tableChangeActions, tableViewPatch } from './tableChanges';
import { SECTION_IDS } from './focusSections';

// one empty list for every render, so the memoised table sees no change while the list loads
const NO_ITEMS: FormRecord[] = [];

/**
 * The record table bound to the screen's state. Every prop it passes is kept by reference while
 * its part of the state is unchanged, so typing in the panel never re-renders the table.
 */
export function TableSection() {
  const { form, state, dispatch, list, tableView, setTableView, extras, showId, navigation, guard, actions } =
    useFormScreen();
  const { page, perPage, sort, valueFilters, ticked, scenario } = state;
  const editing = scenario !== 'view';

  const tableState = useMemo<RecordTableState>(
    () => ({
      pagination: { pageIndex: page, pageSize: perPage },
      sorting: sort,
      columnFilters: Object.entries(valueFilters).map(([id, value]) => ({ id, value })),
      rowSelection: Object.fromEntries(ticked.map((id) => [String(id), true])),
      ...tableView,
    }),
    [page, perPage, sort, valueFilters, ticked, tableView],
  );

  // the handlers read the latest state through a ref, so that they stay the same functions
  const latest = useRef({ state, tableState, navigation, guard, actions });
  useEffect(() => {
    latest.current = { state, tableState, navigation, guard, actions };
  });
  const onStateChange = useCallback(
    (patch: Partial<RecordTableState>) => {
      for (const action of tableChangeActions(patch, latest.current.tableState)) dispatch(action);
      const view = tableViewPatch(patch);
      if (view) setTableView((current) => ({ ...current, ...view }));
    },
    [dispatch, setTableView],
  );
  // another record while a draft is open: the draft is saved or discarded first
  const onSelect = useCallback(
    (id: number) => {
      const { state: current, guard: leaveGuard, actions: act } = latest.current;
      if (current.scenario === 'view') dispatch({ type: 'select', id });
      else if (current.editingId !== id)
        leaveGuard.leave(() => {
          act.cancel();
          dispatch({ type: 'select', id });
        });
    },
    [dispatch],
  );
  const onStep = useCallback((target: 'previous' | 'next') => latest.current.navigation.navigate(target), []);

  const items = list.data?.items ?? NO_ITEMS;
  const virtual = perPage > VIRTUAL_ROWS_FROM;
  return (
    <Box id={SECTION_IDS.table} tabIndex={-1}>
      <RecordTable
        // virtualisation is chosen when the table is made: a page size across the line makes a new one
        key={virtual ? 'virtual' : 'plain'}
        virtual={virtual}
        form={form}
        searchable={extras.searchableNames}
        sortable={extras.sortableNames}
        showId={showId}
        items={items}
        totalCount={list.data ? list.data._meta.totalCount : null}
        totalCountWords={totalCountWords(list.data?._meta)}
        // before its first answer too (pending and not yet fetching is still loading, not empty)
        loading={list.isFetching || (list.isPending && !list.isError)}
        error={list.isError ? list.error.message : null}
        state={tableState}
        onStateChange={onStateChange}
        selectedId={state.selectedId}
        onSelect={onSelect}
        onStep={onStep}
        navigationDisabled={editing}
      />
    </Box>
  );
}
