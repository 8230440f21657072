import { asText, identity, TEXT_SQL, textOf, type FieldTypeEntry } from './field-type';

const DEFAULT_STRING_SIZE = 255;

function sizeOf(column: { size?: number | null | undefined }): number | undefined {
  return column.size && column.size > 0 ? Math.floor(column.size) : undefined;
}

const noProblem = () => undefined;

/** varchar(size) on both dialects; SQLite ignores the length, so validation enforces it on both. */
export const stringType: FieldTypeEntry = {
  stored: true,
  sqlType: (column) => `varchar(${String(sizeOf(column) ?? DEFAULT_STRING_SIZE)})`,
  filterKind: 'text',
  inputTypes: ['text', 'select', 'textarea'],
  formValidators: ['string'],
  codec: { toDb: asText, fromDb: identity },
  validate: (value, column) => {
    const max = sizeOf(column);
    return max !== undefined && textOf(value).length > max ? { rule: 'stringMax', max } : undefined;
  },
  maxLength: sizeOf,
  apiType: (column) => ({ ts: 'string', zod: column.size ? `z.string().max(${String(column.size)})` : 'z.string()' }),
};

// What text, string_multiple and pseudo share: text in a text column, no check of their own.
const PLAIN_TEXT = {
  sqlType: TEXT_SQL,
  filterKind: 'text',
  formValidators: [],
  codec: { toDb: asText, fromDb: identity },
  validate: noProblem,
} as const satisfies Partial<FieldTypeEntry>;

export const longTextType: FieldTypeEntry = {
  ...PLAIN_TEXT,
  stored: true,
  inputTypes: ['textarea'],
  apiType: () => ({ ts: 'string', zod: 'z.string()' }),
};

/** Stored as one text joined by ';' (reference §2.3), answered as an array. */
export const stringMultipleType: FieldTypeEntry = {
  ...PLAIN_TEXT,
  stored: true,
  inputTypes: ['select'],
  formValidators: ['string'],
  codec: {
    toDb: (value) => (Array.isArray(value) ? value.map(textOf).join(';') : textOf(value)),
    fromDb: (value) => (typeof value === 'string' && value !== '' ? value.split(';') : []),
  },
  apiType: () => ({ ts: 'string[]', zod: 'z.array(z.string())' }),
};

/** Computed when read (parent paths, formulas); no column of its own. */
export const pseudoType: FieldTypeEntry = {
  ...PLAIN_TEXT,
  stored: false,
  inputTypes: ['text', 'textarea', 'select'],
  apiType: () => ({ ts: 'unknown', zod: 'z.unknown()' }),
};
