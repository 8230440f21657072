import type { KeyboardEvent } from 'react';
import type { MRT_ColumnOrderState, MRT_Updater } from 'material-react-table';

// RecordTable's helpers: the DOM walk of the arrow keys and the table library's state updaters.

/** The row element above or below (arrow keys), skipping anything that is not a record row. */
export function siblingRow(row: HTMLElement, target: 'previous' | 'next'): HTMLElement | null {
  let next = target === 'next' ? row.nextElementSibling : row.previousElementSibling;
  while (next && !(next instanceof HTMLElement && next.dataset.recordId))
    next = target === 'next' ? next.nextElementSibling : next.previousElementSibling;
  return next instanceof HTMLElement ? next : null;
}

/** A ref that never holds its node (RecordTable hands it to the table for its toolbars). */
export const NO_NODE = {
  get current(): HTMLDivElement | null {
    return null;
  },
  set current(_node: HTMLDivElement | null) {
    // dropped on purpose
  },
};

export function resolve<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/** The stored order, without columns that are gone and with new ones appended. */
export function completeOrder(stored: MRT_ColumnOrderState, ids: string[]): MRT_ColumnOrderState {
  const known = stored.filter((id) => ids.includes(id));
  return [...known, ...ids.filter((id) => !known.includes(id))];
}

// one object for every row: a new one per row and render is styled again each time
const ROW_SX = { cursor: 'pointer' };

interface RowHandlers {
  selectedId: number | null;
  onSelect: (id: number) => void;
  onStep: (target: 'previous' | 'next') => void;
  navigationDisabled: boolean;
}

/** A record's row: the current one marked; click or Enter chooses it, arrow keys walk the rows. */
export function recordRowProps(id: number, { selectedId, onSelect, onStep, navigationDisabled }: RowHandlers) {
  const current = id === selectedId;
  return {
    hover: true,
    selected: current,
    tabIndex: 0,
    'aria-current': current ? ('true' as const) : undefined,
    'data-record-id': id,
    onClick: () => {
      onSelect(id);
    },
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter') onSelect(id);
      const target = event.key === 'ArrowDown' ? 'next' : event.key === 'ArrowUp' ? 'previous' : null;
      if (!target || navigationDisabled) return;
      event.preventDefault();
      const sibling = siblingRow(event.currentTarget, target);
      if (!sibling) {
        onStep(target);
        return;
      }
      sibling.focus();
      onSelect(Number(sibling.dataset.recordId));
    },
    sx: ROW_SX,
  };
}
