import { memo } from 'react';
import Box from '@mui/material/Box';
import {
  MRT_TableHeadCellFilterLabel,
  MRT_TableHeadCellGrabHandle,
  MRT_TableHeadCellSortLabel,
  type MRT_Column,
  type MRT_Header,
  type MRT_TableInstance,
} from 'material-react-table';
import type { FormRecord } from '../api/records.api';

// A data column's header content: material-react-table's own (the label, its filter and sort marks,
// the drag handle, in the same boxes), memoised. The table renders every header cell's content
// again whenever it renders (a page, a sort, another current row, a later answer): some 60
// components per cell, two tooltips among them, and the unsorted columns' sort icon made anew
// each time (its icon is a new component per render). About a thousand components per reload of
// a 200-row page before the rows showed (bench:web, issue 18 §2). Here it renders when what it
// shows changes.

type Table = MRT_TableInstance<FormRecord>;

export interface HeadCellContentProps {
  header: MRT_Header<FormRecord>;
  table: Table;
  // What the content shows of the table's state, so that it renders again when one changes:
  /** The column's sort direction, its place among the sorted columns and how many there are. */
  sorted: false | 'asc' | 'desc';
  sortIndex: number;
  sortCount: number;
  filterValue: unknown;
  showColumnFilters: boolean;
  /** The columns dragged and dragged over (the drag handle reorders on their values when dropped). */
  draggingColumn: MRT_Column<FormRecord> | null;
  hoveredColumn: Partial<MRT_Column<FormRecord>> | null;
}

/** The header cell (the drag image), read when a drag starts: it is not mounted yet when the content first renders. */
function cellRef(table: Table, columnId: string): { readonly current: HTMLTableCellElement | null } {
  return {
    get current() {
      return table.refs.tableHeadCellRefs.current?.[columnId] ?? null;
    },
  };
}

export const HeadCellContent = memo(function HeadCellContent({ header, table }: HeadCellContentProps) {
  const { column } = header;
  const text = column.columnDef.header;
  const canSort = column.getCanSort();
  return (
    <Box
      className="Mui-TableHeadCell-Content"
      sx={{
        alignItems: 'center',
        display: 'flex',
        flexDirection: 'row',
        justifyContent: column.getCanResize() ? 'space-between' : 'flex-start',
        position: 'relative',
        width: '100%',
      }}
    >
      <Box
        className="Mui-TableHeadCell-Content-Labels"
        onClick={column.getToggleSortingHandler()}
        sx={{
          alignItems: 'center',
          cursor: canSort ? 'pointer' : undefined,
          display: 'flex',
          flexDirection: 'row',
          overflow: 'hidden',
        }}
      >
        <Box
          className="Mui-TableHeadCell-Content-Wrapper"
          sx={{
            '&:hover': { textOverflow: 'clip' },
            minWidth: `${String(Math.min(text.length, 4))}ch`,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: text.length < 20 ? 'nowrap' : 'normal',
          }}
        >
          {text}
        </Box>
        {column.getCanFilter() && <MRT_TableHeadCellFilterLabel header={header} table={table} />}
        {canSort && <MRT_TableHeadCellSortLabel header={header} table={table} />}
      </Box>
      <Box className="Mui-TableHeadCell-Content-Actions" sx={{ whiteSpace: 'nowrap' }}>
        {table.options.enableColumnOrdering && column.columnDef.enableColumnOrdering !== false && (
          <MRT_TableHeadCellGrabHandle column={column} table={table} tableHeadCellRef={cellRef(table, column.id)} />
        )}
      </Box>
    </Box>
  );
});

/**
 * The header cell props that put HeadCellContent in a data column's cell (the tick-all column keeps
 * the table's own). The cell itself (its size, sort state and drop target) stays the table's.
 */
export function headCellProps({ column, table }: { column: MRT_Column<FormRecord>; table: Table }) {
  if (column.columnDef.columnDefType !== 'data') return {};
  const header = table.getFlatHeaders().find((candidate) => candidate.column.id === column.id);
  if (!header) return {};
  const { sorting, showColumnFilters, draggingColumn, hoveredColumn } = table.getState();
  return {
    children: (
      <HeadCellContent
        header={header}
        table={table}
        sorted={column.getIsSorted()}
        sortIndex={column.getSortIndex()}
        sortCount={sorting.length}
        filterValue={column.getFilterValue()}
        showColumnFilters={showColumnFilters}
        draggingColumn={draggingColumn}
        hoveredColumn={hoveredColumn}
      />
    ),
  };
}
