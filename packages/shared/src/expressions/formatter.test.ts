import { describe, expect, it } from 'vitest';
import { parseExpression } from './expression-parser';
import { FORMATTER_ERROR, formatValue } from './formatter';

describe('formatValue', () => {
  it.each([
    ["round(value, 1) + ' m'", 12.345, '12.3 m'],
    ['value * 100', 0.5, '50'],
    ["value ? 'yes' : 'no'", 1, 'yes'],
    ["value ? 'yes' : 'no'", 0, 'no'],
    ["[core] + '/' + value", 3, 'C1/3'],
    ['value', null, ''],
    ['value > 1', 2, 'true'],
    ['value / 0', 2, ''],
    ['upper(value)', 'abc', 'ABC'],
  ])('%s with %j → %j', (formatter, value, text) => {
    expect(formatValue(formatter, value, { core: 'C1' })).toBe(text);
  });

  it.each(['round(', 'nope(1)', '[constructor]', '', 'value +'])('%j → the formatter error', (formatter) => {
    expect(formatValue(formatter, 1, {})).toBe(FORMATTER_ERROR);
    expect(FORMATTER_ERROR).toBe('ERROR in formatter');
  });

  it('accepts a parsed formatter', () => {
    expect(formatValue(parseExpression('value + 1'), 1, {})).toBe('2');
  });
});
