import { describe, expect, it } from 'vitest';
import { IGSN_CONFIG_DEFAULTS, igsnSettings } from './igsn-config';
import { IGSN_ERROR_CODES, IgsnError } from './igsn-errors';
import { generateIgsn, igsnGenerator, igsnNumber } from './igsn-methods';

const classic = igsnSettings({});

function failure(run: () => unknown): IgsnError {
  try {
    run();
  } catch (error) {
    if (error instanceof IgsnError) return error;
    throw error;
  }
  throw new Error('expected an IgsnError');
}

describe('igsnNumber', () => {
  it.each([
    [1, '10001'],
    [2, '20001'],
    [35, 'Z0001'],
    [36, '01001'],
    [37, '11001'],
    [36 ** 5 - 36 ** 4 - 1, 'ZZZZZ'],
    [36 ** 5 - 36 ** 4, '000001'],
  ])('id %i → %s', (id, expected) => {
    expect(igsnNumber(id)).toBe(expected);
  });

  it.each([0, -1, 1.5])('should not number id %s', (id) => {
    expect(failure(() => igsnNumber(id)).reason).toBe('ALGORITHM_ERROR');
  });
});

describe('ICDP_classic', () => {
  it.each([
    [{ tag: 'C', id: 1, program: 'ICDP', expedition: '5065' }, 'ICDP5065EC10001'],
    [{ tag: 'S', id: 1, program: 'ICDP', expedition: '5065' }, 'ICDP5065ES10001'],
    [{ tag: 'H', id: 1, program: 'ICDP', expedition: '5065' }, 'ICDP5065EH10001'],
    [{ tag: 'X', id: 37, program: 'icdp', expedition: '5065' }, 'ICDP5065EX11001'],
    [{ tag: 'C', id: 2, program: 'GFZ', expedition: '42' }, 'GFZ00042EC20001'],
    [{ tag: 'C', id: 1 }, 'ICDP5063EC10001'],
  ])('%j → %s', (parts, expected) => {
    expect(generateIgsn(classic, parts)).toBe(expected);
  });

  it('stays within 16 characters, or fails with ALGORITHM_ERROR', () => {
    expect(generateIgsn(classic, { tag: 'C', id: 36 ** 5, program: 'ICDP', expedition: '5065' })).toHaveLength(16);
    const error = failure(() => generateIgsn(classic, { tag: 'C', id: 1, program: 'LONGNAME', expedition: '5065' }));
    expect(error.reason).toBe('ALGORITHM_ERROR');
    expect(error.code).toBe(22);
    expect(error.message).toBe('The IGSN could not be generated: LONGNAME5065EC10001 is longer than 16 characters.');
  });

  it('should not use a program acronym with spaces or symbols', () => {
    expect(failure(() => generateIgsn(classic, { tag: 'C', id: 1, program: 'IC DP' })).message).toBe(
      'The IGSN could not be generated: the program acronym "IC DP" is not alphanumeric.',
    );
  });
});

describe('ICDP_2021', () => {
  const settings = igsnSettings({ 'igsn.method': 'ICDP_2021' });

  it('adds site (2) and hole (1) and does not pad the program', () => {
    expect(generateIgsn(settings, { tag: 'C', id: 1, program: 'GFZ', expedition: '5065', site: '1', hole: 'A' })).toBe(
      'GFZ5065E01AC10001',
    );
  });

  it('takes E or R as repository letter only', () => {
    const r = igsnSettings({ 'igsn.method': 'ICDP_2021', 'igsn.repository': 'r' });
    expect(generateIgsn(r, { tag: 'H', id: 2, program: 'ICDP', expedition: '5065', site: '12', hole: 'B' })).toBe(
      'ICDP5065R12BH20001',
    );
    const bad = igsnSettings({ 'igsn.method': 'ICDP_2021', 'igsn.repository': 'Q' });
    expect(failure(() => generateIgsn(bad, { tag: 'H', id: 2 })).reason).toBe('ALGORITHM_ERROR');
  });
});

describe('fixed_prefix', () => {
  const settings = igsnSettings({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'aw', 'igsn.variable-part-length': 4 });

  it('continues after the last issued IGSN with the prefix', () => {
    expect(generateIgsn(settings, { tag: 'C', id: 9 })).toBe('AW0001');
    expect(generateIgsn(settings, { tag: 'C', id: 9, lastIssued: 'AW0041' })).toBe('AW0042');
  });

  it('fails when the sequence is used up, without a prefix, or without the registry', () => {
    expect(failure(() => generateIgsn(settings, { tag: 'C', id: 9, lastIssued: 'AW9999' })).reason).toBe(
      'ALGORITHM_ERROR',
    );
    expect(
      failure(() => generateIgsn(igsnSettings({ 'igsn.method': 'fixed_prefix' }), { tag: 'C', id: 1 })).reason,
    ).toBe('ALGORITHM_ERROR');
    const unsaved = igsnSettings({
      'igsn.method': 'fixed_prefix',
      'igsn.prefix': 'AW',
      'igsn.save-to-database': false,
    });
    const error = failure(() => generateIgsn(unsaved, { tag: 'C', id: 1 }));
    expect([error.reason, error.code]).toEqual(['SAVE_DISABLED', IGSN_ERROR_CODES.SAVE_DISABLED]);
  });
});

describe('igsnGenerator', () => {
  const outcome = (run: () => string) => {
    try {
      return run();
    } catch (error) {
      return error instanceof IgsnError ? `${error.reason}: ${error.message}` : error;
    }
  };
  const methods = [
    classic,
    igsnSettings({ 'igsn.method': 'ICDP_2021' }),
    igsnSettings({ 'igsn.method': 'ICDP_2021', 'igsn.repository': 'Q' }),
    igsnSettings({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'AW', 'igsn.variable-part-length': 4 }),
  ];
  const partsList = [
    { tag: 'C', program: 'ICDP', expedition: '5065', site: '1', hole: 'A' },
    { tag: 'S', program: 'gfz', expedition: '42' },
    { tag: 'C', program: 'LONGNAME', expedition: '5065' },
    { tag: 'C', program: 'IC DP' },
    { tag: 'c' },
  ];
  const ids = [1, 37, 36 ** 5, 0, 1.5];

  it('gives for each record what generateIgsn gives, errors included', () => {
    for (const settings of methods)
      for (const parts of partsList) {
        const generate = igsnGenerator(settings, parts);
        for (const id of ids)
          for (const lastIssued of [undefined, 'AW0041', 'AW9999'])
            expect(outcome(() => generate(id, lastIssued))).toEqual(
              outcome(() => generateIgsn(settings, { ...parts, id, lastIssued })),
            );
      }
  });
});

describe('igsnSettings', () => {
  it('defaults to ICDP_classic with program ICDP, expedition 5063 and repository E', () => {
    expect(classic).toMatchObject({ method: 'ICDP_classic', program: 'ICDP', expedition: '5063', repository: 'E' });
    expect(IGSN_CONFIG_DEFAULTS['igsn.method']).toBe('ICDP_classic');
  });

  it('refuses an unknown method', () => {
    expect(failure(() => igsnSettings({ 'igsn.method': 'random' })).message).toBe(
      'The IGSN could not be generated: unknown method "random" (igsn.method: ICDP_classic, ICDP_2021, fixed_prefix).',
    );
  });
});
