import { describe, expect, it } from 'vitest';
import { IGSN_ERROR_CODES, IgsnError } from './igsn-errors';
import { isIgsnObjectTag, isIgsnPlaceholder } from './igsn-tags';
import { isValidIgsn, normalizeIgsn, validateIgsn } from './igsn-value';

describe('IGSN values', () => {
  it.each([
    ['ICDP5065EC10001', true],
    ['icdp5065ec10001', true],
    ['AW-0001.a_b', true],
    ['A', false],
    ['-AW1', false],
    ['AW 1', false],
    ['10.1/X', false],
    ['A'.repeat(65), false],
  ])('%j valid: %s', (value, expected) => {
    expect(isValidIgsn(value)).toBe(expected);
  });

  it('normalises to trimmed upper case', () => {
    expect(normalizeIgsn(' icdp5065ec10001 ')).toBe('ICDP5065EC10001');
    expect(validateIgsn('aw0001')).toBe('AW0001');
  });

  it('refuses an invalid IGSN with NOT_VALID (23)', () => {
    const run = () => validateIgsn('AW 1');
    expect(run).toThrow(IgsnError);
    expect(run).toThrow(
      `"AW 1" is not a valid IGSN: use 2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit.`,
    );
    expect(IGSN_ERROR_CODES.NOT_VALID).toBe(23);
  });

  it('knows the object tags and what asks for generation', () => {
    expect(['H', 'C', 'S', 'X', 'B', 'W', 'U', 'T', 'Y', 'Z', 'F'].every(isIgsnObjectTag)).toBe(true);
    expect(isIgsnObjectTag('Q')).toBe(false);
    expect(isIgsnObjectTag('c')).toBe(false);
    expect([null, undefined, '', ' ', 'C'].every(isIgsnPlaceholder)).toBe(true);
    expect(isIgsnPlaceholder('AW')).toBe(false);
  });
});
