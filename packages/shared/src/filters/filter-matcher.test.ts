import { describe, expect, it } from 'vitest';
import { FILTER_FIXTURE_LISTS, FILTER_FIXTURES } from './filter-fixtures';
import { matchesFilter } from './filter-matcher';
import { parseFilterExpression } from './filter-parser';

describe('FILTER_FIXTURES', () => {
  it('cover every operator on every kind', () => {
    expect(FILTER_FIXTURES.length).toBeGreaterThanOrEqual(60);
    const seen = new Set(
      FILTER_FIXTURES.map(
        (f) => `${f.kind}:${parseFilterExpression('c', f.expr, f.kind, f.listName ? { listName: f.listName } : {}).op}`,
      ),
    );
    for (const kind of ['number', 'text', 'date', 'list']) {
      for (const op of ['eq-exact', 'neq-exact', 'lt', 'lte', 'gt', 'gte', 'is-null', 'not-null']) {
        if (kind === 'list' && ['lte', 'gte'].includes(op)) continue;
        expect(seen, `${kind}:${op}`).toContain(`${kind}:${op}`);
      }
    }
    for (const kind of ['text', 'date', 'list']) {
      expect(seen).toContain(`${kind}:match`);
      expect(seen).toContain(`${kind}:not-match`);
    }
    for (const op of ['eq-exact', 'neq-exact', 'is-null', 'not-null']) expect(seen).toContain(`boolean:${op}`);
  });
});

describe('matchesFilter', () => {
  it.each(FILTER_FIXTURES.map((f) => [f.kind, f.type, f.expr, f.value, f.matches, f.listName] as const))(
    '%s (%s) %s on %j → %s',
    (kind, _type, expr, value, matches, listName) => {
      const node = parseFilterExpression('c', expr, kind, listName ? { listName } : {});
      expect(matchesFilter({ c: value }, [node], { lists: FILTER_FIXTURE_LISTS })).toBe(matches);
    },
  );

  it('AND-s the nodes and passes an empty list', () => {
    const nodes = [parseFilterExpression('d', '>1', 'number'), parseFilterExpression('d', '<5', 'number')];
    expect(matchesFilter({ d: 3 }, nodes)).toBe(true);
    expect(matchesFilter({ d: 6 }, nodes)).toBe(false);
    expect(matchesFilter({ d: 6 }, [])).toBe(true);
  });

  it('reads a missing column as null and never an inherited property', () => {
    expect(matchesFilter({}, [parseFilterExpression('d', '==NULL', 'number')])).toBe(true);
    expect(matchesFilter({}, [parseFilterExpression('constructor', '==NULL', 'text')])).toBe(true);
    expect(matchesFilter({}, [parseFilterExpression('toString', 'function', 'text')])).toBe(false);
  });

  it('reads booleans, numeric strings and numbers the way a row holds them', () => {
    expect(matchesFilter({ b: true }, [parseFilterExpression('b', 'yes', 'boolean')])).toBe(true);
    expect(matchesFilter({ b: false }, [parseFilterExpression('b', 'no', 'boolean')])).toBe(true);
    expect(matchesFilter({ n: '12.5' }, [parseFilterExpression('n', '>12', 'number')])).toBe(true);
    expect(matchesFilter({ n: 'abc' }, [parseFilterExpression('n', '!=1', 'number')])).toBe(false);
    expect(matchesFilter({ t: 1234 }, [parseFilterExpression('t', '^12', 'text')])).toBe(true);
    expect(matchesFilter({ t: { a: 1 } }, [parseFilterExpression('t', '==NULL', 'text')])).toBe(true);
  });

  it('matches list texts only when the list is in the context', () => {
    const node = parseFilterExpression('t', 'Rotary', 'list', { listName: 'CORE_TYPE' });
    expect(matchesFilter({ t: 'R' }, [node])).toBe(false);
    expect(matchesFilter({ t: 'R' }, [node], { lists: FILTER_FIXTURE_LISTS })).toBe(true);
    expect(matchesFilter({ t: 'R' }, [node], { lists: {} })).toBe(false);
  });
});
