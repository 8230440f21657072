import { describe, expect, it } from 'vitest';
import { parseColumnValidator } from './column-validator';

describe('parseColumnValidator', () => {
  it.each([
    ['>0', 1, true],
    ['>0', 0, false],
    ['>0', -0.1, false],
    ['>=0', 0, true],
    ['>=0', -1, false],
    ['<100', 99.9, true],
    ['<100', 100, false],
    ['<=100', 100, true],
    ['<=100', 100.5, false],
    ['!=0', 0, false],
    ['!=0', 2, true],
    ['==1', 1, true],
    ['=1', 2, false],
    ['>= -90 & <= 90', -90, true],
    ['>=-90&<=90', 90.1, false],
    ['>0', '5', true],
    ['>0', '-5', false],
    ['>0', 'abc', false],
    ['>0', true, true],
    ['>0', null, true],
    ['>0', undefined, true],
    ['>0', '', true],
  ])('%s on %j → %s', (src, value, valid) => {
    expect(parseColumnValidator(src).test(value)).toBe(valid);
  });

  it.each([
    ['>0', -1, 'Depth must be greater than "0".'],
    ['>=0', -1, 'Depth must be greater than or equal to "0".'],
    ['<100', 100, 'Depth must be less than "100".'],
    ['<=100', 101, 'Depth must be less than or equal to "100".'],
    ['==1', 2, 'Depth must be equal to "1".'],
    ['!=0', 0, 'Depth must not be equal to "0".'],
    ['>=-90&<=90', 91, 'Depth must be less than or equal to "90".'],
    ['>=-90&<=90', -91, 'Depth must be greater than or equal to "-90".'],
    ['>=-90&<=90', undefined, 'Depth must be greater than or equal to "-90".'],
  ])('%s on %j says %s', (src, value, message) => {
    expect(parseColumnValidator(src).message('Depth', value)).toBe(message);
  });

  it('uses the template validatorMessage when given', () => {
    const validator = parseColumnValidator('>0', '{label} has to be positive');
    expect(validator.message('Length', -1)).toBe('Length has to be positive');
    expect(parseColumnValidator('>0', '').message('Length', -1)).toBe('Length must be greater than "0".');
  });

  it.each(['', '0', 'abc', '>', '>x', '>0&', '=>0', '>0|<5'])('refuses %j with a 400', (src) => {
    expect(() => parseColumnValidator(src)).toThrow(`Invalid validator "${src}"`);
  });
});
