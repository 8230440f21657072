// Depth rounding: a fast path for the values that are not near a half, the decimal text for the rest.
import { describe, expect, it } from 'vitest';
import { roundDepth } from '../src/modules/drilling/depth/depth-sql';

/** The reference: PHP's round through the decimal text (no binary error of `x * 100`). */
function byDecimalText(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  if (text.includes('e')) return (sign * Math.round(Math.abs(value) * 10 ** digits)) / 10 ** digits;
  return sign * Number(`${String(Math.round(Number(`${text}e${String(digits)}`)))}e${String(-digits)}`);
}

describe('roundDepth', () => {
  it('rounds halves away from zero as written in decimal', () => {
    expect(roundDepth(4.425)).toBe(4.43);
    expect(roundDepth(1.005)).toBe(1.01);
    expect(roundDepth(-1.005)).toBe(-1.01);
    expect(roundDepth(2.675)).toBe(2.68);
    expect(roundDepth(123.4549)).toBe(123.45);
    expect(roundDepth(0.0001, 3)).toBe(0);
  });

  it('agrees with the decimal-text rounding on depths of every size, halves included', () => {
    // A fixed sequence (no Math.random): cm offsets on metre depths, the sums the depth model makes.
    const disagreements: number[] = [];
    for (let metres = 0; metres < 3000; metres += 17.31) {
      for (let cm = 0; cm < 150; cm += 0.5) {
        const depth = metres + cm / 100;
        for (const value of [depth, -depth, depth + 0.005, depth * 1.0037])
          if (!Object.is(roundDepth(value), byDecimalText(value, 2))) disagreements.push(value);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
