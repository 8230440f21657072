import type { ExpressionValue } from './expression-ast';

/**
 * The expression value of anything a record holds. Only numbers, strings, booleans and null
 * enter an evaluation: arrays (multi-value strings) are joined with ';', dates become ISO text,
 * and every other object or function becomes null, so no JavaScript object is ever reachable.
 */
export function toExpressionValue(value: unknown): ExpressionValue {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'object':
      if (Array.isArray(value)) return value.map((item) => toText(toExpressionValue(item))).join(';');
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      return null;
    default:
      return null;
  }
}

/** A number, or null for null, non-numeric text and non-finite results. */
export function toNumber(value: ExpressionValue): number | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : null;
}

/** Text of a value; null is ''. */
export function toText(value: ExpressionValue): string {
  return value === null ? '' : String(value);
}

export function isTruthy(value: ExpressionValue): boolean {
  if (value === null) return false;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return value !== 0;
  return value;
}

/** A finite number or null. */
export function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** 10^n for the digits roundTo takes (each an exact double). */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, n) => 10 ** n);
/** Below this, `|x| * 10^n` is off from the shifted shortest decimal by under 4e-4 (3 roundings of 2^-53 each). */
const FAST_SCALED_LIMIT = 1e12;
/** How far from a half the scaled value must be for both ways to round it to the same integer. */
const FAST_HALF_MARGIN = 0.499;

/**
 * Rounds half away from zero to `digits` decimals, without the binary error of `x * 10^n`: the
 * shortest decimal text of x is shifted by n. Called per row by SQL (mdis_round, 4 times per sample
 * of an import), so the common case skips the text: when `|x| * 10^n` is small and not near a half
 * it rounds to the same integer as the shifted text, and that integer / 10^n (one correctly rounded
 * division) is the double that `${integer}e-n` parses to. Same results as roundToByText throughout.
 */
export function roundTo(value: number, digits: number): number {
  const scale = POWERS_OF_TEN[digits];
  if (scale !== undefined) {
    const abs = Math.abs(value);
    const scaled = abs * scale;
    if (scaled < FAST_SCALED_LIMIT) {
      const rounded = Math.round(scaled);
      const off = scaled - rounded;
      if (off < FAST_HALF_MARGIN && off > -FAST_HALF_MARGIN) return (value < 0 ? -1 : 1) * (rounded / scale);
    }
  }
  return roundToByText(value, digits);
}

/** roundTo's definition: half away from zero on the shortest decimal text of x, shifted by n (exported for its test). */
export function roundToByText(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  const text = String(abs);
  if (text.includes('e')) return (sign * Math.round(abs * 10 ** digits)) / 10 ** digits;
  const shifted = Math.round(Number(`${text}e${digits}`));
  // From 1e21 up the integer prints in e-notation (`1e+22e-2` is no number); a text of at most 17
  // significant digits shifted that far has no decimals left to round, so x is its own result.
  if (shifted >= 1e21) return value;
  return sign * Number(`${shifted}e${-digits}`);
}
