import { toNumber, type FieldTypeEntry } from './field-type';

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

const numberCodec = {
  toDb: (value: unknown) => (value === '' ? null : Number(value)),
  fromDb: toNumber,
};

const validateNumber = (value: unknown) => (isNumeric(value) ? undefined : { rule: 'number' as const });

export const integerType: FieldTypeEntry = {
  stored: true,
  sqlType: () => 'integer',
  filterKind: 'number',
  inputTypes: ['text', 'select', 'switch'],
  formValidators: ['number'],
  codec: numberCodec,
  validate: validateNumber,
  apiType: () => ({ ts: 'number', zod: 'z.number().int()' }),
};

export const doubleType: FieldTypeEntry = {
  stored: true,
  sqlType: (_column, dialect) => (dialect === 'postgres' ? 'double precision' : 'real'),
  filterKind: 'number',
  inputTypes: ['text', 'select'],
  formValidators: ['number'],
  codec: numberCodec,
  validate: validateNumber,
  apiType: () => ({ ts: 'number', zod: 'z.number()' }),
};
