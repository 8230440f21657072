/** `*_id` keys accept a scalar id or an object `{id}` (the original's load()): the id counts. */
export function unwrapId(key: string, value: unknown): unknown {
  if (!key.endsWith('_id') || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return (value as { id?: unknown }).id ?? null;
}

/** Empty for `required`: 0 and false are values (spec 1 §5). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A finite number, or a non-blank text that reads as one ("1.5", " 2 "). */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** The text a value stands for: multi-values joined by ';' as the server stores them. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(valueText).join(';');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
