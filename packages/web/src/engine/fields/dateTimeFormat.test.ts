import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  isIsoDate,
  isTimeOfDay,
  parseStoredDateTime,
  parseTypedDateTime,
  toStoredDateTime,
} from './dateTimeFormat';

const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi);

describe('datetime rules (spec 1 §5)', () => {
  it('accepts yyyy-MM-dd HH:mm as local time', () => {
    expect(parseTypedDateTime('2024-03-05 14:30')).toEqual(local(2024, 3, 5, 14, 30));
    expect(parseTypedDateTime(' 2024/03/05 07:05 ')).toEqual(local(2024, 3, 5, 7, 5));
  });

  it('requires five numeric segments of matching lengths', () => {
    expect(parseTypedDateTime('2024-3-05 14:30')).toBeNull();
    expect(parseTypedDateTime('2024-03-05 14:30:00')).toBeNull();
    expect(parseTypedDateTime('2024-03-05')).toBeNull();
    expect(parseTypedDateTime('24-03-05 14:30')).toBeNull();
  });

  it('refuses dates and times that do not exist', () => {
    expect(parseTypedDateTime('2024-02-30 10:00')).toBeNull();
    expect(parseTypedDateTime('2024-03-05 24:00')).toBeNull();
    expect(parseTypedDateTime('2024-13-05 10:00')).toBeNull();
  });

  it('accepts a three-letter month name', () => {
    expect(parseTypedDateTime('05 Mar 2024 14:30')).toEqual(local(2024, 3, 5, 14, 30));
    expect(parseTypedDateTime('5-mar-2024 14:30')).toEqual(local(2024, 3, 5, 14, 30));
    expect(parseTypedDateTime('2024-Mar-05 14:30')).toEqual(local(2024, 3, 5, 14, 30));
    expect(parseTypedDateTime('Mar 5, 2024 14:30')).toEqual(local(2024, 3, 5, 14, 30));
    expect(parseTypedDateTime('05 Mrz 2024 14:30')).toBeNull();
  });

  it('stores UTC in the database format and shows local Y-m-d H:i', () => {
    const date = local(2024, 3, 5, 14, 30);
    const stored = toStoredDateTime(date);
    expect(stored).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(parseStoredDateTime(stored)).toEqual(date);
    expect(formatDateTime(date)).toBe('2024-03-05 14:30');
  });

  it('reads stored values without a zone as UTC and ISO values with one', () => {
    expect(parseStoredDateTime('2024-03-05 14:30:00')?.toISOString()).toBe('2024-03-05T14:30:00.000Z');
    expect(parseStoredDateTime('2024-03-05T14:30:00+02:00')?.toISOString()).toBe('2024-03-05T12:30:00.000Z');
    expect(parseStoredDateTime('2024-03-05T14:30:00.000Z')?.toISOString()).toBe('2024-03-05T14:30:00.000Z');
    expect(parseStoredDateTime('yesterday')).toBeNull();
    expect(parseStoredDateTime(5)).toBeNull();
  });

  it('checks ISO dates and times of day', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('23:59:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
  });
});
