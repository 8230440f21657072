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

/** Rounds half away from zero to `digits` decimals, without the binary error of `x * 10^n`. */
export function roundTo(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  const text = String(abs);
  if (text.includes('e')) return (sign * Math.round(abs * 10 ** digits)) / 10 ** digits;
  const shifted = Math.round(Number(`${text}e${digits}`));
  return sign * Number(`${shifted}e${-digits}`);
}
