import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import {
  getIsRowSelected,
  getMRT_RowSelectionHandler,
  type MRT_ColumnVirtualizer,
  type MRT_Row,
  type MRT_RowVirtualizer,
  type MRT_TableInstance,
} from 'material-react-table';
import type { FormRecord } from '../api/records.api';
import { ROWS_CLASS as C } from './recordRowsStyles';

// The table's body rows, rendered here rather than by material-react-table: its rows and cells are
// styled MUI TableRow/TableCell with an sx per cell, and emotion serialised and inserted those
// styles for every cell of every new page (the bulk of a 200-row page's first render, bench:web
// --trace). These are plain <tr>/<td> with the classes of one stylesheet (recordRowsStyles), each
// row memoised on its record, its tick, its place and its columns. The table still owns the rows
// (sorting, selection state), the columns (order, visibility, sizes as CSS variables) and the
// virtualizers; the head, toolbars and pager stay its own.

export const ROW_SELECT_ID = 'mrt-row-select';
const ROW_LABEL = 'Toggle select row';

/** What a column's cells show, by column id (tableColumns' columnTexts). */
export type ColumnTexts = ReadonlyMap<string, (record: FormRecord) => string>;

interface ShownColumn {
  id: string;
  text?: (record: FormRecord) => string;
  style: CSSProperties;
}

/**
 * Where material-react-table keeps its virtualizers (its instance refs). The body's props are made
 * before the table's body makes the row virtualizer; the rows, rendered after, find it there.
 */
export interface RowsVirtualizers {
  rows: { readonly current: MRT_RowVirtualizer | null };
  columns: { readonly current: MRT_ColumnVirtualizer | null };
}

export interface RecordRowsProps {
  table: MRT_TableInstance<FormRecord>;
  texts: ColumnTexts;
  selectedId: number | null;
  /** Set on a virtualised table: the rows and columns in view, and the row measure. */
  virtualizers?: RowsVirtualizers;
  /** What an empty body says (loading, no records, nothing after an error). */
  empty: ReactNode;
}

// the CSS variable material-react-table writes on the table for each column's size
const sizeVar = (id: string) => `var(--col-${id.replace(/[^a-zA-Z0-9]/g, '_')}-size)`;

function columnStyle(
  column: { id: string; columnDef: { minSize?: number; grow?: boolean | number } },
  grid: boolean,
): CSSProperties {
  const size = sizeVar(column.id);
  const style: CSSProperties = {
    width: `calc(${size} * 1px)`,
    minWidth: `max(calc(${size} * 1px), ${String(column.columnDef.minSize ?? 30)}px)`,
  };
  // the table's grid layout: a column grows with its size, a display column (the tick box) not
  const grow = column.columnDef.grow;
  if (grid) style.flex = `${grow === false || grow === 0 ? '0' : size} 0 auto`;
  return style;
}

/** The body: a row per record in view, or the empty message. */
export function RecordRows({ table, texts, selectedId, virtualizers, empty }: RecordRowsProps) {
  const rows = table.getRowModel().rows;
  const visible = table.getVisibleLeafColumns();
  const rowVirtualizer = virtualizers?.rows.current ?? null;
  const columnVirtualizer = virtualizers?.columns.current ?? null;
  const virtualColumns = columnVirtualizer?.getVirtualItems();
  const grid = virtualizers !== undefined;
  // one array (and style per column) while the columns in view are the same: rows compare it by reference
  const columns = useMemo(
    () =>
      (virtualColumns ? virtualColumns.map((item) => visible[item.index]) : visible).map((column): ShownColumn => ({
        id: column.id,
        text: texts.get(column.id),
        style: columnStyle(column, grid),
      })),
    [visible, virtualColumns, texts, grid],
  );
  if (rows.length === 0)
    return (
      <tr style={grid ? { display: 'grid' } : undefined}>
        <td colSpan={visible.length} style={grid ? { display: 'grid' } : undefined}>
          {empty}
        </td>
      </tr>
    );
  const paddingLeft = columnVirtualizer?.virtualPaddingLeft ?? 0;
  const paddingRight = columnVirtualizer?.virtualPaddingRight ?? 0;
  const placed: { index: number; start?: number }[] = rowVirtualizer
    ? rowVirtualizer.getVirtualItems().map((item) => ({ index: item.index, start: item.start }))
    : rows.map((_row, index) => ({ index }));
  return (
    <>
      {placed.map(({ index, start }) => {
        const row = rows[index];
        return (
          <RecordRow
            key={row.id}
            row={row}
            index={index}
            table={table}
            start={start}
            columns={columns}
            paddingLeft={paddingLeft}
            paddingRight={paddingRight}
            current={Number(row.original.id) === selectedId}
            ticked={getIsRowSelected({ row, table }) === true}
            measure={rowVirtualizer?.measureElement}
          />
        );
      })}
    </>
  );
}

