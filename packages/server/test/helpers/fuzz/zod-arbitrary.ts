import fc from 'fast-check';
import type { ZodType } from 'zod';

/** Values the app knows (template, list, report names, ids of existing rows) to make input look real. */
export interface Hints {
  /** A pool of realistic strings for a field name (`name`, `listname`, `model`…), or undefined. */
  stringsFor(field: string): readonly string[] | undefined;
  /** Ids of rows that exist: ids that hit something are more interesting than random ones. */
  ids: readonly number[];
  /** Extra keys of a loose object (the records API reads page, sort, filter[col]… beyond `name`). */
  catchall?: fc.Arbitrary<Record<string, unknown>>;
  /** A body of a record's columns (the records routes' body schema is any object). */
  recordBody?: fc.Arbitrary<Record<string, unknown>>;
}

// The part of zod 4's internal definition this walker reads (zod has no public reflection API).
interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  innerType?: ZodType;
  element?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  options?: ZodType[];
  in?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => ZodType;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

const SAMPLE_BY_FORMAT: Record<string, string> = {
  email: 'someone@example.org',
  url: 'https://example.org/x',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function stringArbitrary(def: Def, field: string, hints: Hints): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = def.format ?? checks.find((c) => c.check === 'string_format')?.format;
  const pattern = def.pattern ?? checks.find((c) => c.check === 'string_format')?.pattern;
  if (format && SAMPLE_BY_FORMAT[format]) return fc.constant(SAMPLE_BY_FORMAT[format]);
  const known = hints.stringsFor(field);
  if (known?.length) return fc.constantFrom(...known);
  // fast-check builds strings matching the schema's own pattern (dates, usernames, colours…).
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length <= 300);
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 40, min + 40);
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberArbitrary(def: Def, field: string, hints: Hints): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const low = checks.find((c) => c.check === 'greater_than');
  const high = checks.find((c) => c.check === 'less_than');
  const min = low?.value === undefined ? -5 : low.inclusive ? low.value : low.value + 1;
  const max = high?.value === undefined ? min + 50 : high.inclusive ? high.value : high.value - 1;
  const small = fc.integer({ min, max: Math.max(min, Math.min(max, min + 50)) });
  if (/(^|_)ids?$/.test(field) && hints.ids.length > 0) return fc.oneof(fc.constantFrom(...hints.ids), small);
  return small;
}

function objectArbitrary(def: Def, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape ?? {};
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [key, validLooking(value, hints, key, depth + 1)]),
  );
  const fixed = fc.record(fields, { requiredKeys: [] });
  if (!def.catchall) return fixed;
  // Loose objects (records' `?name=` plus page, sort, filter[...]): add the keys the app reads.
  const extra = hints.catchall ?? fc.dictionary(fc.string({ maxLength: 10 }), fc.string(), { maxKeys: 3 });
  return fc.tuple(fixed, extra).map(([known, more]) => ({ ...more, ...known }));
}

function recordArbitrary(def: Def, field: string, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (depth <= 2 && hints.recordBody) return hints.recordBody;
  const keys = hints.stringsFor(`${field}{}`) ?? hints.stringsFor('$columns') ?? [];
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string();
  const value = def.valueType ? validLooking(def.valueType, hints, field, depth + 1) : fc.jsonValue();
  return fc.dictionary(key, value, { maxKeys: 6 });
}

/**
 * An arbitrary of values that look like what the schema accepts (most of them pass it): the start
 * from which hostile-values.ts mutates. `field` is the key the value sits under (for hints).
 */
export function validLooking(schema: ZodType, hints: Hints, field = '', depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: ZodType | undefined) => (next ? validLooking(next, hints, field, depth + 1) : fc.constant(null));
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return def.coerce
        ? fc.oneof(stringArbitrary(def, field, hints), fc.integer().map(String))
        : stringArbitrary(def, field, hints);
    case 'number':
    case 'int':
      return numberArbitrary(def, field, hints);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'object':
      return objectArbitrary(def, hints, depth);
    case 'record':
      return recordArbitrary(def, field, hints, depth);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'pipe':
      // The input side is what a client sends; a transform as input (preprocess) takes anything.
      return defOf(def.in as ZodType).type === 'transform' ? inner((def as { out?: ZodType }).out) : inner(def.in);
    case 'lazy':
      return def.getter ? inner(def.getter()) : fc.constant(null);
    default:
      // unknown, any, transform, custom: small JSON of any shape
      return fc.jsonValue({ maxDepth: 2 });
  }
}
