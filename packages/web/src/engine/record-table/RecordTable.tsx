import { memo, useMemo } from 'react';
import {
  MaterialReactTable,
  useMaterialReactTable,
  type MRT_ColumnFiltersState,
  type MRT_ColumnOrderState,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_Updater,
  type MRT_VisibilityState,
} from 'material-react-table';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { PAGE_SIZES } from '../storage/formStorage';
import { tableColumns } from './tableColumns';

export const EMPTY_TABLE_MESSAGE = 'No data available for this filter setting.';
export const tableErrorMessage = (serverMessage: string) => `Unable to load table items: ${serverMessage}`;

export interface RecordTableState {
  pagination: MRT_PaginationState;
  sorting: MRT_SortingState;
  columnVisibility: MRT_VisibilityState;
  columnOrder: MRT_ColumnOrderState;
  columnFilters: MRT_ColumnFiltersState;
  showColumnFilters: boolean;
  rowSelection: MRT_RowSelectionState;
}

export interface RecordTableProps {
  form: FormTemplate;
  searchable: ReadonlySet<string>;
  showId: boolean;
  items: FormRecord[];
  totalCount: number;
  /** The footer's words before the total: 'of', or 'of about' / 'of at least' (totalCountWords). */
  totalCountWords?: string;
  loading: boolean;
  /** The server's message when the list failed. */
  error?: string | null;
  state: RecordTableState;
  onStateChange: (patch: Partial<RecordTableState>) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** While editing or creating, the current record cannot change. */
  navigationDisabled: boolean;
}

function resolve<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/** The stored order, without columns that are gone and with new ones appended. */
function completeOrder(stored: MRT_ColumnOrderState, ids: string[]): MRT_ColumnOrderState {
  const known = stored.filter((id) => ids.includes(id));
  return [...known, ...ids.filter((id) => !known.includes(id))];
}

/**
 * The form's records, paged, sorted and filtered on the server. Clicking a row (or Enter on it)
 * makes it the current record; the checkboxes select several rows for reports and exports.
 * Memoised: typing in the record panel re-renders the screen, and re-rendering
 * material-react-table on every keystroke made typing lag.
 */
export const RecordTable = memo(function RecordTable(props: RecordTableProps) {
  const { form, searchable, showId, items, totalCount, loading, error, state, onStateChange } = props;
  const { selectedId, onSelect, navigationDisabled } = props;
  const columns = useMemo(() => tableColumns({ form, searchable, showId }), [form, searchable, showId]);
  const columnIds = useMemo(() => ['mrt-row-select', ...columns.map((c) => c.id ?? '')], [columns]);
  const columnOrder = completeOrder(state.columnOrder, columnIds);
  const columnVisibility = showId ? state.columnVisibility : { ...state.columnVisibility, id: false };
  const choose = (id: number) => {
    if (!navigationDisabled) onSelect(id);
  };

  const table = useMaterialReactTable<FormRecord>({
    columns,
    data: items,
    getRowId: (row) => String(row.id),
    rowCount: totalCount,
    localization: { of: props.totalCountWords ?? 'of' },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: true,
    enableMultiRowSelection: true,
    enableColumnOrdering: true,
    enableHiding: true,
    enableColumnFilterModes: false,
    enableGlobalFilter: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnActions: false,
    enableSortingRemoval: false,
    initialState: { density: 'compact' },
    state: {
      pagination: state.pagination,
      sorting: state.sorting,
      columnVisibility,
      columnOrder,
      columnFilters: state.columnFilters,
      showColumnFilters: state.showColumnFilters,
      rowSelection: state.rowSelection,
      isLoading: loading && items.length === 0,
      showProgressBars: loading,
    },
    onPaginationChange: (u) => {
      if (!navigationDisabled) onStateChange({ pagination: resolve(u, state.pagination) });
    },
    onSortingChange: (u) => {
      if (!navigationDisabled) onStateChange({ sorting: resolve(u, state.sorting) });
    },
    onColumnVisibilityChange: (u) => {
      onStateChange({ columnVisibility: resolve(u, state.columnVisibility) });
    },
    onColumnOrderChange: (u) => {
      onStateChange({ columnOrder: resolve(u, columnOrder) });
    },
    onColumnFiltersChange: (u) => {
      onStateChange({ columnFilters: resolve(u, state.columnFilters) });
    },
    onShowColumnFiltersChange: (u) => {
      onStateChange({ showColumnFilters: resolve(u, state.showColumnFilters) });
    },
    onRowSelectionChange: (u) => {
      onStateChange({ rowSelection: resolve(u, state.rowSelection) });
    },
    muiPaginationProps: { rowsPerPageOptions: [...PAGE_SIZES], disabled: navigationDisabled },
    muiTablePaperProps: { elevation: 0, variant: 'outlined' },
    muiTableContainerProps: { id: 'record-table', tabIndex: -1, 'aria-label': 'Records table' },
    muiTableProps: { 'aria-label': `${form.name} records` },
    muiTableBodyRowProps: ({ row }) => {
      const id = row.original.id as number;
      const current = id === selectedId;
      return {
        hover: !navigationDisabled,
        selected: current,
        tabIndex: 0,
        'aria-current': current ? 'true' : undefined,
        'aria-disabled': navigationDisabled || undefined,
        'data-record-id': id,
        onClick: () => {
          choose(id);
        },
        onKeyDown: (event) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) choose(id);
        },
        sx: { cursor: navigationDisabled ? 'not-allowed' : 'pointer' },
      };
    },
    renderEmptyRowsFallback: () =>
      error || loading ? null : (
        <Typography sx={{ p: 2, fontStyle: 'italic' }} color="text.secondary">
          {EMPTY_TABLE_MESSAGE}
        </Typography>
      ),
  });

  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {tableErrorMessage(error)}
        </Alert>
      )}
      <MaterialReactTable table={table} />
    </>
  );
});
