import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../src/modules/template-manager/generator/line-diff';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${String(i + 1)}`);
const text = (list: string[]) => `${list.join('\n')}\n`;

describe('unified diff of the code generator', () => {
  it('shows a change with 3 lines of context under file headers', () => {
    const before = lines(10);
    const after = before.map((l) => (l === 'line 5' ? 'line five' : l));
    expect(unifiedDiff('models/X.ts', text(before), text(after))).toBe(
      [
        '--- models/X.ts\t(stored)',
        '+++ models/X.ts\t(generated)',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('splits changes far apart into hunks and joins near ones', () => {
    const before = lines(30);
    const far = before.map((l) => (l === 'line 2' || l === 'line 25' ? `${l}!` : l));
    const hunks = (diff: string) => diff.split('\n').filter((l) => l.startsWith('@@'));
    expect(hunks(unifiedDiff('f', text(before), text(far)))).toEqual(['@@ -1,5 +1,5 @@', '@@ -22,7 +22,7 @@']);
    const near = before.map((l) => (l === 'line 10' || l === 'line 16' ? `${l}!` : l));
    expect(hunks(unifiedDiff('f', text(before), text(near)))).toEqual(['@@ -7,13 +7,13 @@']);
  });

  it('writes a new file as all added and an emptied one as all removed', () => {
    expect(unifiedDiff('f', '', 'a\nb\n').split('\n').slice(2)).toEqual(['@@ -0,0 +1,2 @@', '+a', '+b', '']);
    expect(unifiedDiff('f', 'a\n', '').split('\n').slice(2)).toEqual(['@@ -1,1 +0,0 @@', '-a', '']);
  });
});
