import { identity, TEXT_SQL, textOf, type FieldTypeEntry } from './field-type';

/**
 * date, dateTime, time: ISO-8601 text on both dialects (UTC for dateTime). SQLite has no date
 * types, and text keeps one code path: the filter language's regex match ("2024-05") works without
 * casts, values round-trip unchanged, and ISO text sorts chronologically.
 */
function dateType(input: 'date' | 'datetime' | 'time'): FieldTypeEntry {
  return {
    stored: true,
    sqlType: TEXT_SQL,
    filterKind: 'date',
    inputTypes: [input],
    formValidators: [],
    codec: { toDb: (value) => (value === '' ? null : textOf(value)), fromDb: identity },
    validate: () => undefined,
    apiType: () => ({ ts: 'string', zod: 'z.string()' }),
  };
}

export const dateOnlyType = dateType('date');
export const dateTimeType = dateType('datetime');
export const timeType = dateType('time');
