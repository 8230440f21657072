import { describe, expect, it } from 'vitest';
import type { FormField } from '@mdis/shared';
import { formatDateTime } from '../fields/dateTimeFormat';
import { ID_COLUMN_HEADER, cellText, tableColumns } from './tableColumns';

function field(name: string, type: string, extra: Partial<FormField> = {}): FormField {
  return { name, label: name, validators: [], formInput: { type }, ...extra } as FormField;
}

describe('table cells', () => {
  it('shows a datetime as Y-m-d H:i in local time, like the record panel', () => {
    const stored = '2024-05-03T07:00:00Z';
    expect(cellText(field('core_ondeck', 'datetime'), { core_ondeck: stored })).toBe(formatDateTime(new Date(stored)));
    expect(cellText(field('core_ondeck', 'datetime'), { core_ondeck: stored })).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
  });

  it('joins multi-values, shows null as empty and numbers as they are', () => {
    expect(cellText(field('scientists', 'select'), { scientists: ['AM', 'BK'] })).toBe('AM, BK');
    expect(cellText(field('comment', 'text'), { comment: null })).toBe('');
    expect(cellText(field('core', 'text'), { core: 7 })).toBe('7');
  });

  it("puts '# id' first, for administrators and developers only", () => {
    const form = { name: 'core', fields: [field('core', 'text')] } as Parameters<typeof tableColumns>[0]['form'];
    const forAdmin = tableColumns({ form, searchable: new Set(['core']), showId: true });
    expect(forAdmin.map((c) => c.header)).toEqual([ID_COLUMN_HEADER, 'core']);
    const forViewer = tableColumns({ form, searchable: new Set(), showId: false });
    expect(forViewer[0]?.visibleInShowHideMenu).toBe(false);
    expect(forViewer[1]?.enableColumnFilter).toBe(false);
  });
});
