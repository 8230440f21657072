// Date and time rules of spec 1 §5: datetimes are stored in UTC in a database format
// (yyyy-MM-dd HH:mm:ss) and shown in local 24-hour time as Y-m-d H:i.

// Which stored dates, times and datetimes are valid is shared with the server's validation.
import { parseStoredDateTime, valueText } from '@mdis/shared';
export { INVALID_DATE, isIsoDate, isTimeOfDay, parseStoredDateTime } from '@mdis/shared';
export const DATETIME_PLACEHOLDER = 'yyyy-MM-dd HH:mm';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NUMERIC_SEGMENT_LENGTHS = [4, 2, 2, 2, 2];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// A local time that exists: no February 30th, no hour 24.
function localDate({ year, month, day, hour, minute }: Parts): Date | null {
  const date = new Date(year, month - 1, day, hour, minute);
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  return same ? date : null;
}

function numericParts(text: string): Parts | null {
  if (!/^\d/.test(text) || !/\d$/.test(text)) return null;
  const segments = text.split(/\D+/);
  const lengthsMatch =
    segments.length === NUMERIC_SEGMENT_LENGTHS.length &&
    segments.every((segment, i) => segment.length === NUMERIC_SEGMENT_LENGTHS[i]);
  if (!lengthsMatch) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = segments.map(Number);
  return { year, month, day, hour, minute };
}

// '05 Mar 2024 14:30', '5-mar-2024 14:30', '2024-Mar-05 14:30', 'Mar 5, 2024 14:30'
function monthNameParts(text: string): Parts | null {
  const tokens = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const words = tokens.filter((t) => /[A-Za-z]/.test(t));
  const numbers = tokens.filter((t) => /^\d+$/.test(t));
  const [word = ''] = words;
  if (words.length !== 1 || numbers.length !== 4) return null;
  const month = MONTHS.indexOf(word.toLowerCase()) + 1;
  const [first = '', second = '', hour = '', minute = ''] = numbers;
  const yearFirst = first.length === 4;
  const year = yearFirst ? first : second;
  const day = yearFirst ? second : first;
  if (month === 0 || year.length !== 4 || day.length > 2 || hour.length > 2 || minute.length !== 2) return null;
  return { year: Number(year), month, day: Number(day), hour: Number(hour), minute: Number(minute) };
}

/** A datetime typed by the user (local time): `yyyy-MM-dd HH:mm`, or with a three-letter month name. */
export function parseTypedDateTime(text: string): Date | null {
  const trimmed = text.trim();
  const parts = numericParts(trimmed) ?? monthNameParts(trimmed);
  return parts ? localDate(parts) : null;
}

/** Local Y-m-d H:i (24 hours). */
export function formatDateTime(date: Date): string {
  const day = `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The database format in UTC: yyyy-MM-dd HH:mm:ss. */
export function toStoredDateTime(date: Date): string {
  const day = `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A datetime field's value as the form shows it: a stored datetime in local Y-m-d H:i, anything else as it is. */
export function shownDateTime(value: unknown): string {
  const date = parseStoredDateTime(value);
  return date ? formatDateTime(date) : valueText(value);
}

/** A date field's value as the form shows it: a stored timestamp's day, anything else (typed text) as it is. */
export function shownDate(value: unknown): string {
  const text = valueText(value);
  return text.length > 10 && parseStoredDateTime(text) !== null ? text.slice(0, 10) : text;
}
