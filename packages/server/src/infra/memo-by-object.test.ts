import { describe, expect, it } from 'vitest';
import { memoByObject } from './memo-by-object';

describe('memoByObject', () => {
  it('computes once per key object, with the arguments of the first call', () => {
    const calls: string[] = [];
    const describeOf = memoByObject((model: { name: string }, dialect: string) => {
      calls.push(`${model.name}/${dialect}`);
      return { label: `${model.name} on ${dialect}` };
    });
    const core = { name: 'core' };
    const first = describeOf(core, 'sqlite');
    expect(describeOf(core, 'sqlite')).toBe(first);
    expect(describeOf({ name: 'core' }, 'sqlite')).not.toBe(first);
    expect(calls).toEqual(['core/sqlite', 'core/sqlite']);
  });
});
