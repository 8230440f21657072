import type { RecordTableState } from '../record-table/RecordTable';
import type { FormScreenAction } from './formScreenReducer';
import type { TableView } from './useRecordList';

/** What a change made in the table (pager, header, filter row, checkboxes) asks of the screen's state. */
export function tableChangeActions(patch: Partial<RecordTableState>, current: RecordTableState): FormScreenAction[] {
  const actions: FormScreenAction[] = [];
  if (patch.pagination) {
    const { pageIndex, pageSize } = patch.pagination;
    if (pageSize !== current.pagination.pageSize) actions.push({ type: 'perPage', perPage: pageSize });
    else if (pageIndex !== current.pagination.pageIndex) actions.push({ type: 'page', page: pageIndex });
  }
  if (patch.sorting) actions.push({ type: 'sort', sort: patch.sorting.map(({ id, desc }) => ({ id, desc })) });
  if (patch.columnFilters) {
    const valueFilters: Record<string, string> = {};
    for (const { id, value } of patch.columnFilters) {
      if (typeof value === 'string' && value.trim() !== '') valueFilters[id] = value.trim();
      else if (typeof value === 'number') valueFilters[id] = String(value);
    }
    actions.push({ type: 'valueFilters', valueFilters });
  }
  if (patch.rowSelection) {
    const { rowSelection } = patch;
    const ids = Object.keys(rowSelection).filter((id) => rowSelection[id]);
    actions.push({ type: 'tick', ids: ids.map(Number) });
  }
  return actions;
}

/** The part of a table change that is only how the table looks (kept per form, not in the URL). */
export function tableViewPatch(patch: Partial<RecordTableState>): Partial<TableView> | null {
  const view: Partial<TableView> = {};
  if (patch.columnVisibility) view.columnVisibility = patch.columnVisibility;
  if (patch.columnOrder) view.columnOrder = patch.columnOrder;
  if (patch.showColumnFilters !== undefined) view.showColumnFilters = patch.showColumnFilters;
  return Object.keys(view).length > 0 ? view : null;
}
