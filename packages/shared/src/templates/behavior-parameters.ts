/**
 * A behavior's parameters as a model template lists them, read the same way by the server's
 * behaviors and by the browser offline (old templates give lists as comma-separated text).
 */

type Parameters = Readonly<Record<string, unknown>>;

/** A text parameter (column names and model names), '' when missing. */
export function textParameter(parameters: Parameters, name: string): string {
  const value = parameters[name];
  return typeof value === 'string' ? value : '';
}

/** A list parameter given as an array or as one comma-separated string (old templates). */
export function listParameter(parameters: Parameters, name: string): string[] {
  const value = parameters[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

export function numberParameter(parameters: Parameters, name: string): number | undefined {
  const value = parameters[name];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

export function booleanParameter(parameters: Parameters, name: string): boolean {
  const value = parameters[name];
  return value === true || value === 1 || value === '1' || value === 'true';
}
