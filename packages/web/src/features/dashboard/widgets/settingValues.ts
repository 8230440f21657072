/** A text setting, '' when absent or not text. */
export const textSetting = (settings: Record<string, unknown>, key: string): string => {
  const value = settings[key];
  return typeof value === 'string' ? value : '';
};

/** A number setting, `fallback` when absent or not a number. */
export const numberSetting = (settings: Record<string, unknown>, key: string, fallback: number): number => {
  const value = Number(settings[key]);
  return settings[key] !== '' && settings[key] !== undefined && Number.isFinite(value) ? value : fallback;
};

/** A list-of-texts setting. */
export const listSetting = (settings: Record<string, unknown>, key: string): string[] => {
  const value = settings[key];
  return Array.isArray(value) ? value.map(String) : [];
};

/** A value as text for an input or a label; objects (never expected here) read as ''. */
export const displayText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
