import type { FormRecord } from '../../api/records.api';
import { CORE_FORM } from '../../form-screen/test/fixtures';
import type { RecordTableProps, RecordTableState } from '../RecordTable';

// The record table as the tests render it: the core form's columns, the first page of 25, nothing
// sorted, filtered or ticked, and handlers that do nothing unless a test passes its own.

export const TABLE_STATE: RecordTableState = {
  pagination: { pageIndex: 0, pageSize: 25 },
  sorting: [],
  columnVisibility: {},
  columnOrder: [],
  columnFilters: [],
  showColumnFilters: false,
  rowSelection: {},
};

export function tableProps(items: FormRecord[], extra: Partial<RecordTableProps> = {}): RecordTableProps {
  return {
    form: CORE_FORM,
    searchable: new Set(),
    sortable: new Set(['core']),
    showId: true,
    items,
    totalCount: items.length,
    loading: false,
    state: TABLE_STATE,
    onStateChange: () => {},
    selectedId: null,
    onSelect: () => {},
    onStep: () => {},
    navigationDisabled: false,
    ...extra,
  };
}
