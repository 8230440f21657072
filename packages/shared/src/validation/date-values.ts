// Which date, time and datetime values are valid (spec 1 §5): the web's inputs and the server's
// validation use the same rules. Datetimes are stored in UTC in the database format.

export const INVALID_DATE = 'Invalid Date';

const STORED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** A stored datetime: the database format (UTC) or ISO 8601 with a zone; null when it names no instant. */
export function parseStoredDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = STORED.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = match;
  const offset = zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a date value names a real day: yyyy-MM-dd, or a stored timestamp of that day (how a
 * client may send back a date column it read). Anything else after the day ('2024-01-01abc') is
 * refused, by the form and by the server alike.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DAY.exec(value.slice(0, 10));
  if (!match) return false;
  if (value.length > 10 && parseStoredDateTime(value) === null) return false;
  const [, y = '', m = '', d = ''] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** HH:mm or HH:mm:ss of a 24-hour day. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}
