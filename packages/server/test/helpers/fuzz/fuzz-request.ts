import fc from 'fast-check';
import type { RouteEntry } from '../route-table';
import {
  deepJsonText,
  HOSTILE_NUMBER_TEXTS,
  HOSTILE_TEXTS,
  hostileValue,
  INVALID_UTF8,
  mutateObject,
} from './hostile-values';
import type { Part } from '../../files-fixture';
import { buildMultipart, filePart, MULTIPART_VARIANTS } from './multipart';
import { type Hints, validLooking } from './zod-arbitrary';

/** What the body of a fuzzed request is: the report names it. */
export type BodyKind =
  | 'none'
  | 'json'
  | 'json-mutated'
  | 'json-top-level'
  | 'deep-json'
  | 'invalid-utf8'
  | 'broken-json'
  | 'wrong-content-type'
  | `multipart:${(typeof MULTIPART_VARIANTS)[number]}`;

export interface FuzzRequest {
  route: RouteEntry;
  method: string;
  url: string;
  /** The query as generated (before encoding). */
  query: Record<string, unknown>;
  body: BodyKind;
  /** Nesting depth of a deep-json body. */
  depth?: number;
  headers: Record<string, string>;
  payload?: Buffer;
}

type Json = Record<string, unknown>;

/** JSON text of any value (JSON.stringify gives undefined for undefined, whatever its type says). */
const jsonText = (value: unknown): string => {
  const text: unknown = JSON.stringify(value);
  return typeof text === 'string' ? text : 'null';
};

/** Percent-encodes the UTF-8 bytes of a text (encodeURIComponent throws on lone surrogates). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const rawPercent = (bytes: Buffer) =>
  [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** Escapes that do not decode: invalid UTF-8 bytes and broken `%` sequences. */
const badEscape = fc.oneof(
  fc.constantFrom(...INVALID_UTF8).map(rawPercent),
  fc.constantFrom('%', '%G1', '%E2%82', '%%'),
);

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return jsonText(value);
}

/** `{a: 1, b: [2, 3], c: {d: 4}}` → `a=1&b=2&b=3&c[d]=4` (Fastify's parser keeps bracketed keys flat). */
export function queryText(query: Json): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (value !== null && typeof value === 'object')
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item);
    else pairs.push(`${percentEncode(key)}=${percentEncode(scalarText(value))}`);
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return pairs.join('&');
}

/** Valid-looking, or with one field broken; objects only (query strings, JSON bodies). */
function objectValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; mutated: boolean }> {
  return fc.oneof(
    valid.map((value) => ({ value, mutated: false })),
    valid.chain((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? mutateObject(value as Json).map((mutated) => ({ value: mutated, mutated: true }))
        : hostileValue.map((other) => ({ value: other, mutated: true })),
    ),
  );
}

function pathArbitrary(route: RouteEntry, hints: Hints): fc.Arbitrary<string> {
  const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)];
  if (params.length === 0) return fc.constant(route.url);
  const segment = (name: string) => {
    const schema = route.schema.params;
    const valid = schema ? validLooking(schema, hints).map((p) => scalarText((p as Json | null)?.[name])) : fc.string();
    return fc.oneof(
      { weight: 3, arbitrary: valid.map(percentEncode) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS, ...HOSTILE_TEXTS).map(percentEncode) },
      { weight: 1, arbitrary: badEscape },
      { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a/b', '%00') },
    );
  };
  return fc.tuple(...params.map((match) => segment((match[1] as string | undefined) ?? '*'))).map((values) => {
    let index = 0;
    return route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => values[index++] ?? '');
  });
}

function queryArbitrary(route: RouteEntry, hints: Hints): fc.Arbitrary<{ query: Json; suffix: string }> {
  const schema = route.schema.querystring;
  const base: fc.Arbitrary<Json> = schema
    ? objectValue(validLooking(schema, hints)).map(({ value }) =>
        value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : { value },
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }) },
      );
  const suffix = fc.oneof(
    { weight: 9, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: badEscape.map((e) => `&q${e}=${e}`) },
  );
  return fc.record({ query: base, suffix });
}

interface Body {
  body: BodyKind;
  depth?: number;
  contentType?: string;
  payload?: Buffer;
}

const json = (value: unknown, body: BodyKind): Body => ({
  body,
  contentType: 'application/json',
  payload: Buffer.from(jsonText(value)),
});

