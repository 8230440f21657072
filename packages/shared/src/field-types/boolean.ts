import { toNumber, type FieldTypeEntry } from './field-type';

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y']);

function toFlag(value: unknown): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return TRUE_WORDS.has(String(value).toLowerCase()) ? 1 : 0;
}

/**
 * 0/1 in smallint (pg) / integer (SQLite), like every system table: one representation on both
 * dialects, no driver-specific conversion, and what the original's MySQL tinyint(1) exported. The
 * filter language compares booleans as 0/1 on both.
 */
export const booleanType: FieldTypeEntry = {
  stored: true,
  sqlType: (_column, dialect) => (dialect === 'postgres' ? 'smallint' : 'integer'),
  filterKind: 'boolean',
  inputTypes: ['switch'],
  formValidators: [],
  codec: { toDb: (value) => (value === '' ? null : toFlag(value)), fromDb: toNumber },
  validate: () => undefined,
  apiType: () => ({ ts: '0 | 1', zod: 'z.union([z.literal(0), z.literal(1)])' }),
};