interface RecordRowProps {
  row: MRT_Row<FormRecord>;
  /** Its place on the page (data-index: the virtualizer's, and the shift-click range's). */
  index: number;
  table: MRT_TableInstance<FormRecord>;
  /** Its offset in a virtualised body. */
  start: number | undefined;
  columns: readonly ShownColumn[];
  paddingLeft: number;
  paddingRight: number;
  current: boolean;
  ticked: boolean;
  measure?: (node: HTMLTableRowElement | null) => void;
}

/**
 * A record's row: the current one marked (aria-current), a ticked one tinted. Click, Enter and the
 * arrow keys are handled once for the body (recordBodyEvents). Rendered again only when one of its
 * props changes, its cells only when its record, tick, place or columns do: another current row
 * renders two <tr> and no cell, a new page only its new rows.
 */
const RecordRow = memo(function RecordRow(props: RecordRowProps) {
  const { row, index, table, start, columns, paddingLeft, paddingRight, current, ticked, measure } = props;
  return (
    <tr
      ref={measure}
      className={ticked ? `${C.row} ${C.ticked}` : C.row}
      data-index={index}
      data-record-id={Number(row.original.id)}
      data-selected={ticked || undefined}
      aria-current={current ? 'true' : undefined}
      tabIndex={0}
      style={start === undefined ? undefined : { transform: `translateY(${String(start)}px)` }}
    >
      {paddingLeft ? <td style={{ display: 'flex', width: paddingLeft }} /> : null}
      <RowCells row={row} index={index} table={table} columns={columns} ticked={ticked} />
      {paddingRight ? <td style={{ display: 'flex', width: paddingRight }} /> : null}
    </tr>
  );
});

type RowCellsProps = Pick<RecordRowProps, 'row' | 'index' | 'table' | 'columns' | 'ticked'>;

const RowCells = memo(function RowCells({ row, index, table, columns, ticked }: RowCellsProps) {
  const record = row.original;
  return columns.map((column) =>
    column.id === ROW_SELECT_ID ? (
      <td key={column.id} className={`${C.cell} ${C.selectCell}`} style={column.style}>
        <RowCheckbox row={row} index={index} table={table} checked={ticked} />
      </td>
    ) : (
      <td key={column.id} className={C.cell} style={column.style}>
        {column.text?.(record)}
      </td>
    ),
  );
});

const BOX_BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const BOX_TICKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/**
 * The row's tick box: MUI's small Checkbox as plain elements (a native input over MUI's box icon).
 * The table's selection handler ticks it, and with shift held the rows between it and the last tick.
 */
function RowCheckbox({
  row,
  index,
  table,
  checked,
}: Pick<RecordRowProps, 'row' | 'index' | 'table'> & { checked: boolean }) {
  return (
    <span className={checked ? `${C.check} ${C.checked}` : C.check}>
      <input
        type="checkbox"
        checked={checked}
        title={ROW_LABEL}
        aria-label={ROW_LABEL}
        onChange={(event) => {
          getMRT_RowSelectionHandler({ row, staticRowIndex: index, table })(event);
        }}
        // a tick is not a click on the row (which would make it the current record)
        onClick={(event) => {
          event.stopPropagation();
        }}
      />
      <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={checked ? BOX_TICKED : BOX_BLANK} />
      </svg>
    </span>
  );
}
