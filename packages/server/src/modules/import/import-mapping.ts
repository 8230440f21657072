import type { ImportMappedHeader, ImportMatchedBy } from '@mdis/shared';
import { AppError } from '@mdis/shared';
import type { ImportColumn } from './import-columns';

export type MatchedBy = ImportMatchedBy;

/** What a header is read into: a column name, or null (ignored). */
export type Mapping = Record<string, string | null>;

export type MappedHeader = ImportMappedHeader;

/**
 * A header or label as people write it: case, units in brackets ("Top [m]", "Depth (cm)") and
 * punctuation do not count, so "Top [m]", "top" and "TOP" are the same.
 */
export function headerKey(text: string): string {
  return text
    .replace(/[[(][^\])]*[\])]/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const badMapping = (reason: string) => new AppError('BAD_REQUEST', `The mapping is not valid: ${reason}`);

/** A mapping sent by the client or saved earlier: every column it names must be one of the form's. */
export function checkMapping(mapping: unknown, columns: readonly ImportColumn[]): Mapping {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
    throw badMapping('it must be an object of file headers and column names.');
  }
  const names = new Set(columns.map((c) => c.name));
  const checked: Mapping = {};
  for (const [header, column] of Object.entries(mapping as Record<string, unknown>)) {
    if (column !== null && typeof column !== 'string')
      throw badMapping(`'${header}' must map to a column name or null.`);
    if (typeof column === 'string' && !names.has(column)) throw badMapping(`the form has no column '${column}'.`);
    checked[header] = column;
  }
  return checked;
}

/**
 * Each header's column: the user's mapping, else the saved one, else by the column's name, its
 * label, or its template `importSource` (headerKey-equal). A column is taken by one header only.
 */
export function mapHeaders(
  headers: readonly string[],
  columns: readonly ImportColumn[],
  given: { user?: Mapping; saved?: Mapping },
): MappedHeader[] {
  const taken = new Set<string>();
  const byKey = (pick: (c: ImportColumn) => string[]) => {
    const index = new Map<string, string>();
    for (const column of columns)
      for (const text of pick(column)) if (!index.has(headerKey(text))) index.set(headerKey(text), column.name);
    return index;
  };
  const automatic: [MatchedBy, Map<string, string>][] = [
    ['name', byKey((c) => [c.name])],
    ['label', byKey((c) => [c.label])],
    ['importSource', byKey((c) => c.importSources)],
  ];
  const mapped = headers.map((header): MappedHeader => {
    for (const [matchedBy, mapping] of [
      ['user', given.user],
      ['saved', given.saved],
    ] as const) {
      if (mapping && Object.hasOwn(mapping, header)) {
        const column = mapping[header] ?? null;
        if (column !== null) taken.add(column);
        return { header, column, matchedBy };
      }
    }
    return { header, column: null, matchedBy: null };
  });
  for (const entry of mapped) {
    if (entry.matchedBy !== null) continue;
    const key = headerKey(entry.header);
    for (const [matchedBy, index] of automatic) {
      const column = index.get(key);
      if (column !== undefined && !taken.has(column)) {
        taken.add(column);
        Object.assign(entry, { column, matchedBy });
        break;
      }
    }
  }
  return mapped;
}
