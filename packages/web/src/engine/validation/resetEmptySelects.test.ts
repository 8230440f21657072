import { describe, expect, it } from 'vitest';
import { makeForm } from '../fields/test/renderPanel';
import { resetEmptySelects } from './resetEmptySelects';

const form = makeForm([
  { name: 'core_type', formInput: { type: 'select', selectSource: { type: 'list', listName: 'CORE_TYPE' } } },
  { name: 'bit_size', formInput: { type: 'select', multiple: true } },
  { name: 'comment' },
]);

describe('resetEmptySelects', () => {
  it('sends empty selects as null and leaves other fields alone', () => {
    expect(resetEmptySelects(form, { core_type: '', bit_size: ['HQ'], comment: '' })).toEqual({
      core_type: null,
      bit_size: ['HQ'],
      comment: '',
    });
  });

  it('returns the same record when no select is empty', () => {
    const record = { core_type: 'H', comment: '' };
    expect(resetEmptySelects(form, record)).toBe(record);
  });
});
