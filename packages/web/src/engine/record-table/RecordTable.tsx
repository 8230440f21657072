import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import {
  MaterialReactTable,
  useMaterialReactTable,
  type MRT_ColumnFiltersState,
  type MRT_ColumnOrderState,
  type MRT_ColumnVirtualizer,
  type MRT_PaginationState,
  type MRT_RowSelectionState,
  type MRT_RowVirtualizer,
  type MRT_SortingState,
  type MRT_VisibilityState,
} from 'material-react-table';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { PAGE_SIZES } from '../storage/formStorage';
import { columnTexts, tableColumns } from './tableColumns';
import { completeOrder, keepTableParts, recordBodyEvents, resolve } from './recordTableHelpers';
import { headCellProps } from './HeadCellContent';
import { TableProgress } from './lightParts';
import { RecordRows, ROW_SELECT_ID, type RowsVirtualizers } from './RecordRows';
import { recordRowsStyles, ROWS_CLASS, type RowColours } from './recordRowsStyles';

export const EMPTY_TABLE_MESSAGE = 'No data available for this filter setting.';
export const LOADING_TABLE_MESSAGE = 'Loading records…';
export const tableErrorMessage = (serverMessage: string) => `Unable to load table items: ${serverMessage}`;

/** How the table looks and which list it shows, as the table's own state types. */
export interface RecordTableState {
  pagination: MRT_PaginationState;
  sorting: MRT_SortingState;
  columnVisibility: MRT_VisibilityState;
  columnOrder: MRT_ColumnOrderState;
  columnFilters: MRT_ColumnFiltersState;
  showColumnFilters: boolean;
  rowSelection: MRT_RowSelectionState;
}

/**
 * The virtualizer's measure of a row. Its own reads every row's getBoundingClientRect as the row is
 * mounted, between React's writes: a forced layout of the page per row when a sort or page brings
 * new rows (bench:web --trace). A compact row is one line high: the first row is read once and the
 * others take its height; the virtualizer's ResizeObserver still reports any row that differs.
 */
