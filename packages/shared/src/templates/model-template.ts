import { z } from 'zod';
import { COLUMN_TYPES } from './column-types';

/**
 * Model templates in the original mDIS JSON format (reference §2.2). Objects are loose: keys this
 * code does not know (importTable, importSource, newColumnAdded, …) are kept as they are, so a
 * template survives import → store → export unchanged.
 */

/** A number that may arrive as a numeric string ("11") or empty string (→ null), as in old files. */
export const looseNumber = z.preprocess((v) => {
  if (v === '' || v === undefined) return v === '' ? null : undefined;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return v;
}, z.number().nullable().optional());

/** A boolean that may arrive as 0/1 or "0"/"1" (PHP serialisation). */
export const looseBoolean = z.preprocess((v) => {
  if (v === 0 || v === '0' || v === '') return false;
  if (v === 1 || v === '1') return true;
  return v;
}, z.boolean().nullable().optional());

const optionalText = z.string().nullable().optional();

/** Unix seconds, as the original writes createdAt/modifiedAt/generatedAt. */
export const unixSeconds = looseNumber;

export const columnTemplateSchema = z.looseObject({
  name: z.string(),
  oldName: optionalText,
  importSource: z.unknown().optional(),
  type: z.enum(COLUMN_TYPES),
  size: looseNumber,
  required: looseBoolean,
  primaryKey: looseBoolean,
  autoInc: looseBoolean,
  label: optionalText,
  description: optionalText,
  validator: optionalText,
  validatorMessage: optionalText,
  unit: optionalText,
  selectListName: optionalText,
  calculate: optionalText,
  defaultValue: z.unknown().optional(),
  pseudoCalc: optionalText,
  isLocked: looseBoolean,
  searchable: looseBoolean,
  /** A trigram text index for regex/text filters; unset: on for `string` columns (see hasTextIndex). */
  textIndex: looseBoolean,
  displayColumn: optionalText,
  relatedTable: optionalText,
  oppositionRelation: z.unknown().optional(),
});
export type ColumnTemplate = z.infer<typeof columnTemplateSchema>;

export const INDEX_TYPES = ['PRIMARY', 'UNIQUE', 'KEY'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

export const indexTemplate = z.looseObject({
  name: z.string(),
  type: z.enum(INDEX_TYPES),
  columns: z.array(z.string()),
  isLocked: looseBoolean,
});
export type IndexTemplate = z.infer<typeof indexTemplate>;

/** `parent` (FK to the parent model), `1n` (FK column to another model), `nm` (join table). */
export const RELATION_TYPES = ['parent', '1n', 'nm'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const relationTemplate = z.looseObject({
  name: z.string(),
  relationType: z.enum(RELATION_TYPES),
  foreignTable: optionalText,
  relatedTable: optionalText,
  localColumns: z.array(z.string()).nullable().optional(),
  foreignColumns: z.array(z.string()).nullable().optional(),
  displayColumns: z.array(z.string()).nullable().optional(),
  oppositionRelation: z.unknown().optional(),
  oppositeColumnName: optionalText,
  isLocked: looseBoolean,
});
export type RelationTemplate = z.infer<typeof relationTemplate>;

export const behaviorTemplate = z.looseObject({
  behaviorClass: z.string(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type BehaviorTemplate = z.infer<typeof behaviorTemplate>;

/** PHP encodes an empty object as `[]`: accept that for the keyed maps. */
function keyedMap<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => ((Array.isArray(v) && v.length === 0) || v === null || v === undefined ? {} : v),
    z.record(z.string(), item),
  );
}

export const modelTemplateSchema = z.looseObject({
  module: z.string().min(1),
  name: z.string().min(1),
  table: z.string().min(1),
  fullName: z.string().min(1),
  importTable: optionalText,
  parentModel: optionalText,
  columns: keyedMap(columnTemplateSchema),
  indices: keyedMap(indexTemplate),
  relations: keyedMap(relationTemplate),
  behaviors: z.preprocess((v) => v ?? [], z.array(behaviorTemplate)),
  createdAt: unixSeconds,
  modifiedAt: unixSeconds,
  generatedAt: unixSeconds,
});
export type ModelTemplate = z.infer<typeof modelTemplateSchema>;
