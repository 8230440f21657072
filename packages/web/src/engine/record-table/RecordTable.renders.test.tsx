import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { FormRecord } from '../api/records.api';
import { RecordTable, type RecordTableProps } from './RecordTable';
import { TABLE_STATE, tableProps } from './test/tableProps';
import { CORE_FORM } from '../form-screen/test/fixtures';

const NAMES: ReadonlySet<string> = new Set(['core', 'top_depth', 'comment']);

/** Records whose comment counts how often a cell reads it. */
function countedRecords(count: number) {
  const reads = { comment: 0 };
  const items = Array.from({ length: count }, (_, index): FormRecord => {
    const record: FormRecord = { id: index + 1, core: index + 1, top_depth: index * 10 };
    Object.defineProperty(record, 'comment', {
      enumerable: true,
      get: () => {
        reads.comment += 1;
        return `comment ${String(index + 1)}`;
      },
    });
    return record;
  });
  return { items, reads };
}

const props = (items: FormRecord[], extra: Partial<RecordTableProps> = {}) =>
  tableProps(items, { searchable: NAMES, sortable: NAMES, ...extra });

// Issue 18: the rows' cells are the bulk of a table render; a render that changes no record
// (another current row, the progress bar, a later answer) renders none of them again.
describe('the record table rendered again', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders no cell again when another row becomes current or the list starts loading', () => {
    const { items, reads } = countedRecords(10);
    const { rerender } = render(<RecordTable {...props(items)} />);
    expect(screen.getByText('comment 3')).toBeDefined();
    reads.comment = 0;
    rerender(<RecordTable {...props(items, { selectedId: 3 })} />);
    rerender(<RecordTable {...props(items, { selectedId: 3, loading: true })} />);
    expect(document.querySelector('tr[aria-current="true"]')?.getAttribute('data-record-id')).toBe('3');
    expect(reads.comment).toBe(0);
  });

  it('renders no header content again when another row becomes current or the list starts loading', () => {
    // the unsorted columns' sort icon is a new component in each render of the table's own content:
    // the same element still in place shows the content was not rendered again
    const { items } = countedRecords(10);
    const { rerender } = render(<RecordTable {...props(items)} />);
    const icon = () =>
      screen.getByRole('columnheader', { name: /Comment/ }).querySelector('svg.MuiTableSortLabel-icon');
    const before = icon();
    expect(before).not.toBeNull();
    rerender(<RecordTable {...props(items, { selectedId: 3 })} />);
    rerender(<RecordTable {...props(items, { selectedId: 3, loading: true })} />);
    expect(icon()).toBe(before);
  });

  it('shows a new sort in the header', () => {
    const { items } = countedRecords(3);
    const { rerender } = render(<RecordTable {...props(items)} />);
    const comment = () => screen.getByRole('columnheader', { name: /Comment/ });
    expect(comment().getAttribute('aria-sort')).toBe('none');
    const sorted = { ...TABLE_STATE, sorting: [{ id: 'comment', desc: true }] };
    rerender(<RecordTable {...props(items, { state: sorted })} />);
    expect(comment().getAttribute('aria-sort')).toBe('descending');
    expect(within(comment()).getByRole('button', { name: /Sorted by Comment descending/ })).toBeDefined();
  });

  it('renders no cell again when the filterable and sortable columns become known while no column filters', () => {
    const { items, reads } = countedRecords(10);
    const { rerender } = render(<RecordTable {...props(items, { searchable: new Set(), sortable: undefined })} />);
    expect(screen.getByText('comment 3')).toBeDefined();
    reads.comment = 0;
    // the model template's answer: the filterable columns (shown only in the filter-by-value row)
    rerender(<RecordTable {...props(items, { searchable: new Set(NAMES), sortable: undefined })} />);
    // app/forms: the sortable columns; then the same names again in a new set
    rerender(<RecordTable {...props(items, { searchable: new Set(NAMES), sortable: new Set(['core']) })} />);
    reads.comment = 0;
    rerender(<RecordTable {...props(items, { searchable: new Set(NAMES), sortable: new Set(['core']) })} />);
    expect(reads.comment).toBe(0);
  });

  it('shows a filter input only in the columns that filter, once the filter-by-value row is shown', () => {
    const { items } = countedRecords(2);
    const shown = { ...TABLE_STATE, showColumnFilters: true };
    const { rerender } = render(
      <RecordTable {...props(items, { searchable: new Set(), state: shown, showId: false })} />,
    );
    expect(screen.queryAllByPlaceholderText(/filter by/i)).toHaveLength(0);
    rerender(<RecordTable {...props(items, { searchable: new Set(['comment']), state: shown, showId: false })} />);
    expect(screen.getAllByPlaceholderText(/filter by/i)).toHaveLength(1);
  });

  it('shows the rows and columns in view of a virtualised page rendered once (nothing renders it again)', () => {
    // happy-dom lays nothing out: every element gets the size of a 600 px high table
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 600));
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(600);
    const { items } = countedRecords(200);
    const big = { ...TABLE_STATE, pagination: { pageIndex: 0, pageSize: 200 } };
    render(<RecordTable {...props(items, { virtual: true, state: big })} />);
    // (every column measures 1000 px here: the first ones are in view)
    expect(screen.getByRole('columnheader', { name: /Core/ })).toBeDefined();
    expect(document.querySelectorAll('tr[data-record-id="1"] td').length).toBeGreaterThan(1);
  });

  it('reads the layout of no header cell when a sort brings new rows to a virtualised page', () => {
    // in the browser each read after React's writes is a forced layout of the page
    const reads = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(new DOMRect(0, 0, 1000, 600));
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(600);
    const big = { ...TABLE_STATE, pagination: { pageIndex: 0, pageSize: 200 } };
    const { rerender } = render(<RecordTable {...props(countedRecords(200).items, { virtual: true, state: big })} />);
    const headerReads = () => reads.mock.contexts.filter((element) => element instanceof HTMLTableCellElement).length;
    const before = headerReads();
    const sorted = { ...big, sorting: [{ id: 'core', desc: true }] };
    rerender(<RecordTable {...props(countedRecords(200).items.reverse(), { virtual: true, state: sorted })} />);
    expect(document.querySelector('tr[data-record-id="200"]')).not.toBeNull();
    expect(headerReads() - before).toBe(0);
  });

  it('renders the rows and columns in view of a virtualised page and few more (each costs its cells on every new page)', () => {
    // happy-dom lays nothing out: the table is 1000 px wide and 600 px high, as is every row (one in view)
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 600));
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(600);
    const [first] = CORE_FORM.fields;
    // 30 columns of 180 px (the table's default): the select column and five or six in view
    const fields = Array.from({ length: 30 }, (_, i) => ({ ...first, name: `f${String(i)}`, label: `F${String(i)}` }));
    const wide = { ...CORE_FORM, fields };
    const big = { ...TABLE_STATE, pagination: { pageIndex: 0, pageSize: 200 } };
    render(
      <RecordTable {...props(countedRecords(200).items, { form: wide, showId: false, virtual: true, state: big })} />,
    );
    // the row in view and two past it (it was five)
    expect(document.querySelectorAll('tr[data-record-id]')).toHaveLength(3);
    // the header cells in view and one past them (it was three)
    expect(document.querySelectorAll('thead th')).toHaveLength(9);
    expect(document.querySelectorAll('tr[data-record-id="1"] td')).toHaveLength(9);
  });
});