function jsonBodyArbitrary(route: RouteEntry, hints: Hints): fc.Arbitrary<Body> {
  const valid = route.schema.body ? validLooking(route.schema.body, hints) : fc.jsonValue({ maxDepth: 2 });
  const withBadBytes = fc.tuple(valid, fc.constantFrom(...INVALID_UTF8)).map(([value, bad]): Body => {
    const text = JSON.stringify({ ...(typeof value === 'object' && value ? value : {}), injected: 'MARK' });
    const at = text.indexOf('MARK');
    const [head, tail] = [text.slice(0, at), text.slice(at + 'MARK'.length)];
    return {
      body: 'invalid-utf8',
      contentType: 'application/json',
      payload: Buffer.concat([Buffer.from(head), bad, Buffer.from(tail)]),
    };
  });
  const deep = fc
    .tuple(
      fc.oneof(fc.integer({ min: 32, max: 3000 }), fc.constantFrom(10_000, 20_000)),
      fc.constantFrom('array' as const, 'object' as const),
    )
    .map(([depth, kind]): Body => ({
      body: 'deep-json',
      depth,
      contentType: 'application/json',
      payload: Buffer.from(deepJsonText(depth, kind)),
    }));
  const broken = valid.chain((value) => {
    const text = jsonText(value);
    return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((cut): Body => ({
      body: 'broken-json',
      contentType: 'application/json',
      payload: Buffer.from(`${text.slice(0, cut)}${cut % 2 ? ',' : ''}`),
    }));
  });
  const wrongType = fc
    .tuple(
      valid,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
      ),
    )
    .map(([value, contentType]): Body => ({
      body: 'wrong-content-type',
      contentType,
      payload: Buffer.from(jsonText(value)),
    }));
  return fc.oneof(
    { weight: 6, arbitrary: valid.map((value) => json(value, 'json')) },
    { weight: 6, arbitrary: objectValue(valid).map(({ value }) => json(value, 'json-mutated')) },
    { weight: 1, arbitrary: hostileValue.map((value) => json(value, 'json-top-level')) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: withBadBytes },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: wrongType },
  );
}

function multipartArbitrary(hints: Hints): fc.Arbitrary<Body> {
  const field = (name: string) =>
    fc
      .oneof(fc.constantFrom(...(hints.stringsFor(name) ?? ['x'])), fc.constantFrom(...HOSTILE_TEXTS))
      .map((value): Part => ({ name, value }));
  const fields = fc
    .subarray(['FilesUploadNewFormModel[type]', 'type', 'uploadPath', 'analyst'])
    .chain((names) => fc.tuple(...names.map(field)));
  const files = fc.array(filePart(hints.stringsFor('$uploadText') ?? []), { minLength: 0, maxLength: 3 });
  return fc
    .record({
      fields,
      files,
      variant: fc.constantFrom(...MULTIPART_VARIANTS),
      cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    })
    .map(({ fields: f, files: parts, variant, cut }): Body => {
      const built = buildMultipart([...f, ...parts], variant, cut);
      return { body: `multipart:${built.variant}`, contentType: built.contentType, payload: built.payload };
    });
}

function bodyArbitrary(route: RouteEntry, hints: Hints): fc.Arbitrary<Body> {
  if (route.consumes.includes('multipart/form-data')) {
    return fc.oneof(
      { weight: 4, arbitrary: multipartArbitrary(hints) },
      { weight: 1, arbitrary: jsonBodyArbitrary(route, hints) },
    );
  }
  const sendsBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || route.schema.body !== undefined;
  if (!sendsBody)
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant<Body>({ body: 'none' }) },
      { weight: 1, arbitrary: jsonBodyArbitrary(route, hints) },
    );
  return jsonBodyArbitrary(route, hints);
}

/** Requests to one route built from its schemas: valid-looking, mutated, deep, undecodable, broken. */
export function requestArbitrary(
  route: RouteEntry,
  hints: Hints,
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { contentType?: string }> {
  return fc
    .record({
      path: pathArbitrary(route, hints),
      query: queryArbitrary(route, hints),
      body: bodyArbitrary(route, hints),
    })
    .map(({ path, query, body }) => {
      const search = `${queryText(query.query)}${query.suffix}`;
      return {
        route,
        method: route.method,
        url: search ? `${path}?${search}` : path,
        query: query.query,
        body: body.body,
        ...(body.depth === undefined ? {} : { depth: body.depth }),
        ...(body.contentType === undefined ? {} : { contentType: body.contentType }),
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
    });
}
