import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnTemplate } from '@mdis/shared';
import { recomputeCalculated, translateJsCalculate } from './calculatedFields';
import { makeForm, renderPanel } from './test/renderPanel';

describe('calculated fields', () => {
  it('computes a calculate formula from the record', () => {
    const form = makeForm([
      { name: 'top', formInput: { type: 'text' } },
      { name: 'bottom', formInput: { type: 'text' } },
      { name: 'length', formInput: { type: 'text', calculate: '[bottom] - [top]' } },
    ]);
    expect(recomputeCalculated(form, { top: 10, bottom: 12.5 })).toEqual({ top: 10, bottom: 12.5, length: 2.5 });
  });

  it('prefers jsCalculate, reading this.formModel as columns', () => {
    expect(translateJsCalculate("this.formModel['a'] + this.formModel.b")).toBe('[a] + [b]');
    const form = makeForm([
      {
        name: 'label',
        formInput: {
          type: 'text',
          calculate: "'server'",
          jsCalculate: "this.formModel['method'] + ', ' + this.formModel.bit",
        },
      },
    ]);
    expect(recomputeCalculated(form, { method: 'RC', bit: 'HQ' }).label).toBe('RC, HQ');
  });

  it('runs in field order so a formula may use an earlier result', () => {
    const form = makeForm([
      { name: 'a', formInput: { calculate: '[x] * 2' } },
      { name: 'b', formInput: { calculate: '[a] + 1' } },
    ]);
    expect(recomputeCalculated(form, { x: 3 })).toMatchObject({ a: 6, b: 7 });
  });

  it('stores comparisons as 1/0 and gives null for missing inputs', () => {
    const form = makeForm([
      { name: 'deep', formInput: { calculate: '[depth] > 100' } },
      { name: 'sum', formInput: { calculate: '[depth] + [missing]' } },
    ]);
    const result = recomputeCalculated(form, { depth: 150, sum: 3 });
    expect(result).toMatchObject({ deep: 1, sum: null });
  });

  it('returns the same record when nothing changes', () => {
    const form = makeForm([{ name: 'a', formInput: { calculate: '[x] * 2' } }, { name: 'x' }]);
    const record = { x: 2, a: 4 };
    expect(recomputeCalculated(form, record)).toBe(record);
  });

  it('leaves parent paths and unreadable JavaScript to the server', () => {
    const form = makeForm([
      { name: 'site_name', formInput: { calculate: 'hole.site.site' } },
      { name: 'legacy', formInput: { jsCalculate: 'Math.round(this.formModel.a)' } },
    ]);
    const record = { site_name: '1', legacy: 7, a: 2.4 };
    expect(recomputeCalculated(form, record)).toBe(record);
  });
});

describe('calculated model columns while typing (issue 18 §3.10)', () => {
  const column = (name: string, extra: Record<string, unknown>) =>
    ({ name, type: 'double', label: name, ...extra }) as unknown as ColumnTemplate;
  const columns = {
    drillers_top_depth: column('drillers_top_depth', {}),
    drilled_length: column('drilled_length', {}),
    drillers_bottom_depth: column('drillers_bottom_depth', {
      type: 'pseudo',
      pseudoCalc: 'round([drillers_top_depth] + [drilled_length], 2)',
    }),
    core_top_depth: column('core_top_depth', {
      type: 'pseudo',
      pseudoCalc: 'round([drillers_top_depth] - coalesce(hole.drillers_reference_height, 0), 2)',
    }),
  };
  const form = makeForm([
    { name: 'drillers_top_depth', label: 'Top' },
    { name: 'drilled_length', label: 'Drilled Length' },
    { name: 'drillers_bottom_depth', label: 'Bottom', formInput: { type: 'text', disabled: true } },
    { name: 'core_top_depth', label: 'Core Top', formInput: { type: 'text', disabled: true } },
  ]);

  it("shows a pseudo column's depth from what is typed; one reading the parent keeps the server's", async () => {
    renderPanel(
      form,
      { drillers_top_depth: 100, drilled_length: 3, drillers_bottom_depth: 103, core_top_depth: 90 },
      {
        columns,
      },
    );
    const length = screen.getByLabelText<HTMLInputElement>('Drilled Length');
    await userEvent.clear(length);
    await userEvent.type(length, '4.5');
    expect(screen.getByLabelText<HTMLInputElement>('Bottom').value).toBe('104.5');
    expect(screen.getByLabelText<HTMLInputElement>('Core Top').value).toBe('90');
  });

  it('recomputes a copied record (Smart Copy) from its own values', () => {
    const copied = { drillers_top_depth: 103, drilled_length: 3, drillers_bottom_depth: 103 };
    expect(recomputeCalculated(form, copied, columns).drillers_bottom_depth).toBe(106);
  });

  it('with the parent record known, a formula reading it counts too; deeper ancestors stay the server’s', () => {
    const parent = { names: ['parent', 'hole'], record: { id: 7, drillers_reference_height: 10 } };
    const typed = { drillers_top_depth: 104, drilled_length: 3, core_top_depth: 90 };
    expect(recomputeCalculated(form, typed, columns, parent).core_top_depth).toBe(94);
    const deeper = makeForm([{ name: 'site_name', formInput: { calculate: 'hole.site.site' } }]);
    const record = { site_name: '1' };
    expect(recomputeCalculated(deeper, record, undefined, parent)).toBe(record);
  });
});