function oneRowHeight() {
  const known: { current: number | null } = { current: null };
  return (row: Element, entry: ResizeObserverEntry | undefined): number => {
    const observed = entry?.borderBoxSize[0]?.blockSize;
    if (observed !== undefined) return Math.round(observed);
    if (known.current) return known.current;
    const height = Math.round(row.getBoundingClientRect().height);
    // a row measured while the table is hidden says nothing of the others
    if (height > 0) known.current = height;
    return height;
  };
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** The rows' stylesheet, inserted once per theme (not per row or cell). */
const RowsStylesheet = memo(function RowsStylesheet({ baseBackgroundColor, selectedRowBackgroundColor }: RowColours) {
  return (
    <GlobalStyles styles={(theme) => recordRowsStyles(theme, { baseBackgroundColor, selectedRowBackgroundColor })} />
  );
});

/**
 * The column virtualizer's measure of a header cell. Its own reads the cell's getBoundingClientRect
 * whenever the header renders (a sort, a page): a forced layout of the page after React's writes.
 * A virtualised table lays its cells out at their columns' sizes (grid layout, no resizing), which
 * are its estimates; the ResizeObserver still reports any cell that differs.
 */
const headerCellWidth = (
  cell: Element,
  entry: ResizeObserverEntry | undefined,
  virtualizer: { options: { estimateSize: (index: number) => number } },
): number =>
  Math.round(
    entry?.borderBoxSize[0]?.inlineSize ?? virtualizer.options.estimateSize(Number(cell.getAttribute('data-index'))),
  );

const COLUMN_VIRTUALIZER_OPTIONS = { overscan: 1, measureElement: headerCellWidth };

/** The same set in every render while it holds the same names (undefined: not known). */
function useSameNames(names: ReadonlySet<string> | undefined): ReadonlySet<string> | undefined {
  const key = names && [...names].sort().join('\n');
  return useMemo(() => (key === undefined ? undefined : new Set(key === '' ? [] : key.split('\n'))), [key]);
}

/** Above this many rows a page is virtualised: only the rows in view are in the document. */
export const VIRTUAL_ROWS_FROM = 50;

export interface RecordTableProps {
  form: FormTemplate;
  searchable: ReadonlySet<string>;
  /** Fields the server sorts by (app/forms); undefined while unknown. */
  sortable?: ReadonlySet<string>;
  showId: boolean;
  items: FormRecord[];
  /** Null until the list has answered: the pager then shows no count ('0-0 of 0' is a false claim). */
  totalCount: number | null;
  /** The footer's words before the total: 'of', or 'of about' / 'of at least' (totalCountWords). */
  totalCountWords?: string;
  loading: boolean;
  /** The server's message when the list failed. */
  error?: string | null;
  /** Every part is kept by reference while unchanged: the table re-renders only when one changes. */
  state: RecordTableState;
  onStateChange: (patch: Partial<RecordTableState>) => void;
  selectedId: number | null;
  /** A row clicked, or Enter or an arrow key on it. */
  onSelect: (id: number) => void;
  /** Arrow up on the first row, or down on the last: the previous or next page's record. */
  onStep: (target: 'previous' | 'next') => void;
  /** While editing or creating, paging and sorting wait. */
  navigationDisabled: boolean;
  /** Only the rows in view are rendered (chosen when the table is mounted). */
  virtual?: boolean;
}

/**
 * The form's records, paged, sorted and filtered on the server. Clicking a row (or Enter on it)
 * makes it the current record, arrow up and down the previous or next one; the checkboxes tick
 * rows for reports and exports. Memoised (props kept by reference, cells memoised, long pages
 * virtualised): typing in the record panel re-renders the screen, never the table.
 */
export const RecordTable = memo(function RecordTable(props: RecordTableProps) {
  const { form, searchable, sortable, showId, items, totalCount, loading, error, state, onStateChange } = props;
  const { selectedId, onSelect, onStep, navigationDisabled, virtual = false } = props;
  // Which columns filter shows only in the filter-by-value row (or on a filtered column's label):
  // while neither shows, the model template's later answer is no reason for new columns. And a new
  // set of the same names is none either.
  const filtering = state.showColumnFilters || state.columnFilters.length > 0;
  const filterable = useSameNames(filtering ? searchable : NO_NAMES) ?? NO_NAMES;
  const sortableNames = useSameNames(sortable);
  const columns = useMemo(
    () => tableColumns({ form, searchable: filterable, sortable: sortableNames, showId }),
    [form, filterable, sortableNames, showId],
  );
  const texts = useMemo(() => columnTexts(form), [form]);
  const columnIds = useMemo(() => [ROW_SELECT_ID, ...columns.map((c) => c.id ?? '')], [columns]);
  // the same arrays while unchanged: the table makes its columns (and every row its cells) anew for new ones
  const columnOrder = useMemo(() => completeOrder(state.columnOrder, columnIds), [state.columnOrder, columnIds]);
  const columnVisibility = useMemo(
    () => (showId ? state.columnVisibility : { ...state.columnVisibility, id: false }),
    [showId, state.columnVisibility],
  );
  const [rowVirtualizerOptions] = useState(() => ({ overscan: 2, measureElement: oneRowHeight() }));
  const rowVirtualizer = useRef<MRT_RowVirtualizer | null>(null);
  const columnVirtualizer = useRef<MRT_ColumnVirtualizer | null>(null);
  const [virtualizers] = useState<RowsVirtualizers | undefined>(() =>
    virtual ? { rows: rowVirtualizer, columns: columnVirtualizer } : undefined,
  );
  // The virtualizers find their scroll element (the table container) only in a render after it is
  // mounted: the table's own toolbar measure used to bring that render, which keepTableParts spares.
  // Without another one (nothing else changed after a reload), a long page stayed blank: no row,
  // no header cell. After the first commit, when the container is in place, they look again.
  useLayoutEffect(() => {
    rowVirtualizer.current?._willUpdate();
    columnVirtualizer.current?._willUpdate();
  }, []);

  const table = useMaterialReactTable<FormRecord>({
    columns,
    data: items,
    getRowId: (row) => String(row.id),
    rowCount: totalCount ?? 0,
    // the rows-per-page choice alone while the count is unknown
    paginationDisplayMode: totalCount === null ? 'custom' : 'default',
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
    enableRowVirtualization: virtual,
    // two rows past the view (and one column, COLUMN_VIRTUALIZER_OPTIONS): each rendered row costs
    // its cells whenever a page or sort arrives, and a reload at 200 rows renders them in its first render
    rowVirtualizerOptions,
    rowVirtualizerInstanceRef: rowVirtualizer,
    enableColumnVirtualization: virtual,
    columnVirtualizerInstanceRef: columnVirtualizer,
    columnVirtualizerOptions: COLUMN_VIRTUALIZER_OPTIONS,
    state: {
      pagination: state.pagination,
      sorting: state.sorting,
      columnVisibility,
      columnOrder,
      columnFilters: state.columnFilters,
      showColumnFilters: state.showColumnFilters,
      rowSelection: state.rowSelection,
      // Not the table's isLoading: it renders 20 placeholder rows of skeletons, each cell then
      // re-rendering itself in an effect (about 600 cells on a sample form), all thrown away when
      // the rows arrive, which is usually during that first render. A progress bar says it loads
      // (TableProgress, not the table's own bars).
      isLoading: false,
      showProgressBars: false,
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
    muiTableContainerProps: {
      id: 'record-table',
      tabIndex: -1,
      'aria-label': 'Records table',
      // a virtualised page scrolls inside the table, under a sticky header
      sx: virtual ? { maxHeight: '70vh' } : undefined,
    },
    muiTableProps: { 'aria-label': `${form.name} records` },
    // a data column's header content renders when what it shows changes, not with every table render
    muiTableHeadCellProps: headCellProps,
    // the body's rows are ours (RecordRows): plain rows and cells, one stylesheet, memoised per row
    muiTableBodyProps: ({ table: instance }) => ({
      className: virtual ? ROWS_CLASS.grid : undefined,
      ...recordBodyEvents({ onSelect, onStep, navigationDisabled }),
      children: (
        <RecordRows
          table={instance}
          texts={texts}
          selectedId={selectedId}
          virtualizers={virtualizers}
          // never nothing: 'No records' while loading is a false claim
          empty={
            error ? null : (
              <Typography
                sx={{ p: 2, fontStyle: 'italic' }}
                color="text.secondary"
                role={loading ? 'status' : undefined}
              >
                {loading ? LOADING_TABLE_MESSAGE : EMPTY_TABLE_MESSAGE}
              </Typography>
            )
          }
        />
      ),
    }),
  });

  keepTableParts(table, columns);

  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {tableErrorMessage(error)}
        </Alert>
      )}
      <Box sx={{ position: 'relative' }}>
        <TableProgress loading={loading} />
        <RowsStylesheet
          baseBackgroundColor={table.options.mrtTheme.baseBackgroundColor}
          selectedRowBackgroundColor={table.options.mrtTheme.selectedRowBackgroundColor}
        />
        <MaterialReactTable table={table} />
      </Box>
    </>
  );
});
