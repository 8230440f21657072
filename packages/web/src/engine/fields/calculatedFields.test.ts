import { describe, expect, it } from 'vitest';
import { recomputeCalculated, translateJsCalculate } from './calculatedFields';
import { makeForm } from './test/renderPanel';

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
