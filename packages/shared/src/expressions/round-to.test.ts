import { describe, expect, it } from 'vitest';
import { roundTo, roundToByText as roundToReference } from './expression-values';

// roundTo has a fast arithmetic path beside its definition on the decimal text. Its results must be
// the definition's bit for bit (sign of zero included): SQL sorts and filters on mdis_round and the
// API shows roundTo, so any difference would show as a record in the wrong place of a list.

/** A seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values like an import's: short decimals, sums of them (binary noise), halves, any magnitude, raw bits. */
function* values(next: () => number, count: number): Generator<number> {
  const integer = (max: number) => Math.floor(next() * max);
  for (let i = 0; i < count; i++) {
    const decimals = integer(8);
    const short = integer(10 ** integer(10)) / 10 ** decimals;
    const kind = i % 6;
    const magnitude = 10 ** (integer(40) - 20);
    const sign = next() < 0.5 ? -1 : 1;
    if (kind === 0) yield sign * short;
    else if (kind === 1) yield sign * (short + integer(100_000) / 1000);
    else if (kind === 2) yield (sign * (integer(10 ** integer(9)) + 0.5)) / 10 ** integer(9);
    else if (kind === 3) yield sign * next() * magnitude;
    else if (kind === 4) yield sign * (short * 3 - short * 0.7) * magnitude;
    else {
      const bits = new DataView(new ArrayBuffer(8));
      bits.setUint32(0, integer(2 ** 32));
      bits.setUint32(4, integer(2 ** 32));
      yield bits.getFloat64(0);
    }
  }
}

/** The cases where roundTo differs from the definition (as text, for the failure message). */
function differences(cases: Iterable<number>): string[] {
  const found: string[] = [];
  for (const value of cases)
    for (let digits = 0; digits <= 15; digits++) {
      const got = roundTo(value, digits);
      const wanted = roundToReference(value, digits);
      if (!Object.is(got, wanted) && found.length < 10)
        found.push(`roundTo(${String(value)}, ${String(digits)}) = ${String(got)}, wanted ${String(wanted)}`);
    }
  return found;
}

describe('roundTo', () => {
  it('gives the same results as rounding the decimal text, for every digit count', () => {
    expect(differences(values(random(20), 60_000))).toEqual([]);
  });

  it('gives the same results at the edges: zeros, halves, the binary-error cases, huge, tiny and non-finite values', () => {
    const edges = [
      0,
      -0,
      0.5,
      -0.5,
      1.5,
      2.5,
      -2.5,
      1.005,
      2.345,
      37.025,
      -37.025,
      1.23456789e-7,
      0.1 + 0.2,
      1e-7,
      5e-324,
      1e12,
      1e15,
      1e20,
      1e21,
      9007199254740991,
      -9007199254740992,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      NaN,
      Infinity,
      -Infinity,
      4.35,
      4.345,
      1234.5675,
      0.045,
      8.575,
      1.0049999999999999,
    ];
    expect(differences(edges)).toEqual([]);
  });

  it('rounds half away from zero on the decimal text, not on the binary value', () => {
    expect(roundTo(37.025, 2)).toBe(37.03);
    expect(roundTo(-37.025, 2)).toBe(-37.03);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(12.3400000000001, 2)).toBe(12.34);
  });

  it('keeps values too large to have decimals, whose shifted integer prints in e-notation', () => {
    expect(roundTo(1e20, 2)).toBe(1e20);
    expect(roundTo(-123456789012345680000, 3)).toBe(-123456789012345680000);
    expect(roundTo(12345678.9, 15)).toBe(12345678.9);
  });
});
