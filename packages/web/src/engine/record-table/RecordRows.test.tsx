import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormRecord } from '../api/records.api';
import { RecordTable } from './RecordTable';
import { TABLE_STATE, tableProps } from './test/tableProps';

const records = (count: number) =>
  Array.from({ length: count }, (_, index): FormRecord => ({
    id: index + 1,
    core: index + 1,
    comment: `c${String(index + 1)}`,
  }));

const props = tableProps;

const row = (id: number) => document.querySelector<HTMLElement>(`tbody tr[data-record-id="${String(id)}"]`);

// Issue 18 §2: a page's rows are plain rows and cells styled by one stylesheet. Styled MUI cells
// serialised and inserted emotion styles for every cell of every new page (bench:web --trace).
describe('the record table body', () => {
  it('styles its rows and cells by the stylesheet classes, none by a style of its own', () => {
    render(<RecordTable {...props(records(20))} />);
    const cells = document.querySelectorAll('tbody tr[data-record-id] td');
    expect(cells.length).toBeGreaterThan(20 * 3);
    const styledAlone = [...document.querySelectorAll('tbody tr[data-record-id], tbody tr[data-record-id] *')].filter(
      (element) => /(^|\s)css-/.test(element.getAttribute('class') ?? ''),
    );
    expect(styledAlone).toHaveLength(0);
    expect(row(3)?.textContent).toContain('c3');
  });

  it('chooses a record by click, Enter and the arrow keys, past the last row the next page', () => {
    const onSelect = vi.fn();
    const onStep = vi.fn();
    render(<RecordTable {...props(records(3), { onSelect, onStep, selectedId: 2 })} />);
    expect(row(2)?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByText('c1'));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(row(2) as HTMLElement, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(row(2) as HTMLElement, { key: 'ArrowDown' });
    expect(onSelect).toHaveBeenLastCalledWith(3);
    expect(document.activeElement).toBe(row(3));
    fireEvent.keyDown(row(3) as HTMLElement, { key: 'ArrowDown' });
    expect(onStep).toHaveBeenCalledWith('next');
  });

  it('ticks a row with its box without choosing it, and tints the ticked row', () => {
    const onSelect = vi.fn();
    const onStateChange = vi.fn();
    const items = records(3);
    const { rerender } = render(<RecordTable {...props(items, { onSelect, onStateChange })} />);
    const box = row(2)?.querySelector('input[type="checkbox"]') as HTMLInputElement;
    fireEvent.click(box);
    expect(onSelect).not.toHaveBeenCalled();
    expect(onStateChange).toHaveBeenLastCalledWith({ rowSelection: { '2': true } });
    rerender(
      <RecordTable
        {...props(items, { onSelect, onStateChange, state: { ...TABLE_STATE, rowSelection: { '2': true } } })}
      />,
    );
    expect(row(2)?.getAttribute('data-selected')).toBe('true');
    expect((row(2)?.querySelector('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
    expect(row(1)?.getAttribute('data-selected')).toBeNull();
  });
});
