import type { KeyboardEvent, MouseEvent } from 'react';
import type { MRT_ColumnDef, MRT_ColumnOrderState, MRT_TableInstance, MRT_Updater } from 'material-react-table';

// RecordTable's helpers: the DOM walk of the arrow keys and the table library's state updaters.

/** The row element above or below (arrow keys), skipping anything that is not a record row. */
export function siblingRow(row: HTMLElement, target: 'previous' | 'next'): HTMLElement | null {
  let next = target === 'next' ? row.nextElementSibling : row.previousElementSibling;
  while (next && !(next instanceof HTMLElement && next.dataset.recordId))
    next = target === 'next' ? next.nextElementSibling : next.previousElementSibling;
  return next instanceof HTMLElement ? next : null;
}

/** A ref that never holds its node (RecordTable hands it to the table for its toolbars). */
const NO_NODE = {
  get current(): HTMLDivElement | null {
    return null;
  },
  set current(_node: HTMLDivElement | null) {
    // dropped on purpose
  },
};

// per set of our column definitions (one per table and form): the table's prepared columns
const preparedColumns = new WeakMap<readonly unknown[], unknown>();

/**
 * Spares the table two kinds of work material-react-table does in every render (RecordTable calls
 * it right after useMaterialReactTable, before the table renders):
 * - it measures its toolbars after every commit (offsetHeight: a forced layout of the page) and
 *   renders the table again with the height, which only its full screen mode uses; mDIS has none.
 *   Without a node to measure, the height stays 0 and nothing renders again.
 * - it prepares its column definitions anew (a new array, with a new row checkbox column): the
 *   table then makes new columns, every row new cells, and every memoised cell renders again,
 *   whatever changed (another current row, the progress bar, a later answer). While `columns` are
 *   the same, the table keeps the ones it prepared first.
 */
export function keepTableParts<T extends Record<string, unknown>>(
  table: MRT_TableInstance<T>,
  columns: readonly MRT_ColumnDef<T>[],
): void {
  table.refs.topToolbarRef = NO_NODE;
  table.refs.bottomToolbarRef = NO_NODE;
  const kept = preparedColumns.get(columns) as MRT_ColumnDef<T>[] | undefined;
  if (kept) table.options.columns = kept;
  else preparedColumns.set(columns, table.options.columns);
}

export function resolve<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/** The stored order, without columns that are gone and with new ones appended. */
export function completeOrder(stored: MRT_ColumnOrderState, ids: string[]): MRT_ColumnOrderState {
  const known = stored.filter((id) => ids.includes(id));
  return [...known, ...ids.filter((id) => !known.includes(id))];
}

interface RowHandlers {
  onSelect: (id: number) => void;
  onStep: (target: 'previous' | 'next') => void;
  navigationDisabled: boolean;
}

/** The record row an event reached, when it reached one (not a control inside it). */
function recordRowOf(target: EventTarget): HTMLElement | null {
  return target instanceof HTMLElement ? target.closest<HTMLElement>('tr[data-record-id]') : null;
}

/**
 * The body's handlers for every record row (RecordRows): a click or Enter on a row chooses its
 * record, arrow keys walk the rows (past the first or last, the previous or next page's record).
 * Handled once for the body, so that a row is rendered again only when what it shows changes.
 */
export function recordBodyEvents({ onSelect, onStep, navigationDisabled }: RowHandlers) {
  return {
    onClick: (event: MouseEvent<HTMLElement>) => {
      const row = recordRowOf(event.target);
      if (row) onSelect(Number(row.dataset.recordId));
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const row = recordRowOf(event.target);
      // keys in a control inside the row (its tick box) are the control's
      if (!row || row !== event.target) return;
      if (event.key === 'Enter') onSelect(Number(row.dataset.recordId));
      const target = event.key === 'ArrowDown' ? 'next' : event.key === 'ArrowUp' ? 'previous' : null;
      if (!target || navigationDisabled) return;
      event.preventDefault();
      const sibling = siblingRow(row, target);
      if (!sibling) {
        onStep(target);
        return;
      }
      sibling.focus();
      onSelect(Number(sibling.dataset.recordId));
    },
  };
}
